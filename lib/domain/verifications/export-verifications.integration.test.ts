import { parse } from "csv-parse/sync";
import { beforeAll, describe, expect, it } from "vitest";
import { prisma } from "@/lib/core/db";
import { ListFiltersSchema } from "@/lib/domain/verifications/list-verifications";
import {
  BASE_COLUMNS,
  PERSONAL_COLUMNS,
  streamVerificationExport,
  type ExportFormat,
} from "@/lib/domain/verifications/export-verifications";
import { loadVerificationDetail } from "@/lib/domain/verifications/load-verification-detail";
import { loadVerificationReport } from "@/lib/domain/verifications/load-verification-report";
import { NotFoundError } from "@/lib/core/errors";
import { readVerificationFile } from "@/lib/domain/verifications/read-verification-file";
import { setPersonalDataAccess } from "@/lib/domain/privacy/set-personal-data-access";
import type { Member } from "@/lib/auth/permissions";
import { addMember, completedVerification, ownerOf } from "@/test/dashboard-fixtures";
import { createTestAccount, type TestAccount } from "@/test/fixtures";

// One database setup for the file: an account with 7 verifications (one with hostile text), another account, and a
// test-mode verification; exports read in batches of 3 so every export crosses batch boundaries.

let account: TestAccount;
let owner: Member;
let ids: string[];
const HOSTILE = '=HYPERLINK("http://evil.test","x"), "quoted"\nline two';

async function read(member: Member, format: ExportFormat, filters: Record<string, string> = {}) {
  const stream = await streamVerificationExport(member, ListFiltersSchema.parse(filters), format, { batchSize: 3 });
  return new Response(stream).text();
}

const csvRows = (text: string) => parse(text, { columns: true }) as Record<string, string>[];

beforeAll(async () => {
  account = await createTestAccount();
  owner = ownerOf(account);
  ids = [];
  for (let i = 0; i < 7; i++) {
    const v = await completedVerification(account, {
      metadata: { reference: i === 0 ? HOSTILE : `exp-${i}`, email: `person${i}@example.test`, userId: `u-${i}` },
      fullName: i === 0 ? "-Mallory @Evil" : `Person Number${i}`,
      result: i % 2 ? "APPROVED" : "MANUAL_REVIEW",
    });
    ids.push(v.verificationId);
  }
  const other = await createTestAccount();
  await completedVerification(other, { metadata: { reference: "other-account" } });
  const test = await completedVerification(account, { metadata: { reference: "sandbox-row" } });
  await prisma.verification.update({ where: { id: test.verificationId }, data: { mode: "test" } });
});

describe("verification export", () => {
  it("streams every row of the account's live list across batches, as CSV and JSON, and audit-logs both", async () => {
    const csv = csvRows(await read(owner, "csv"));
    expect(csv.map((r) => r.id).sort()).toEqual([...ids].sort());
    expect(Object.keys(csv[0]!)).toEqual([...BASE_COLUMNS, ...PERSONAL_COLUMNS]);
    const json = JSON.parse(await read(owner, "json")) as Record<string, string | null>[];
    expect(json.map((r) => r.id).sort()).toEqual([...ids].sort());
    expect(json.find((r) => r.id === ids[3])).toMatchObject({
      reference: "exp-3",
      email: "person3@example.test",
      user_id: "u-3",
      full_name: "Person Number3",
      date_of_birth: "1964-08-12",
      ip_address: "203.0.113.9",
      result: "APPROVED",
      mode: "live",
    });
    // newest first, like the list
    expect(json.map((r) => r.id)).toEqual([...ids].reverse());
    // another account's and the sandbox's rows are not there; the test mode exports only the sandbox's
    expect(json.some((r) => r.reference === "other-account" || r.reference === "sandbox-row")).toBe(false);
    const sandbox = JSON.parse(await read(owner, "json", { mode: "test" })) as Record<string, string>[];
    expect(sandbox.map((r) => r.reference)).toEqual(["sandbox-row"]);

    const audit = await prisma.auditLog.findMany({
      where: { accountId: account.accountId, action: { startsWith: "verifications.export" } },
      orderBy: { createdAt: "asc" },
    });
    const started = audit.filter((a) => a.action === "verifications.exported");
    const completed = audit.filter((a) => a.action === "verifications.export_completed");
    expect(started).toHaveLength(3);
    expect(started[0]).toMatchObject({ actorType: "USER", actorId: owner.userId });
    expect(started[0]!.data).toMatchObject({ format: "csv", personalColumns: true, filters: { mode: "live" } });
    expect(completed.map((a) => (a.data as { rowCount: number }).rowCount)).toEqual([7, 7, 1]);
    expect(completed[0]!.targetId).toBe(started[0]!.id);
  });

  it("escapes CSV and guards against formula injection", async () => {
    const text = await read(owner, "csv", { q: ids[0]! });
    const [row] = csvRows(text);
    // quotes, commas and the newline survive a round trip; the leading = is neutralised
    expect(row!.reference).toBe(`'${HOSTILE}`);
    expect(row!.full_name).toBe("'-Mallory @Evil");
    expect(text).toContain('"\'=HYPERLINK(""http://evil.test"",""x""), ""quoted""\nline two"');
    // the search text may be personal: the audit log keeps only that there was one
    const last = await prisma.auditLog.findFirst({
      where: { accountId: account.accountId, action: "verifications.exported" },
      orderBy: { createdAt: "desc" },
    });
    expect(last!.data).toMatchObject({ filters: { search: true } });
    expect(JSON.stringify(last!.data)).not.toContain(ids[0]!);
  });

  it("gives a reviewer without the personal-data permission no personal columns, and masks the detail", async () => {
    const reviewer = await addMember(account, "REVIEWER");
    const membership = await prisma.membership.findFirstOrThrow({
      where: { accountId: account.accountId, userId: reviewer.userId },
    });
    // with the permission (the default), a reviewer gets the personal columns
    expect(Object.keys(csvRows(await read(reviewer, "csv"))[0]!)).toContain("full_name");

    await setPersonalDataAccess(owner, { membershipId: membership.id, allowed: false });
    const restricted: Member = { ...reviewer, personalData: false };
    const csvText = await read(restricted, "csv");
    const csv = csvRows(csvText);
    expect(Object.keys(csv[0]!)).toEqual([...BASE_COLUMNS]);
    expect(csv).toHaveLength(7);
    const json = JSON.parse(await read(restricted, "json")) as Record<string, unknown>[];
    for (const column of PERSONAL_COLUMNS) expect(json[0]).not.toHaveProperty(column);
    for (const secret of ["Person Number", "person3@example.test", "1964-08-12", "203.0.113.9", "u-3"]) {
      expect(csvText).not.toContain(secret);
      expect(JSON.stringify(json)).not.toContain(secret);
    }

    const detail = await loadVerificationDetail(restricted, ids[3]!);
    expect(detail.personalDataShown).toBe(false);
    const doc = detail.steps[0]!.data as Record<string, unknown>;
    expect(doc.full_name).toBe("•••");
    expect(detail.ipAddress).toBe("•••");
    expect(JSON.stringify(detail)).not.toContain("Person Number3");
    expect(JSON.stringify(detail)).not.toContain("person3@example.test");
    expect(detail.inputs.find((i) => i.fieldName === "DOCUMENT_FRONT")).toMatchObject({ file: null, masked: true });
    expect(detail.inputs.find((i) => i.fieldName === "DOCUMENT_COUNTRY")?.value).toBe("DE");
    const full = await loadVerificationDetail(owner, ids[3]!);
    const fileId = full.inputs.find((i) => i.fieldName === "DOCUMENT_FRONT")!.file!.id;
    expect(await readVerificationFile(restricted, ids[3]!, fileId)).toBeNull();
    expect(await readVerificationFile(owner, ids[3]!, fileId)).not.toBeNull();

    // the owner's switch: audit-logged; an admin's is not switchable; another account's membership is not found
    const audit = await prisma.auditLog.findFirst({
      where: { accountId: account.accountId, action: "member.personal_data_revoked", targetId: membership.id },
    });
    expect(audit?.actorId).toBe(owner.userId);
    const admin = await addMember(account, "ADMIN");
    const adminMembership = await prisma.membership.findFirstOrThrow({ where: { userId: admin.userId } });
    await expect(setPersonalDataAccess(owner, { membershipId: adminMembership.id, allowed: false })).rejects.toThrow(
      /always see personal data/,
    );
    await expect(setPersonalDataAccess(admin, { membershipId: membership.id, allowed: true })).rejects.toThrow(
      /Not allowed/,
    );
    const stranger = ownerOf(await createTestAccount());
    await expect(setPersonalDataAccess(stranger, { membershipId: membership.id, allowed: true })).rejects.toThrow(
      /not found/i,
    );
  });

  it("writes an audit entry for each auditor report, names who decided, and refuses another account's id", async () => {
    const reviewer = await addMember(account, "REVIEWER");
    await prisma.auditLog.create({
      data: {
        accountId: account.accountId,
        actorType: "USER",
        actorId: reviewer.userId,
        action: "verification.reviewed",
        targetType: "Verification",
        targetId: ids[2]!,
        data: { from: "MANUAL_REVIEW", to: "APPROVED", reason: "Checked against the file" },
      },
    });
    const report = await loadVerificationReport(owner, ids[2]!);
    expect(report.decidedBy).toMatchObject({
      actor: reviewer.email,
      from: "MANUAL_REVIEW",
      to: "APPROVED",
      reason: "Checked against the file",
    });
    expect(report.detail.personalDataShown).toBe(true);
    const logged = await prisma.auditLog.findMany({
      where: { targetId: ids[2]!, action: "verification.report_generated" },
    });
    expect(logged).toHaveLength(1);
    expect(logged[0]).toMatchObject({ actorId: owner.userId, data: { personalData: true } });

    const stranger = ownerOf(await createTestAccount());
    await expect(loadVerificationReport(stranger, ids[2]!)).rejects.toBeInstanceOf(NotFoundError);
    expect(await prisma.auditLog.count({ where: { action: "verification.report_generated", targetId: ids[2]! } })).toBe(
      1,
    );
  });
});
