import { describe, expect, it } from "vitest";
import { prisma } from "@/lib/core/db";
import { ForbiddenError, NotFoundError } from "@/lib/core/errors";
import { deletePersonalData } from "@/lib/domain/privacy/delete-personal-data";
import { redactExpiredVerifications } from "@/lib/domain/privacy/redact-expired";
import { decideReview } from "@/lib/domain/review/decide-review";
import { addMember, completedVerification, ownerOf } from "@/test/dashboard-fixtures";
import { createTestAccount } from "@/test/fixtures";

async function expectRedacted(verificationId: string, file: { fileId: string; storageKey: string }) {
  const v = await prisma.verification.findUniqueOrThrow({
    where: { id: verificationId },
    include: { inputs: true, steps: true, events: true },
  });
  expect(v.redactedAt).not.toBeNull();
  expect(v.metadata).toEqual({});
  expect(v.ipAddress).toBeNull();
  expect(v.status).toBe("COMPLETED"); // the stub keeps status, result, timestamps
  expect(v.completedAt).not.toBeNull();
  expect(v.inputs.every((i) => i.value === null && i.fileId === null)).toBe(true);
  expect(v.steps[0]!.data).toEqual({ full_name: null, date_of_birth: null, document_number: null });
  expect(v.steps[0]!.checks).toEqual([{ name: "MRZ_CHECKSUM", result: "REVIEW" }]);
  expect(JSON.stringify(v.events.map((e) => e.payload))).not.toContain("ref-");
  expect(await prisma.storedFile.count({ where: { id: file.fileId } })).toBe(0);
  expect(await prisma.fileBlob.count({ where: { key: file.storageKey } })).toBe(0);
}

describe("privacy", () => {
  it("an admin deletes a verification's personal data: files and blobs gone, fields erased, stub kept, audited", async () => {
    const account = await createTestAccount();
    const admin = await addMember(account, "ADMIN");
    const made = await completedVerification(account);
    await decideReview(admin, {
      verificationId: made.verificationId,
      decision: "APPROVED",
      reason: "All checks verified manually",
    });
    const { filesDeleted } = await deletePersonalData(admin, { verificationId: made.verificationId });
    expect(filesDeleted).toBe(1);
    await expectRedacted(made.verificationId, made);
    const audit = await prisma.auditLog.findFirstOrThrow({
      where: { targetId: made.verificationId, action: "verification.personal_data_deleted" },
    });
    expect(audit.actorId).toBe(admin.userId);
    await expect(deletePersonalData(admin, { verificationId: made.verificationId })).rejects.toThrow(/already deleted/);
  });

  it("refuses reviewers, verifications in progress and other accounts' verifications", async () => {
    const account = await createTestAccount();
    const other = await createTestAccount();
    const reviewer = await addMember(account, "REVIEWER");
    const mine = await completedVerification(account);
    const running = await completedVerification(account, { status: "PROCESSING" });
    const theirs = await completedVerification(other);
    await expect(deletePersonalData(reviewer, { verificationId: mine.verificationId })).rejects.toBeInstanceOf(
      ForbiddenError,
    );
    await expect(deletePersonalData(ownerOf(account), { verificationId: running.verificationId })).rejects.toThrow(
      /in progress/,
    );
    await expect(
      deletePersonalData(ownerOf(account), { verificationId: theirs.verificationId }),
    ).rejects.toBeInstanceOf(NotFoundError);
    for (const v of [mine, running, theirs]) {
      expect((await prisma.verification.findUniqueOrThrow({ where: { id: v.verificationId } })).redactedAt).toBeNull();
      expect(await prisma.fileBlob.count({ where: { key: v.storageKey } })).toBe(1);
    }
  });

  it("the retention sweep redacts verifications completed longer ago than the account's retentionDays, once", async () => {
    const account = await createTestAccount();
    const keep = await createTestAccount();
    await prisma.account.update({ where: { id: account.accountId }, data: { retentionDays: 30 } });
    const now = new Date();
    const old = await completedVerification(account, { completedAt: new Date(now.getTime() - 31 * 86_400_000) });
    const recent = await completedVerification(account, { completedAt: new Date(now.getTime() - 29 * 86_400_000) });
    const noRetention = await completedVerification(keep, { completedAt: new Date(now.getTime() - 400 * 86_400_000) });

    const first = await redactExpiredVerifications(now);
    expect(first.redacted).toBeGreaterThanOrEqual(1);
    await expectRedacted(old.verificationId, old);
    expect(
      (await prisma.verification.findUniqueOrThrow({ where: { id: recent.verificationId } })).redactedAt,
    ).toBeNull();
    expect(
      (await prisma.verification.findUniqueOrThrow({ where: { id: noRetention.verificationId } })).redactedAt,
    ).toBeNull();
    expect(
      await prisma.auditLog.count({
        where: { targetId: old.verificationId, action: "verification.redacted_by_retention", actorType: "SYSTEM" },
      }),
    ).toBe(1);

    await redactExpiredVerifications(now);
    expect(
      await prisma.auditLog.count({
        where: { targetId: old.verificationId, action: "verification.redacted_by_retention" },
      }),
    ).toBe(1);
  });
});
