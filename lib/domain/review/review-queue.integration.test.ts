import { beforeAll, describe, expect, it } from "vitest";
import { prisma } from "@/lib/core/db";
import { DomainError, DashboardError, ForbiddenError, NotFoundError } from "@/lib/core/errors";
import { type Member } from "@/lib/auth/permissions";
import { addMember, completedVerification, ownerOf } from "@/test/dashboard-fixtures";
import { createTestAccount, type TestAccount } from "@/test/fixtures";
import { assignCase, CaseLockedError } from "@/lib/domain/review/case-lock";
import { decideReview } from "@/lib/domain/review/decide-review";
import { addDecisionReason, editDecisionReason, listDecisionReasons } from "@/lib/domain/review/decision-reasons";
import { listReviewQueue, nextCaseId } from "@/lib/domain/review/list-review-queue";
import { addReviewNote, listReviewNotes } from "@/lib/domain/review/review-notes";
import { updateReviewSla } from "@/lib/domain/review/update-review-sla";
import { deletePersonalData } from "@/lib/domain/privacy/delete-personal-data";
import { DEMO_WORKFLOWS } from "@/lib/domain/flows/demo-workflows";

// The review desk on real PostgreSQL: the queue and its filters, the case lock (two reviewers racing), notes in the
// audit log and never in webhooks, decision reasons from the account's list, and another account's ids as 404s.

// two workflows are enough here (and quicker to publish than every demo one)
const workflows = DEMO_WORKFLOWS.filter((w) => ["document-verification", "address-only"].includes(w.name));
const newAccount = () => createTestAccount({ workflows });
const hoursAgo = (h: number) => new Date(Date.now() - h * 3_600_000);

let account: TestAccount;
let other: TestAccount;
let owner: Member;
let rita: Member;
let sam: Member;

beforeAll(async () => {
  account = await newAccount();
  other = await newAccount();
  owner = ownerOf(account);
  rita = await addMember(account, "REVIEWER");
  sam = await addMember(account, "REVIEWER");
  await prisma.user.update({ where: { id: rita.userId }, data: { name: "Rita Reviewer" } });
});

describe("the queue", () => {
  it("lists only cases awaiting a decision, oldest first, with why in plain words; filters and pages", async () => {
    const fresh = await newAccount();
    const me = ownerOf(fresh);
    const oldest = await completedVerification(fresh, { completedAt: hoursAgo(50) });
    const failed = await completedVerification(fresh, { status: "FAILED", completedAt: hoursAgo(30) });
    const newest = await completedVerification(fresh, { completedAt: hoursAgo(1) });
    await completedVerification(fresh, { result: "APPROVED", completedAt: hoursAgo(60) });
    await completedVerification(fresh, { status: "PROCESSING" });
    await completedVerification(other, { completedAt: hoursAgo(70) });

    const all = await listReviewQueue(me, {});
    expect(all.rows.map((r) => r.id)).toEqual([oldest.verificationId, failed.verificationId, newest.verificationId]);
    expect(all.rows[0]!.why).toEqual(["Machine-readable zone does not match the printed fields"]);
    expect(all.rows[1]!.why[0]).toBe("Processing failed: decide from the inputs");
    expect(all.rows[0]!.waitingSince.getTime()).toBeLessThan(all.rows[1]!.waitingSince.getTime());

    // reason, assignee, workflow
    const ids = async (filters: Parameters<typeof listReviewQueue>[1]) =>
      (await listReviewQueue(me, filters)).rows.map((r) => r.id);
    expect(await ids({ reason: "PROCESSING_FAILED" })).toEqual([failed.verificationId]);
    expect(await ids({ reason: "LIVENESS" })).toEqual([]);
    expect(await ids({ reason: "DOCUMENT_VERIFICATION" })).toHaveLength(3);
    await assignCase(me, { verificationId: newest.verificationId, assigneeId: me.userId });
    expect(await ids({ assignee: "me" })).toEqual([newest.verificationId]);
    expect(await ids({ assignee: me.userId })).toEqual([newest.verificationId]);
    expect(await ids({ assignee: "none" })).toEqual([oldest.verificationId, failed.verificationId]);
    expect(await ids({ workflowId: fresh.workflows["document-verification"] })).toHaveLength(3);
    expect(await ids({ workflowId: fresh.workflows["address-only"] })).toEqual([]);
    expect(await ids({ mode: "test" })).toEqual([]);

    // keyset pages of two
    const first = await listReviewQueue(me, {}, 2);
    expect(first.rows.map((r) => r.id)).toEqual([oldest.verificationId, failed.verificationId]);
    const second = await listReviewQueue(me, { after: first.nextCursor! }, 2);
    expect(second.rows.map((r) => r.id)).toEqual([newest.verificationId]);
    expect(second.nextCursor).toBeNull();

    // next case: the one after, else back to the oldest
    expect(await nextCaseId(me, oldest.verificationId, "live")).toBe(failed.verificationId);
    expect(await nextCaseId(me, newest.verificationId, "live")).toBe(oldest.verificationId);

    // the SLA hours are validated and stored
    await expect(updateReviewSla(me, { amberHours: 10, redHours: 5 })).rejects.toThrow();
    await updateReviewSla(me, { amberHours: 2, redHours: 8 });
    expect(
      await prisma.account.findUniqueOrThrow({
        where: { id: fresh.accountId },
        select: { reviewSlaAmberHours: true, reviewSlaRedHours: true },
      }),
    ).toEqual({ reviewSlaAmberHours: 2, reviewSlaRedHours: 8 });
  });
});

describe("the case lock", () => {
  it("two reviewers assigning at once: exactly one wins, the other is told who holds it", async () => {
    const { verificationId } = await completedVerification(account);
    const results = await Promise.allSettled([
      assignCase(rita, { verificationId, assigneeId: rita.userId }),
      assignCase(sam, { verificationId, assigneeId: sam.userId }),
    ]);
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    const lost = results.find((r) => r.status === "rejected") as PromiseRejectedResult;
    expect(lost.reason).toBeInstanceOf(CaseLockedError);
    const holder = (await prisma.reviewCase.findUniqueOrThrow({ where: { verificationId } })).assigneeId;
    expect([rita.userId, sam.userId]).toContain(holder);
    const holderName = holder === rita.userId ? "Rita Reviewer" : sam.email;
    expect((lost.reason as Error).message).toContain(holderName);
    expect(await prisma.auditLog.count({ where: { targetId: verificationId, action: "review.case.assigned" } })).toBe(
      1,
    );
  });

  it("two reviewers deciding a free case at once: exactly one decision, one event", async () => {
    const { verificationId } = await completedVerification(account);
    const results = await Promise.allSettled([
      decideReview(rita, { verificationId, decision: "APPROVED", reason: "All checks verified manually" }),
      decideReview(sam, { verificationId, decision: "DECLINED", reason: "Suspected fraud" }),
    ]);
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    expect((results.find((r) => r.status === "rejected") as PromiseRejectedResult).reason).toBeInstanceOf(
      DashboardError,
    );
    expect(await prisma.event.count({ where: { verificationId, name: "verification_completed" } })).toBe(1);
  });

  it("only the holder decides; reassign, unassign and an owner's audited take-over", async () => {
    const { verificationId } = await completedVerification(account);
    await assignCase(rita, { verificationId, assigneeId: rita.userId });
    // Sam sees Rita holds it and can neither decide, take, nor free it
    await expect(
      decideReview(sam, { verificationId, decision: "DECLINED", reason: "Suspected fraud" }),
    ).rejects.toThrow(/Rita Reviewer holds this case/);
    await expect(assignCase(sam, { verificationId, assigneeId: sam.userId })).rejects.toBeInstanceOf(CaseLockedError);
    await expect(assignCase(sam, { verificationId, assigneeId: null })).rejects.toBeInstanceOf(CaseLockedError);
    await expect(assignCase(sam, { verificationId, assigneeId: sam.userId, force: true })).rejects.toBeInstanceOf(
      ForbiddenError,
    );
    expect((await prisma.verification.findUniqueOrThrow({ where: { id: verificationId } })).result).toBe(
      "MANUAL_REVIEW",
    );
    // Rita hands it to Sam; a user of another account is not a choice
    await expect(assignCase(rita, { verificationId, assigneeId: other.userId })).rejects.toThrow(/member/);
    await assignCase(rita, { verificationId, assigneeId: sam.userId });
    await expect(
      decideReview(rita, { verificationId, decision: "APPROVED", reason: "All checks verified manually" }),
    ).rejects.toBeInstanceOf(CaseLockedError);
    // the owner takes it over explicitly: audited with the previous holder
    await assignCase(owner, { verificationId, assigneeId: owner.userId, force: true });
    expect(
      await prisma.auditLog.findFirstOrThrow({
        where: { targetId: verificationId, action: "review.case.taken_over" },
        select: { actorId: true, data: true },
      }),
    ).toEqual({ actorId: owner.userId, data: { from: sam.userId, to: owner.userId } });
    await assignCase(owner, { verificationId, assigneeId: null });
    expect((await prisma.reviewCase.findUniqueOrThrow({ where: { verificationId } })).assigneeId).toBeNull();
    // free again: Sam decides, taking it implicitly
    await decideReview(sam, { verificationId, decision: "DECLINED", reason: "Suspected fraud" });
    expect(await prisma.reviewCase.findUniqueOrThrow({ where: { verificationId } })).toMatchObject({
      assigneeId: sam.userId,
      decisionReason: "Suspected fraud",
      decidedById: sam.userId,
    });
    // decided: nothing more to assign
    await expect(assignCase(owner, { verificationId, assigneeId: owner.userId })).rejects.toThrow(/not awaiting/);
  });
});

describe("notes", () => {
  it("plain text with author and time, in the audit log, never in an event payload; erased with the data", async () => {
    const { verificationId } = await completedVerification(account);
    const text = "Called the customer: <b>passport</b> renewed in **May**";
    await addReviewNote(rita, { verificationId, body: `  ${text}\r\n` });
    const notes = await listReviewNotes(sam, verificationId);
    expect(notes).toEqual([
      { id: expect.any(String), body: text, author: "Rita Reviewer", createdAt: expect.any(Date) },
    ]);
    expect(
      await prisma.auditLog.findFirstOrThrow({
        where: { targetId: verificationId, action: "review.note.added" },
        select: { actorId: true, data: true },
      }),
    ).toEqual({ actorId: rita.userId, data: { noteId: notes[0]!.id, body: text } });
    // too long or empty: refused, nothing stored
    await expect(addReviewNote(rita, { verificationId, body: "x".repeat(2001) })).rejects.toThrow();
    await expect(addReviewNote(rita, { verificationId, body: "   " })).rejects.toThrow();
    expect(await prisma.reviewNote.count({ where: { verificationId } })).toBe(1);

    await decideReview(rita, { verificationId, decision: "APPROVED", reason: "All checks verified manually" });
    const events = await prisma.event.findMany({ where: { verificationId }, select: { payload: true } });
    expect(events.length).toBeGreaterThan(0);
    for (const e of events) expect(JSON.stringify(e.payload)).not.toContain("passport");

    await deletePersonalData(owner, { verificationId });
    expect(await prisma.reviewNote.count({ where: { verificationId } })).toBe(0);
  });
});

describe("decision reasons", () => {
  it("defaults for every account; the reason must be from the list, for that decision, not archived", async () => {
    const reasons = await listDecisionReasons(rita);
    expect(reasons.filter((r) => r.decision === "DECLINED").map((r) => r.label)).toEqual(
      expect.arrayContaining(["Document expired", "Face does not match", "Suspected fraud"]),
    );
    const { verificationId } = await completedVerification(account);
    for (const reason of ["Looks fine to me", "Suspected fraud", ""])
      await expect(decideReview(rita, { verificationId, decision: "APPROVED", reason })).rejects.toThrow();
    const refusal = await decideReview(rita, { verificationId, decision: "APPROVED", reason: "nope" }).catch((e) => e);
    expect(refusal).toBeInstanceOf(DomainError);
    expect((refusal as DomainError).details?.[0]?.field).toBe("reason");

    // reviewers cannot edit the list; an admin adds one and archives another
    await expect(addDecisionReason(rita, { decision: "APPROVED", label: "Known customer" })).rejects.toBeInstanceOf(
      ForbiddenError,
    );
    const admin = await addMember(account, "ADMIN");
    await addDecisionReason(admin, { decision: "APPROVED", label: "Known customer" });
    await expect(addDecisionReason(admin, { decision: "APPROVED", label: "Known customer" })).rejects.toThrow(
      /already/,
    );
    const expired = reasons.find((r) => r.label === "Document expired")!;
    await editDecisionReason(admin, { reasonId: expired.id, archived: true });
    await expect(
      decideReview(rita, { verificationId, decision: "DECLINED", reason: "Document expired" }),
    ).rejects.toThrow(/reason/);
    await expect(editDecisionReason(ownerOf(other), { reasonId: expired.id, label: "Mine" })).rejects.toBeInstanceOf(
      NotFoundError,
    );

    const { eventId } = await decideReview(rita, { verificationId, decision: "APPROVED", reason: "Known customer" });
    const audit = await prisma.auditLog.findFirstOrThrow({
      where: { targetId: verificationId, action: "verification.reviewed" },
    });
    expect(audit.data).toMatchObject({ reason: "Known customer", to: "APPROVED" });
    // the public contract is unchanged: the event's keys are what they were before reasons existed
    const payload = (await prisma.event.findUniqueOrThrow({ where: { id: eventId } })).payload as Record<
      string,
      unknown
    >;
    expect(JSON.stringify(payload)).not.toContain("Known customer");
    expect(payload).toMatchObject({
      verificationStatus: "SUCCESS",
      status: "COMPLETED",
      result: "APPROVED",
      reviewed: true,
    });
  });
});

describe("tenant isolation", () => {
  it("another account's case is a 404 for assignment, notes and decisions, and absent from the queue", async () => {
    const { verificationId } = await completedVerification(other);
    const stranger = rita;
    await expect(assignCase(stranger, { verificationId, assigneeId: stranger.userId })).rejects.toBeInstanceOf(
      NotFoundError,
    );
    await expect(addReviewNote(stranger, { verificationId, body: "hello" })).rejects.toBeInstanceOf(NotFoundError);
    await expect(
      decideReview(stranger, { verificationId, decision: "APPROVED", reason: "All checks verified manually" }),
    ).rejects.toBeInstanceOf(NotFoundError);
    expect(await listReviewNotes(stranger, verificationId)).toEqual([]);
    expect((await listReviewQueue(stranger, {})).rows.map((r) => r.id)).not.toContain(verificationId);
    expect(await prisma.reviewCase.count({ where: { verificationId } })).toBe(0);
  });
});
