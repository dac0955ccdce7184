import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { prisma } from "@/lib/core/db";
import { resetEnvCache } from "@/lib/core/env";
import { inProcessDurable, runInProcess } from "@/lib/jobs/durable";
import { verificationRun } from "@/lib/jobs/verification-run";
import { finalizeVerification, runStep } from "@/lib/jobs/run-verification";
import { createWorker } from "@/lib/jobs/adapters/in-process";
import { emailCheck } from "@/lib/checks/email-check/email-check";
import * as verificationModule from "@/app/api/v1/verifications/[verificationId]/route";
import * as statusModule from "@/app/api/v1/verifications/[verificationId]/status/route";
import { call, route } from "@/test/api-client";
import { createTestAccount, type TestAccount } from "@/test/fixtures";
import { emailVerificationReadyToProcess, receiverFor } from "@/test/engine-fixtures";
import { captureLogs } from "@/test/capture-logs";

const verificationRoute = route("/api/v1/verifications/[verificationId]", verificationModule);
const statusRoute = route("/api/v1/verifications/[verificationId]/status", statusModule);

let account: TestAccount;

beforeAll(async () => {
  vi.stubEnv("WEBHOOK_ALLOW_PRIVATE_NETWORKS", "true");
  resetEnvCache();
  account = await createTestAccount({
    workflows: [
      { name: "email", processes: ["EMAIL_CHECK"] },
      { name: "email-and-document", processes: ["EMAIL_CHECK", "DOCUMENT_VERIFICATION"] },
    ],
  });
});
afterAll(() => {
  vi.unstubAllEnvs();
  resetEnvCache();
});
afterEach(() => vi.restoreAllMocks());

const status = async (id: string) => (await call(statusRoute, `/api/v1/verifications/${id}/status`, account.auth)).body;

describe("in-process engine", () => {
  it("runs the processes and delivers every event, signed, to the receiver", async () => {
    const receiver = await receiverFor(account);
    const { verificationId, email } = await emailVerificationReadyToProcess(account);
    const worker = createWorker({ pollMs: 50 });
    worker.start();
    await worker.idle();
    await worker.stop();

    expect(await status(verificationId)).toMatchObject({
      status: "COMPLETED",
      result: "APPROVED",
      missingInputs: [],
      steps: [{ processType: "EMAIL_CHECK", status: "COMPLETED", result: "APPROVED" }],
    });
    // deliveries run in parallel: arrival order is not promised, timeStamp is
    const mine = receiver.received
      .filter((r) => r.json.verificationId === verificationId)
      .sort((a, b) => a.json.timeStamp.localeCompare(b.json.timeStamp));
    expect(mine.map((r) => r.json.eventName)).toEqual([
      "verification_started",
      "verification_inputs_completed",
      "step_completed",
      "verification_completed",
    ]);
    expect(mine.every((r) => r.serviceSignatureValid && r.standardSignatureValid)).toBe(true);
    const step = mine[2]!.json;
    expect(step).toMatchObject({ id: "EMAIL_CHECK", status: 200, data: { email, email_verified: true } });
    expect(step.step).toMatchObject({
      processType: "EMAIL_CHECK",
      status: "COMPLETED",
      result: "APPROVED",
      checks: [{ name: "OTP_MATCHED", result: "PASSED" }],
    });
    expect(step.step.durationMs).toBeGreaterThanOrEqual(0);
    expect(mine[3]!.json).toMatchObject({ verificationStatus: "SUCCESS", status: "COMPLETED", result: "APPROVED" });
    const record = (await call(verificationRoute, `/api/v1/verifications/${verificationId}`, account.auth)).body;
    expect(record.steps).toEqual([{ stepId: "EMAIL_CHECK", status: 200, data: expect.objectContaining({ email }) }]);
    expect(await prisma.job.findFirst({ where: { verificationId } })).toMatchObject({ doneAt: expect.any(Date) });
    await receiver.close();
  });

  it("is safe to run twice: no second step, event or result", async () => {
    const { verificationId } = await emailVerificationReadyToProcess(account);
    await runInProcess((d) => verificationRun(d, verificationId), inProcessDurable([0]));
    const events = await prisma.event.count({ where: { verificationId } });
    await runInProcess((d) => verificationRun(d, verificationId), inProcessDurable([0]));
    expect(await runStep(verificationId, 0)).toBe("skipped");
    await finalizeVerification(verificationId);
    expect(await prisma.event.count({ where: { verificationId } })).toBe(events);
    expect(await prisma.verificationStep.count({ where: { verificationId } })).toBe(1);
  });

  it("sends steps it cannot decide to MANUAL_REVIEW, never a fake APPROVED", async () => {
    const { verificationId } = await emailVerificationReadyToProcess(account, "email-and-document");
    await prisma.verification.update({ where: { id: verificationId }, data: { status: "PROCESSING" } });
    await runInProcess((d) => verificationRun(d, verificationId), inProcessDurable([0]));
    const result = await status(verificationId);
    expect(result).toMatchObject({ status: "COMPLETED", result: "MANUAL_REVIEW" });
    const document = await prisma.verificationStep.findFirstOrThrow({
      where: { verificationId, processType: "DOCUMENT_VERIFICATION" },
    });
    // no document image reached the step: a person must look, and the check says why
    expect(document.result).toBe("MANUAL_REVIEW");
    expect(document.checks).toContainEqual(expect.objectContaining({ name: "DOCUMENT_IMAGES", result: "REVIEW" }));
  });

  it("retries a process that throws, and completes when a retry succeeds", async () => {
    const { verificationId } = await emailVerificationReadyToProcess(account);
    const real = emailCheck.run.bind(emailCheck);
    vi.spyOn(emailCheck, "run").mockRejectedValueOnce(new Error("model not loaded")).mockImplementation(real);
    await runInProcess((d) => verificationRun(d, verificationId), inProcessDurable([0]));
    expect(await prisma.verificationStep.findFirstOrThrow({ where: { verificationId } })).toMatchObject({
      status: "COMPLETED",
      attempts: 2,
    });
    expect((await status(verificationId)).status).toBe("COMPLETED");
  });

  it("marks the step and the verification FAILED after 3 attempts, announced as NEEDS_REVIEW", async () => {
    const { verificationId } = await emailVerificationReadyToProcess(account);
    const spy = vi.spyOn(emailCheck, "run").mockRejectedValue(new Error("secret detail 4111-1111"));
    const logged = captureLogs();
    await runInProcess((d) => verificationRun(d, verificationId), inProcessDurable([0])).finally(logged.restore);
    expect(spy).toHaveBeenCalledTimes(3);
    expect((await status(verificationId)).status).toBe("FAILED");
    const step = await prisma.verificationStep.findFirstOrThrow({ where: { verificationId } });
    expect(step).toMatchObject({ status: "FAILED", attempts: 3, error: "Error after 3 attempts" });
    const events = await prisma.event.findMany({ where: { verificationId }, orderBy: { createdAt: "asc" } });
    expect(events.find((e) => e.name === "step_completed")!.payload).toMatchObject({
      status: 500,
      step: { status: "FAILED", error: "Error after 3 attempts" },
    });
    expect(events.find((e) => e.name === "verification_completed")!.payload).toMatchObject({
      verificationStatus: "NEEDS_REVIEW",
      status: "FAILED",
    });
    // the error's message (which could hold personal data) is neither stored nor logged
    expect(logged.parsed().filter((l) => l.msg === "step failed")).toEqual([
      expect.objectContaining({
        verificationId,
        processType: "EMAIL_CHECK",
        attempt: 3,
        err: expect.objectContaining({ name: "Error" }),
      }),
    ]);
    expect(logged.lines.join("\n")).not.toContain("4111");
  });
});
