import { randomUUID } from "node:crypto";
import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { prisma } from "@/lib/core/db";
import { resetEnvCache } from "@/lib/core/env";
import * as sendInputsModule from "@/app/api/v1/verifications/[verificationId]/send-inputs/route";
import * as emailOtpModule from "@/app/api/v1/workflows/[workflowId]/email-otp/route";
import { call, route } from "@/test/api-client";
import { createTestAccount, startVerification } from "@/test/fixtures";

const sendInputsRoute = route("/api/v1/verifications/[verificationId]/send-inputs", sendInputsModule);
const emailOtpRoute = route("/api/v1/workflows/[workflowId]/email-otp", emailOtpModule);

// A real SMTP conversation with a local sink: the same path a production SMTP_URL takes.
const received: { to: string[]; raw: string }[] = [];
const sink = new SMTPServer({
  authOptional: true,
  disabledCommands: ["STARTTLS"],
  logger: false,
  onData(stream, session, callback) {
    const chunks: Buffer[] = [];
    stream.on("data", (c: Buffer) => chunks.push(c));
    stream.on("end", () => {
      received.push({ to: session.envelope.rcptTo.map((r) => r.address), raw: Buffer.concat(chunks).toString("utf8") });
      callback();
    });
  },
});

beforeAll(async () => {
  await new Promise<void>((resolve) => sink.listen(0, "127.0.0.1", resolve));
  vi.stubEnv("SMTP_URL", `smtp://127.0.0.1:${(sink.server.address() as AddressInfo).port}?ignoreTLS=true`);
  resetEnvCache();
});

afterAll(async () => {
  vi.unstubAllEnvs();
  resetEnvCache();
  await new Promise<void>((resolve) => sink.close(() => resolve()));
});

describe("OTP mail over SMTP", () => {
  it("sends the code through SMTP_URL and writes nothing to the outbox", async () => {
    const account = await createTestAccount({ workflows: [{ name: "email", processes: ["EMAIL_CHECK"] }] });
    const { verificationId } = await startVerification(account, "email");
    const email = `smtp-${randomUUID()}@example.test`;
    const response = await call(emailOtpRoute, `/api/v1/workflows/${account.workflows.email}/email-otp`, {
      ...account.auth,
      body: { key: email, verificationId },
    });
    expect(response.status).toBe(204);
    const mail = received.find((m) => m.to.includes(email));
    expect(mail).toBeDefined();
    const code = /Your verification code is (\d{6})/.exec(mail!.raw)?.[1];
    expect(code).toMatch(/^\d{6}$/);
    expect(await prisma.outboxEmail.count({ where: { to: email } })).toBe(0);
    const sent = await call(sendInputsRoute, `/api/v1/verifications/${verificationId}/send-inputs`, {
      ...account.auth,
      body: {
        inputs: [
          { fieldName: "EMAIL", value: email, type: "TEXT" },
          { fieldName: "EMAIL_OTP", value: code, type: "TEXT" },
        ],
      },
    });
    expect(sent.status).toBe(200);
  });
});
