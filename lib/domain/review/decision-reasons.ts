import "server-only";
import { z } from "zod";
import { prisma, type Tx } from "@/lib/core/db";
import { clock } from "@/lib/core/clock";
import { byMember, recordAudit } from "@/lib/domain/audit/record-audit";
import { assertCan, type Member } from "@/lib/auth/permissions";
import { DashboardError, NotFoundError } from "@/lib/core/errors";
import { isUuid } from "@/lib/core/ids";
import { hasControlCharacters } from "@/lib/domain/review/plain-text";

// The account's list of decision reasons: a reviewer picks one when approving or declining. Every account gets
// the defaults on first use (an account created before this feature too); owners and admins add, rename and
// archive (a reason a decided case points at is archived, never deleted, so the history keeps its label).

type Decision = "APPROVED" | "DECLINED";

export const DEFAULT_DECISION_REASONS: Record<Decision, string[]> = {
  APPROVED: [
    "All checks verified manually",
    "Document verified against a second source",
    "Name difference explained (e.g. transliteration)",
    "Watchlist hit is a false positive",
  ],
  DECLINED: [
    "Document expired",
    "Face does not match",
    "Suspected fraud",
    "Document unreadable or incomplete",
    "Confirmed watchlist match",
  ],
};

export type DecisionReasonOption = { id: string; decision: Decision; label: string; archived: boolean };

/** Seeds the defaults once per account (idempotent under concurrency: the unique (account, decision, label)). */
export async function ensureDecisionReasons(db: Tx, accountId: string): Promise<void> {
  if (await db.decisionReason.findFirst({ where: { accountId }, select: { id: true } })) return;
  await db.decisionReason.createMany({
    data: (Object.keys(DEFAULT_DECISION_REASONS) as Decision[]).flatMap((decision) =>
      DEFAULT_DECISION_REASONS[decision].map((label, position) => ({ accountId, decision, label, position })),
    ),
    skipDuplicates: true,
  });
}

/** The account's reasons, by decision then position; archived ones only when asked (the settings page). */
export async function listDecisionReasons(
  member: Pick<Member, "accountId">,
  { includeArchived = false } = {},
): Promise<DecisionReasonOption[]> {
  await ensureDecisionReasons(prisma, member.accountId);
  const rows = await prisma.decisionReason.findMany({
    where: { accountId: member.accountId, ...(includeArchived ? {} : { archivedAt: null }) },
    orderBy: [{ decision: "asc" }, { position: "asc" }, { label: "asc" }],
    select: { id: true, decision: true, label: true, archivedAt: true },
  });
  return rows.map((r) => ({
    id: r.id,
    decision: r.decision as Decision,
    label: r.label,
    archived: Boolean(r.archivedAt),
  }));
}

const Label = z
  .string()
  .trim()
  .min(3, "At least 3 characters")
  .max(120, "At most 120 characters")
  .refine((s) => !hasControlCharacters(s), "One line of plain text");

export const AddReasonSchema = z.object({ decision: z.enum(["APPROVED", "DECLINED"]), label: Label });
export const EditReasonSchema = z.object({
  reasonId: z.string().refine(isUuid, "Unknown reason"),
  label: Label.optional(),
  archived: z.boolean().optional(),
});

/** Adds a reason at the end of its decision's list (owners and admins). */
export async function addDecisionReason(member: Member, input: z.input<typeof AddReasonSchema>) {
  assertCan(member, "manageReview");
  const { decision, label } = AddReasonSchema.parse(input);
  await ensureDecisionReasons(prisma, member.accountId);
  return prisma.$transaction(async (tx) => {
    const clash = await tx.decisionReason.findFirst({
      where: { accountId: member.accountId, decision, label },
      select: { id: true },
    });
    if (clash) throw new DashboardError("That reason is already in the list");
    const last = await tx.decisionReason.aggregate({
      where: { accountId: member.accountId, decision },
      _max: { position: true },
    });
    const created = await tx.decisionReason.create({
      data: { accountId: member.accountId, decision, label, position: (last._max.position ?? -1) + 1 },
      select: { id: true },
    });
    await recordAudit(tx, {
      ...byMember(member),
      action: "review.reason.added",
      target: { type: "DecisionReason", id: created.id },
      data: { decision, label },
    });
    return created;
  });
}

/** Renames a reason, or archives / restores it (owners and admins). Decided cases keep the label they were given. */
export async function editDecisionReason(member: Member, input: z.input<typeof EditReasonSchema>) {
  assertCan(member, "manageReview");
  const { reasonId, label, archived } = EditReasonSchema.parse(input);
  return prisma.$transaction(async (tx) => {
    const current = await tx.decisionReason.findFirst({
      where: { id: reasonId, accountId: member.accountId },
      select: { id: true, decision: true, label: true },
    });
    if (!current) throw new NotFoundError("Reason not found");
    if (label && label !== current.label) {
      const clash = await tx.decisionReason.findFirst({
        where: { accountId: member.accountId, decision: current.decision, label },
        select: { id: true },
      });
      if (clash) throw new DashboardError("That reason is already in the list");
    }
    await tx.decisionReason.update({
      where: { id: reasonId },
      data: {
        ...(label ? { label } : {}),
        ...(archived === undefined ? {} : { archivedAt: archived ? clock.now() : null }),
      },
    });
    await recordAudit(tx, {
      ...byMember(member),
      action: "review.reason.changed",
      target: { type: "DecisionReason", id: reasonId },
      data: { from: current.label, ...(label ? { to: label } : {}), ...(archived === undefined ? {} : { archived }) },
    });
  });
}
