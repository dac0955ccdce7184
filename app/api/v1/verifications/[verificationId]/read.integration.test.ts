import { beforeAll, describe, expect, it } from "vitest";
import { prisma } from "@/lib/core/db";
import { VerificationRecord, VerificationStatusResponse } from "@/lib/http/schemas";
import * as verificationModule from "@/app/api/v1/verifications/[verificationId]/route";
import * as statusModule from "@/app/api/v1/verifications/[verificationId]/status/route";
import { call, route } from "@/test/api-client";
import { createTestAccount, startVerification, type TestAccount } from "@/test/fixtures";

const verificationRoute = route("/api/v1/verifications/[verificationId]", verificationModule);
const statusRoute = route("/api/v1/verifications/[verificationId]/status", statusModule);

let account: TestAccount;
let other: TestAccount;

beforeAll(async () => {
  account = await createTestAccount();
  other = await createTestAccount();
});

describe("GET /api/v1/verifications/{id} and /status", () => {
  it("shows a new verification with every required input missing", async () => {
    const { verificationId } = await startVerification(account, "full-kyc", { reference: "r" });
    const status = await call(
      statusRoute,
      `/api/v1/verifications/${verificationId}/status`,
      account.as(account.keys.read),
    );
    expect(status.status).toBe(200);
    const body = VerificationStatusResponse.parse(status.body);
    expect(body).toMatchObject({ verificationId, status: "PENDING", steps: [] });
    expect(body.result).toBeUndefined();
    expect(body.completedAt).toBeUndefined();
    // DOCUMENT_BACK only once a two-sided type is chosen; optional inputs never
    expect(body.missingInputs.map((i) => i.fieldName)).toEqual([
      "DOCUMENT_COUNTRY",
      "DOCUMENT_TYPE",
      "DOCUMENT_FRONT",
      "SELFIE_VIDEO",
      "ADDRESS_LINE",
      "CITY",
      "POSTAL_CODE",
      "COUNTRY",
    ]);

    const record = await call(
      verificationRoute,
      `/api/v1/verifications/${verificationId}`,
      account.as(account.keys.read),
    );
    expect(record.status).toBe(200);
    expect(VerificationRecord.parse(record.body)).toMatchObject({
      id: verificationId,
      flowId: account.workflows["full-kyc"],
      status: "PENDING",
      steps: [],
      metadata: { reference: "r" },
    });
  });

  it("reports finished steps with their data, result and completedAt", async () => {
    const { verificationId } = await startVerification(account, "address-only");
    const completedAt = new Date("2026-01-02T03:04:05.000Z");
    await prisma.verification.update({
      where: { id: verificationId },
      data: { status: "COMPLETED", result: "APPROVED", completedAt, inputsCompletedAt: completedAt },
    });
    await prisma.verificationStep.create({
      data: {
        verificationId,
        position: 0,
        processType: "ADDRESS_VERIFICATION",
        status: "COMPLETED",
        result: "APPROVED",
        data: { city: "Springfield", validation_result: "PASSED" },
        completedAt,
      },
    });
    const status = VerificationStatusResponse.parse(
      (await call(statusRoute, `/api/v1/verifications/${verificationId}/status`, account.auth)).body,
    );
    expect(status).toMatchObject({
      status: "COMPLETED",
      result: "APPROVED",
      completedAt: completedAt.toISOString(),
      missingInputs: [],
    });
    expect(status.steps).toEqual([
      {
        processType: "ADDRESS_VERIFICATION",
        status: "COMPLETED",
        result: "APPROVED",
        completedAt: completedAt.toISOString(),
      },
    ]);
    const record = VerificationRecord.parse(
      (await call(verificationRoute, `/api/v1/verifications/${verificationId}`, account.auth)).body,
    );
    expect(record.steps).toEqual([
      { stepId: "ADDRESS_VERIFICATION", status: 200, data: { city: "Springfield", validation_result: "PASSED" } },
    ]);
  });

  it.each(["", "/status"])("answers 404 VERIFICATION_NOT_FOUND for another account's id (%s)", async (suffix) => {
    const { verificationId } = await startVerification(other, "full-kyc");
    const response = await call(
      suffix ? statusRoute : verificationRoute,
      `/api/v1/verifications/${verificationId}${suffix}`,
      account.auth,
    );
    expect(response.status).toBe(404);
    expect(response.body.error).toBe("VERIFICATION_NOT_FOUND");
  });

  it.each(["not-a-uuid", "01a20190-0000-7000-8000-000000000000", "%00", "'; DROP TABLE x; --"])(
    "answers 404 for id %j",
    async (id) => {
      const response = await call(statusRoute, `/api/v1/verifications/${encodeURIComponent(id)}/status`, account.auth);
      expect(response.status).toBe(404);
      expect(response.body.error).toBe("VERIFICATION_NOT_FOUND");
    },
  );

  it.each(["create", "inputs"] as const)("answers 403 to a key without verification:read (%s)", async (scope) => {
    const { verificationId } = await startVerification(account, "liveness");
    for (const suffix of ["", "/status"]) {
      const response = await call(
        suffix ? statusRoute : verificationRoute,
        `/api/v1/verifications/${verificationId}${suffix}`,
        account.as(account.keys[scope]),
      );
      expect(response.status).toBe(403);
      expect(response.body.error).toBe("INSUFFICIENT_PERMISSIONS");
    }
  });

  it("refuses a session token: reading is for API keys", async () => {
    const { verificationUrl, verificationId } = await startVerification(account, "liveness");
    const { sessionTokenFor } = await import("@/test/fixtures");
    const token = await sessionTokenFor(verificationUrl);
    const response = await call(statusRoute, `/api/v1/verifications/${verificationId}/status`, { token });
    expect(response.status).toBe(401);
  });

  it("keeps the pinned workflow version when the workflow is edited", async () => {
    const { verificationId } = await startVerification(account, "email-check");
    const { publishWorkflow } = await import("@/lib/domain/flows/publish-workflow");
    await publishWorkflow(
      account.accountId,
      { name: "email-check", processes: ["EMAIL_CHECK", "LIVENESS"] },
      account.workflows["email-check"],
    );
    const status = await call(statusRoute, `/api/v1/verifications/${verificationId}/status`, account.auth);
    expect(status.body.missingInputs.map((i: { fieldName: string }) => i.fieldName)).toEqual(["EMAIL", "EMAIL_OTP"]);
    const fresh = await startVerification(account, "email-check");
    const freshStatus = await call(statusRoute, `/api/v1/verifications/${fresh.verificationId}/status`, account.auth);
    expect(freshStatus.body.missingInputs.map((i: { fieldName: string }) => i.fieldName)).toEqual([
      "EMAIL",
      "EMAIL_OTP",
      "SELFIE_VIDEO",
    ]);
  });
});
