import "server-only";
import { z } from "zod";
import { Prisma } from "@/generated/prisma/client";
import { prisma } from "@/lib/core/db";
import { isUuid } from "@/lib/core/ids";
import { explainReview, REVIEW_REASON_FILTERS } from "@/lib/domain/review/review-explain";
import { noteBodyFor } from "@/lib/domain/review/review-notes";
import type { Member } from "@/lib/auth/permissions";

// The review queue: the account's verifications awaiting a decision (COMPLETED with MANUAL_REVIEW, or FAILED:
// what awaitsDecision() accepts), oldest waiting first, keyset-paginated on (waiting since, id). "Waiting since" is
// completedAt (when the engine handed it to people), else createdAt. Filters: workflow, reason (the process of a
// step that asked for review, or "processing failed": checks are sealed, so the SQL filters on the step's
// unsealed process type and result, and the plain-words "why" is computed from the opened checks of the page's
// rows only), assignee (me, nobody, or a member).

export const QUEUE_PAGE_SIZE = 25;
const CURSOR = /^(\d{1,15})\.([0-9a-f-]{36})$/i;
const optional = <T extends z.ZodType>(schema: T) => schema.optional().catch(undefined);

/** The queue's query string; a malformed parameter is ignored (the unfiltered queue), never an error page. */
export const QueueFiltersSchema = z.object({
  workflowId: optional(z.string().refine(isUuid)),
  reason: optional(z.enum(REVIEW_REASON_FILTERS)),
  assignee: optional(z.union([z.enum(["me", "none"]), z.string().refine(isUuid)])),
  after: optional(z.string().regex(CURSOR)),
  mode: optional(z.enum(["live", "test"])),
});

export type QueueFilters = z.infer<typeof QueueFiltersSchema>;

export type QueueRow = {
  id: string;
  status: string;
  workflowName: string;
  waitingSince: Date;
  assignee: { userId: string; name: string } | null;
  why: string[];
  notes: number;
  lastNote: string | null;
};

function awaitingWhere(accountId: string, mode: string): Prisma.Sql[] {
  return [
    Prisma.sql`v."accountId" = ${accountId}::uuid`,
    Prisma.sql`v."mode" = ${mode}::"DataMode"`,
    Prisma.sql`v."redactedAt" IS NULL`,
    Prisma.sql`((v."status" = 'COMPLETED' AND v."result" = 'MANUAL_REVIEW') OR v."status" = 'FAILED')`,
  ];
}

const WAITING = Prisma.sql`COALESCE(v."completedAt", v."createdAt")`;

type RawRow = {
  id: string;
  status: string;
  workflowName: string;
  waitingSince: Date;
  assigneeId: string | null;
  assigneeName: string | null;
  notes: bigint | number;
};

/** One page of the queue for this member (`me` in the assignee filter is them). */
export async function listReviewQueue(
  member: Pick<Member, "accountId" | "userId" | "role" | "personalData">,
  filters: QueueFilters,
  pageSize = QUEUE_PAGE_SIZE,
): Promise<{ rows: QueueRow[]; nextCursor: string | null }> {
  const where = awaitingWhere(member.accountId, filters.mode ?? "live");
  if (filters.workflowId) where.push(Prisma.sql`v."workflowId" = ${filters.workflowId}::uuid`);
  if (filters.reason === "PROCESSING_FAILED") where.push(Prisma.sql`v."status" = 'FAILED'`);
  else if (filters.reason)
    where.push(Prisma.sql`EXISTS (SELECT 1 FROM "VerificationStep" s
      WHERE s."verificationId" = v."id" AND s."processType" = ${filters.reason}::"ProcessType" AND s."result" = 'MANUAL_REVIEW')`);
  if (filters.assignee === "none") where.push(Prisma.sql`rc."assigneeId" IS NULL`);
  else if (filters.assignee === "me") where.push(Prisma.sql`rc."assigneeId" = ${member.userId}::uuid`);
  else if (filters.assignee) where.push(Prisma.sql`rc."assigneeId" = ${filters.assignee}::uuid`);
  if (filters.after) {
    const [, ms, id] = CURSOR.exec(filters.after)!;
    where.push(Prisma.sql`(${WAITING}, v."id") > (${new Date(Number(ms))}, ${id}::uuid)`);
  }
  const raw = await prisma.$queryRaw<RawRow[]>`
    SELECT v."id", v."status"::text AS "status", w."name" AS "workflowName", ${WAITING} AS "waitingSince",
           rc."assigneeId", COALESCE(NULLIF(u."name", ''), u."email") AS "assigneeName",
           (SELECT count(*) FROM "ReviewNote" n WHERE n."verificationId" = v."id") AS "notes"
    FROM "Verification" v
    JOIN "Workflow" w ON w."id" = v."workflowId"
    LEFT JOIN "ReviewCase" rc ON rc."verificationId" = v."id"
    LEFT JOIN "User" u ON u."id" = rc."assigneeId"
    WHERE ${Prisma.join(where, " AND ")}
    ORDER BY ${WAITING} ASC, v."id" ASC
    LIMIT ${pageSize + 1}`;
  const page = raw.slice(0, pageSize);
  const ids = page.map((r) => r.id);
  // through the client, so the sealed checks come back opened
  const [steps, lastNotes] = await Promise.all([
    prisma.verificationStep.findMany({
      where: { verificationId: { in: ids } },
      orderBy: [{ verificationId: "asc" }, { position: "asc" }],
      select: { verificationId: true, processType: true, result: true, checks: true },
    }),
    prisma.reviewNote.findMany({
      where: { verificationId: { in: ids }, accountId: member.accountId },
      orderBy: [{ createdAt: "desc" }, { id: "desc" }],
      distinct: ["verificationId"],
      select: { verificationId: true, body: true, authorId: true },
    }),
  ]);
  const noteOf = (id: string) => {
    const note = lastNotes.find((n) => n.verificationId === id);
    return note ? noteBodyFor(member, note) : null;
  };
  const rows = page.map((r): QueueRow => ({
    id: r.id,
    status: r.status,
    workflowName: r.workflowName,
    waitingSince: r.waitingSince,
    assignee: r.assigneeId ? { userId: r.assigneeId, name: r.assigneeName ?? "" } : null,
    why: explainReview(
      r.status,
      steps.filter((s) => s.verificationId === r.id),
    ),
    notes: Number(r.notes),
    lastNote: noteOf(r.id),
  }));
  const last = rows.at(-1);
  return {
    rows,
    nextCursor: raw.length > pageSize && last ? `${last.waitingSince.getTime()}.${last.id}` : null,
  };
}

/**
 * The case after this one in queue order (the `j` shortcut), else the oldest other one; null when none is left.
 * Only cases nobody else holds: the next case is one the reviewer can decide.
 */
export async function nextCaseId(
  member: { accountId: string; userId: string },
  currentId: string,
  mode: string,
): Promise<string | null> {
  const where = awaitingWhere(member.accountId, mode);
  where.push(Prisma.sql`v."id" <> ${currentId}::uuid`);
  where.push(Prisma.sql`(rc."assigneeId" IS NULL OR rc."assigneeId" = ${member.userId}::uuid)`);
  const rows = await prisma.$queryRaw<{ id: string }[]>`
    SELECT v."id" FROM "Verification" v
    LEFT JOIN "ReviewCase" rc ON rc."verificationId" = v."id"
    LEFT JOIN "Verification" cur ON cur."id" = ${currentId}::uuid AND cur."accountId" = ${member.accountId}::uuid
    WHERE ${Prisma.join(where, " AND ")}
    ORDER BY (cur."id" IS NOT NULL AND (${WAITING}, v."id") > (COALESCE(cur."completedAt", cur."createdAt"), cur."id")) DESC,
             ${WAITING} ASC, v."id" ASC
    LIMIT 1`;
  return rows[0]?.id ?? null;
}

/** The account's SLA hours (amber, red). */
export async function reviewSla(accountId: string): Promise<{ amberHours: number; redHours: number }> {
  const a = await prisma.account.findUniqueOrThrow({
    where: { id: accountId },
    select: { reviewSlaAmberHours: true, reviewSlaRedHours: true },
  });
  return { amberHours: a.reviewSlaAmberHours, redHours: a.reviewSlaRedHours };
}
