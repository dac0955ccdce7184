import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { prisma } from "@/lib/core/db";
import type { Member } from "@/lib/auth/permissions";
import { MASK } from "@/lib/domain/privacy/personal-data";
import { addReviewNote, listReviewNotes } from "@/lib/domain/review/review-notes";
import { listReviewQueue, QueueFiltersSchema } from "@/lib/domain/review/list-review-queue";
import { exportRows } from "@/lib/domain/verifications/export-verifications";
import { ListFiltersSchema, listVerifications } from "@/lib/domain/verifications/list-verifications";
import { loadVerificationDetail } from "@/lib/domain/verifications/load-verification-detail";
import { addMember, completedVerification, ownerOf } from "@/test/dashboard-fixtures";
import { createTestAccount, type TestAccount } from "@/test/fixtures";

// Issue 33, item 11: a reviewer without the personal-data permission can neither find a case by the person's data
// nor read what other members wrote about the person; notes and audit data are sealed at rest.

let account: TestAccount;
let owner: Member;
let restricted: Member;
let verificationId: string;
const tag = randomUUID().slice(0, 8);
const email = `gate.${tag}@example.test`;
const reference = `gate-ref-${tag}`;
const fullName = `Ottilie Brennwald${tag.replace(/\d/g, "")}`;

beforeAll(async () => {
  account = await createTestAccount();
  owner = ownerOf(account);
  restricted = { ...(await addMember(account, "REVIEWER")), personalData: false };
  await prisma.membership.updateMany({
    where: { accountId: account.accountId, userId: restricted.userId },
    data: { canViewPersonalData: false },
  });
  ({ verificationId } = await completedVerification(account, { fullName, metadata: { email, reference } }));
});

describe("without the personal-data permission", () => {
  it("search finds a case by its id or reference, never by e-mail, name or document number", async () => {
    const search = async (member: Member, q: string) =>
      (await listVerifications(member, ListFiltersSchema.parse({ q }))).rows.map((r) => r.id);
    for (const q of [email, fullName.split(" ")[1]!, "C01X00T47"]) {
      expect(await search(owner, q), q).toContain(verificationId);
      expect(await search(restricted, q), q).not.toContain(verificationId);
    }
    expect(await search(restricted, reference)).toEqual([verificationId]);
    expect(await search(restricted, verificationId)).toEqual([verificationId]);
    // the export filters by the same rules
    const exported = [];
    for await (const batch of exportRows(restricted, ListFiltersSchema.parse({ q: email }))) exported.push(...batch);
    expect(exported.map((r) => r.id)).not.toContain(verificationId);
  });

  it("reads only their own notes; others' notes and the audit copies of notes and comments are masked", async () => {
    const text = `Called ${fullName} about the renewal`;
    await addReviewNote(owner, { verificationId, body: text });
    await addReviewNote(restricted, { verificationId, body: "Checked the expiry date" });
    expect((await listReviewNotes(owner, verificationId)).map((n) => n.body)).toEqual([
      text,
      "Checked the expiry date",
    ]);
    expect((await listReviewNotes(restricted, verificationId)).map((n) => n.body)).toEqual([
      MASK,
      "Checked the expiry date",
    ]);
    const queue = await listReviewQueue(restricted, QueueFiltersSchema.parse({}));
    const row = queue.rows.find((r) => r.id === verificationId);
    expect(row?.lastNote).toBe("Checked the expiry date");
    await addReviewNote(owner, { verificationId, body: text });
    const again = (await listReviewQueue(restricted, QueueFiltersSchema.parse({}))).rows.find(
      (r) => r.id === verificationId,
    );
    expect(again?.lastNote).toBe(MASK);

    const detail = await loadVerificationDetail(restricted, verificationId);
    const noteEntries = detail.audit.filter((a) => a.action === "review.note.added");
    expect(noteEntries.length).toBe(3);
    expect(JSON.stringify(detail.audit)).not.toContain(fullName);
    const full = await loadVerificationDetail(owner, verificationId);
    expect(JSON.stringify(full.audit)).toContain(text);
  });

  it("note bodies and audit data are sealed in the database", async () => {
    const notes = await prisma.$queryRaw<{ body: string }[]>`
      SELECT "body" FROM "ReviewNote" WHERE "verificationId" = ${verificationId}::uuid`;
    expect(notes.length).toBeGreaterThan(0);
    for (const n of notes) expect(n.body).toMatch(/^sealed:v1:/);
    const audit = await prisma.$queryRaw<{ data: unknown }[]>`
      SELECT "data" FROM "AuditLog" WHERE "targetId" = ${verificationId} AND "action" = 'review.note.added'`;
    expect(audit.length).toBeGreaterThan(0);
    expect(JSON.stringify(audit)).not.toContain(fullName);
    for (const a of audit) expect(Object.keys(a.data as object)).toEqual(["$sealed"]);
  });
});
