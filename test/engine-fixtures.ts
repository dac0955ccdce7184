// Test-only: a verification taken to PROCESSING through the API, and a receiver subscribed to every event.
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, vi } from "vitest";
import { resetEnvCache } from "@/lib/core/env";
import { prisma } from "@/lib/core/db";
import * as sendInputsModule from "@/app/api/v1/verifications/[verificationId]/send-inputs/route";
import * as emailOtpModule from "@/app/api/v1/workflows/[workflowId]/email-otp/route";
import { call, route } from "@/test/api-client";
import { createTestAccount, latestOutboxCode, startVerification, type TestAccount } from "@/test/fixtures";
import { startReceiver } from "@/test/webhook-receiver";
import { createWebhookEndpoint } from "@/lib/domain/webhooks/create-webhook-endpoint";

const sendInputsRoute = route("/api/v1/verifications/[verificationId]/send-inputs", sendInputsModule);
const emailOtpRoute = route("/api/v1/workflows/[workflowId]/email-otp", emailOtpModule);

export async function receiverFor(account: TestAccount, behaviour: Parameters<typeof startReceiver>[1] = "ok") {
  const endpoint = await createWebhookEndpoint(account.accountId, { url: "http://127.0.0.1:9/", events: [] });
  const receiver = await startReceiver(endpoint.secret, behaviour);
  await prisma.webhookEndpoint.update({ where: { id: endpoint.id }, data: { url: receiver.url } });
  return { ...receiver, endpointId: endpoint.id };
}

/** Starts an EMAIL_CHECK verification and completes its inputs with a real OTP: it is PROCESSING after this. */
export async function emailVerificationReadyToProcess(account: TestAccount, workflow = "email") {
  const { verificationId } = await startVerification(account, workflow, { reference: `r-${randomUUID()}` });
  const email = `engine-${randomUUID()}@example.test`;
  await call(emailOtpRoute, `/api/v1/workflows/${account.workflows[workflow]}/email-otp`, {
    ...account.auth,
    body: { key: email, verificationId },
  });
  const code = await latestOutboxCode(email);
  const sent = await call(sendInputsRoute, `/api/v1/verifications/${verificationId}/send-inputs`, {
    ...account.auth,
    body: {
      inputs: [
        { fieldName: "EMAIL", value: email, type: "TEXT" },
        { fieldName: "EMAIL_OTP", value: code, type: "TEXT" },
      ],
    },
  });
  if (sent.status !== 200) throw new Error(`send-inputs failed: ${sent.text}`);
  return { verificationId, email };
}

/**
 * For a test file whose receivers listen on 127.0.0.1: webhooks may go to private addresses while it runs, and one
 * account with an EMAIL_CHECK workflow ("email") is created for it. Returns a getter for that account.
 */
export function emailAccountWithLocalWebhooks(): () => TestAccount {
  let account: TestAccount | undefined;
  beforeAll(async () => {
    vi.stubEnv("WEBHOOK_ALLOW_PRIVATE_NETWORKS", "true");
    resetEnvCache();
    account = await createTestAccount({ workflows: [{ name: "email", processes: ["EMAIL_CHECK"] }] });
  });
  afterAll(() => {
    vi.unstubAllEnvs();
    resetEnvCache();
  });
  return () => account!;
}
