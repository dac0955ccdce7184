import "server-only";
import { z } from "zod";
import { Prisma } from "@/generated/prisma/client";
import { prisma, type Tx } from "@/lib/core/db";
import { clock } from "@/lib/core/clock";
import { byMember, recordAudit } from "@/lib/domain/audit/record-audit";
import { assertCan, can, type Member } from "@/lib/auth/permissions";
import { DashboardError, NotFoundError } from "@/lib/core/errors";
import { isUuid } from "@/lib/core/ids";
import { awaitsDecision } from "@/lib/domain/review/awaits-decision";

// The case lock: a verification awaiting review is held by at most one member (ReviewCase.assigneeId), and only
// the holder decides it. Every change is ONE conditional statement (an upsert or update whose WHERE names the
// holder it expects), so of two reviewers racing for a free case exactly one wins; the loser is told who holds it.
// Owners and admins may take over a held case explicitly (`force`), which the audit log records with the holder.

type Actor = Pick<Member, "accountId" | "userId" | "role">;

export type CaseHolder = { userId: string; name: string; since: Date | null };

/** Another member holds the case: the message names them (the second reviewer sees who). */
export class CaseLockedError extends DashboardError {
  readonly holder: CaseHolder;
  constructor(holder: CaseHolder) {
    super(`${holder.name} holds this case: only they can decide it (or an owner or admin can take it over)`);
    this.name = "CaseLockedError";
    this.holder = holder;
  }
}

/** Who holds a verification's case, if anyone (display name, else e-mail). */
export async function caseHolder(db: Tx, verificationId: string): Promise<CaseHolder | null> {
  const row = await db.reviewCase.findUnique({
    where: { verificationId },
    select: { assigneeId: true, assignedAt: true, assignee: { select: { name: true, email: true } } },
  });
  if (!row?.assigneeId || !row.assignee) return null;
  return { userId: row.assigneeId, name: row.assignee.name || row.assignee.email, since: row.assignedAt };
}

/**
 * Gives the case to `assigneeId` when it is free or held by `expectedHolderId` (or by anyone, when `expected` is
 * "any"): one INSERT … ON CONFLICT DO UPDATE … WHERE. A concurrent claimer waits for the row, then sees the
 * winner's holder and matches nothing. Returns whether the case was given.
 */
async function giveCase(
  tx: Tx,
  accountId: string,
  verificationId: string,
  assigneeId: string,
  expected: { holderId: string } | "any",
  now: Date,
): Promise<boolean> {
  const condition =
    expected === "any"
      ? Prisma.sql`TRUE`
      : Prisma.sql`(rc."assigneeId" IS NULL OR rc."assigneeId" = ${expected.holderId}::uuid)`;
  const rows = await tx.$queryRaw<{ verificationId: string }[]>`
    INSERT INTO "ReviewCase" AS rc ("verificationId", "accountId", "assigneeId", "assignedAt", "updatedAt")
    VALUES (${verificationId}::uuid, ${accountId}::uuid, ${assigneeId}::uuid, ${now}, ${now})
    ON CONFLICT ("verificationId") DO UPDATE
      SET "assigneeId" = EXCLUDED."assigneeId",
          "assignedAt" = CASE WHEN rc."assigneeId" = EXCLUDED."assigneeId" THEN rc."assignedAt" ELSE EXCLUDED."assignedAt" END,
          "updatedAt" = EXCLUDED."updatedAt"
      WHERE ${condition}
    RETURNING "verificationId"`;
  return rows.length === 1;
}

/**
 * Inside a decision's transaction: the actor holds the case, taking it when free. Throws CaseLockedError when
 * another member holds it (the decision then rolls back whole).
 */
export async function holdCaseOrThrow(tx: Tx, actor: Actor, verificationId: string, now: Date): Promise<void> {
  if (await giveCase(tx, actor.accountId, verificationId, actor.userId, { holderId: actor.userId }, now)) return;
  const holder = await caseHolder(tx, verificationId);
  throw new CaseLockedError(holder ?? { userId: "", name: "Another member", since: null });
}

export const AssignCaseSchema = z.object({
  verificationId: z.string().refine(isUuid, "Unknown verification"),
  // null: unassign
  assigneeId: z.string().refine(isUuid, "Choose a member").nullable(),
  // owners/admins: take the case from whoever holds it
  force: z.boolean().default(false),
});

/**
 * Assign to me, reassign to another member of the account, or unassign (assigneeId null). Allowed when the case
 * is free or the actor holds it; with `force` (owners and admins) whoever holds it, recorded as a take-over.
 */
export async function assignCase(member: Actor, input: z.input<typeof AssignCaseSchema>) {
  assertCan(member, "review");
  const { verificationId, assigneeId, force } = AssignCaseSchema.parse(input);
  if (force) assertCan(member, "manageReview");
  const now = clock.now();
  return prisma.$transaction(async (tx) => {
    const verification = await tx.verification.findFirst({
      where: { id: verificationId, accountId: member.accountId },
      select: { status: true, result: true, redactedAt: true },
    });
    if (!verification) throw new NotFoundError("Verification not found");
    if (!awaitsDecision(verification)) throw new DashboardError("This verification is not awaiting review");
    if (assigneeId) {
      const target = await tx.membership.findFirst({
        where: { accountId: member.accountId, userId: assigneeId },
        select: { role: true },
      });
      if (!target || !can(target, "review")) throw new DashboardError("Choose a member of this account who may review");
    }
    const before = await caseHolder(tx, verificationId);
    const expected = force ? ("any" as const) : { holderId: member.userId };
    let changed: boolean;
    if (assigneeId) {
      changed = await giveCase(tx, member.accountId, verificationId, assigneeId, expected, now);
    } else {
      const freed = await tx.reviewCase.updateMany({
        where: {
          verificationId,
          accountId: member.accountId,
          ...(force ? {} : { OR: [{ assigneeId: null }, { assigneeId: member.userId }] }),
        },
        data: { assigneeId: null, assignedAt: null, updatedAt: now },
      });
      // no row yet: the case was never held, so it is free already
      changed = freed.count === 1 || !before;
    }
    if (!changed) {
      const holder = await caseHolder(tx, verificationId);
      throw new CaseLockedError(holder ?? { userId: "", name: "Another member", since: null });
    }
    const tookOver = Boolean(before && before.userId !== member.userId && force);
    await recordAudit(tx, {
      ...byMember(member),
      action: tookOver ? "review.case.taken_over" : assigneeId ? "review.case.assigned" : "review.case.unassigned",
      target: { type: "Verification", id: verificationId },
      data: { from: before?.userId ?? null, to: assigneeId },
      at: now,
    });
    return { assigneeId, tookOver };
  });
}

/** Members of the account who may review (the reassign menu and the queue's assignee filter). */
export async function listReviewers(member: Pick<Member, "accountId">) {
  const rows = await prisma.membership.findMany({
    where: { accountId: member.accountId },
    orderBy: { createdAt: "asc" },
    select: { role: true, user: { select: { id: true, name: true, email: true } } },
  });
  return rows.filter((r) => can(r, "review")).map((r) => ({ userId: r.user.id, name: r.user.name || r.user.email }));
}
