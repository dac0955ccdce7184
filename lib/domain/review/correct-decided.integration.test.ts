import { randomUUID } from "node:crypto";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { prisma } from "@/lib/core/db";
import type { Member } from "@/lib/auth/permissions";
import { assignCase, CaseLockedError } from "@/lib/domain/review/case-lock";
import { correctDocumentData } from "@/lib/domain/review/correct-document-data";
import { importWatchlist } from "@/lib/domain/watchlist/import/import-watchlist";
import { addMember, completedVerification } from "@/test/dashboard-fixtures";
import { createTestAccount, type TestAccount } from "@/test/fixtures";

// Issue 33, item 12: correcting document data takes the case lock, and a correction of a decided verification to
// what the watchlist screening reads runs the screening again.

let account: TestAccount;
let rita: Member;
let sam: Member;
// a name no other test uses, listed (with the fixture's date of birth) on a list of this account only
const LISTED = `Quillon Vastrebek ${randomUUID().slice(0, 6).replace(/\d/g, "q")}`;

beforeAll(async () => {
  account = await createTestAccount();
  rita = await addMember(account, "REVIEWER");
  sam = await addMember(account, "REVIEWER");
  const dir = mkdtempSync(path.join(tmpdir(), "correct-decided-"));
  const file = path.join(dir, "list.csv");
  writeFileSync(
    file,
    "id,schema,name,aliases,birth_date,countries,addresses,identifiers,sanctions,phones,emails,program_ids,dataset,first_seen,last_seen,last_change\n" +
      `c-001,Person,${LISTED},,1964-08-12,,,,,,,SYN-COR,Synthetic,,,\n`,
  );
  await importWatchlist({
    format: "opensanctions-csv",
    file,
    name: `correct-${randomUUID()}`,
    accountId: account.accountId,
  });
});

async function approvedAndScreened() {
  const v = await completedVerification(account, { workflow: "full-kyc", result: "APPROVED" });
  const watchlistStep = await prisma.verificationStep.create({
    data: {
      verificationId: v.verificationId,
      position: 3,
      processType: "WATCHLIST_CHECK",
      status: "COMPLETED",
      result: "APPROVED",
      data: { screened_name: "Erika Mustermann", screened_dob: "1964-08-12", threshold: 0.88, matches: [] },
      checks: [],
    },
  });
  return { ...v, watchlistStepId: watchlistStep.id };
}

describe("correcting document data (issue 33)", () => {
  it("re-screens a decided verification: a corrected name that is listed sends it back to review, audited", async () => {
    const v = await approvedAndScreened();
    const { rescreen } = await correctDocumentData(rita, {
      verificationId: v.verificationId,
      stepId: v.stepId,
      fields: { full_name: LISTED },
    });
    expect(rescreen).toEqual({ result: "MANUAL_REVIEW", previousResult: "APPROVED", reopened: true });
    const step = await prisma.verificationStep.findUniqueOrThrow({ where: { id: v.watchlistStepId } });
    expect(step.result).toBe("MANUAL_REVIEW");
    expect(step.data).toMatchObject({ screened_name: LISTED });
    expect((step.data as { matches: unknown[] }).matches.length).toBeGreaterThan(0);
    const verification = await prisma.verification.findUniqueOrThrow({ where: { id: v.verificationId } });
    expect(verification).toMatchObject({ status: "COMPLETED", result: "MANUAL_REVIEW" });
    const audit = await prisma.auditLog.findFirstOrThrow({
      where: { targetId: v.verificationId, action: "verification.rescreened" },
      select: { actorId: true, data: true },
    });
    expect(audit).toMatchObject({
      actorId: rita.userId,
      data: { from: "APPROVED", to: "MANUAL_REVIEW", reopened: true },
    });
  });

  it("a correction that the screening does not read, or of an undecided case, does not re-screen", async () => {
    const decided = await approvedAndScreened();
    const { rescreen } = await correctDocumentData(rita, {
      verificationId: decided.verificationId,
      stepId: decided.stepId,
      fields: { document_number: "C01X00T48" },
    });
    expect(rescreen).toBeNull();
    const pending = await completedVerification(account, { workflow: "full-kyc" });
    expect(
      (
        await correctDocumentData(rita, {
          verificationId: pending.verificationId,
          stepId: pending.stepId,
          fields: { full_name: LISTED },
        })
      ).rescreen,
    ).toBeNull();
  });

  it("is refused while another member holds the case awaiting review, and changes nothing", async () => {
    const v = await completedVerification(account, { workflow: "full-kyc" }); // MANUAL_REVIEW
    await assignCase(rita, { verificationId: v.verificationId, assigneeId: rita.userId });
    const before = await prisma.verificationStep.findUniqueOrThrow({ where: { id: v.stepId } });
    await expect(
      correctDocumentData(sam, {
        verificationId: v.verificationId,
        stepId: v.stepId,
        fields: { full_name: "Someone Else" },
      }),
    ).rejects.toBeInstanceOf(CaseLockedError);
    expect((await prisma.verificationStep.findUniqueOrThrow({ where: { id: v.stepId } })).data).toEqual(before.data);
    // the holder corrects it; a free case is taken by the corrector
    await correctDocumentData(rita, {
      verificationId: v.verificationId,
      stepId: v.stepId,
      fields: { full_name: "Erika Musterfrau" },
    });
    const free = await completedVerification(account, { workflow: "full-kyc" });
    await correctDocumentData(sam, {
      verificationId: free.verificationId,
      stepId: free.stepId,
      fields: { full_name: "Erika Musterfrau" },
    });
    expect(
      (await prisma.reviewCase.findUniqueOrThrow({ where: { verificationId: free.verificationId } })).assigneeId,
    ).toBe(sam.userId);
  });
});
