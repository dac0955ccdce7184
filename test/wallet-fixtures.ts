// Test-only: drives a DIGITAL_CREDENTIAL verification through the API the way an integrator's front end does
// (issue 34): start, ask for the credential request, let the test wallet answer it, send the answer as the
// DIGITAL_CREDENTIAL input, run the engine here and now, deliver the webhooks.
import { expect } from "vitest";
import { prisma } from "@/lib/core/db";
import { inProcessDurable, runInProcess } from "@/lib/jobs/durable";
import { verificationRun } from "@/lib/jobs/verification-run";
import { attemptDelivery } from "@/lib/domain/webhooks/attempt-delivery";
import * as startModule from "@/app/api/v1/verifications/route";
import * as verificationModule from "@/app/api/v1/verifications/[verificationId]/route";
import * as sendInputsModule from "@/app/api/v1/verifications/[verificationId]/send-inputs/route";
import * as credentialRequestModule from "@/app/api/v1/verifications/[verificationId]/credential-request/route";
import * as testWalletModule from "@/app/api/v1/sandbox/verifications/[verificationId]/test-wallet/route";
import { call, route } from "@/test/api-client";
import { DC_API_PROTOCOL } from "@/lib/engines/credentials/prepare-credential-request";
import type { DigitalCredentialRequest } from "@/lib/engines/credentials/types";

export const startRoute = route("/api/v1/verifications", startModule);
export const verificationRoute = route("/api/v1/verifications/[verificationId]", verificationModule);
export const sendInputsRoute = route("/api/v1/verifications/[verificationId]/send-inputs", sendInputsModule);
export const credentialRequestRoute = route(
  "/api/v1/verifications/[verificationId]/credential-request",
  credentialRequestModule,
);
export const testWalletRoute = route("/api/v1/sandbox/verifications/[verificationId]/test-wallet", testWalletModule);

export type Auth = { token: string; clientId: string };
export type Check = { name: string; result: string; detail: string };

export async function start(auth: Auth, flowId: string): Promise<string> {
  const started = await call(startRoute, "/api/v1/verifications", { ...auth, body: { flowId, metadata: {} } });
  expect(started.status, started.text).toBe(201);
  return started.body.verificationId as string;
}

export async function credentialRequest(auth: Auth, id: string, body: Record<string, unknown> = {}) {
  return call(credentialRequestRoute, `/api/v1/verifications/${id}/credential-request`, { ...auth, body });
}

/** The request's `requests` (asserting the call succeeded). */
export async function requestsOf(auth: Auth, id: string): Promise<DigitalCredentialRequest[]> {
  const response = await credentialRequest(auth, id);
  expect(response.status, response.text).toBe(200);
  return response.body.requests as DigitalCredentialRequest[];
}

/** Sends the wallet's `data` as the DIGITAL_CREDENTIAL input, then runs the verification and its webhooks. */
export async function present(auth: Auth, id: string, answer: unknown) {
  const value = JSON.stringify({ protocol: DC_API_PROTOCOL, data: answer });
  const sent = await call(sendInputsRoute, `/api/v1/verifications/${id}/send-inputs`, {
    ...auth,
    body: { inputs: [{ fieldName: "DIGITAL_CREDENTIAL", type: "TEXT", value }] },
  });
  expect(sent.status, sent.text).toBe(200);
  await processNow(id);
  const record = await call(verificationRoute, `/api/v1/verifications/${id}`, auth);
  expect(record.status, record.text).toBe(200);
  const data = (record.body.steps as { stepId: string; data: Record<string, unknown> }[]).find(
    (s) => s.stepId === "DIGITAL_CREDENTIAL",
  )!.data;
  const row = await prisma.verificationStep.findFirstOrThrow({
    where: { verificationId: id, processType: "DIGITAL_CREDENTIAL" },
    select: { result: true, checks: true },
  });
  return { record: record.body, data, stepResult: row.result, checks: row.checks as Check[] };
}

/**
 * Runs this verification's workflow and delivers its pending webhooks, here and now. Not a general worker: that
 * would also claim the jobs of the other test files that share the database.
 */
export async function processNow(verificationId: string) {
  await runInProcess((d) => verificationRun(d, verificationId), inProcessDurable([0]));
  const deliveries = await prisma.webhookDelivery.findMany({
    where: { event: { verificationId }, status: "PENDING" },
    select: { id: true },
  });
  await Promise.all(deliveries.map((d) => attemptDelivery(d.id)));
}

export const checkResult = (checks: readonly Check[], name: string) => checks.find((c) => c.name === name)?.result;
