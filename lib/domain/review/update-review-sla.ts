import "server-only";
import { z } from "zod";
import { prisma } from "@/lib/core/db";
import { byMember, recordAudit } from "@/lib/domain/audit/record-audit";
import { assertCan, type Member } from "@/lib/auth/permissions";

// The queue's SLA colours: a case waiting `amberHours` shows amber, `redHours` red (defaults 24 and 48 h).
export const ReviewSlaSchema = z
  .object({
    amberHours: z.coerce.number().int("Whole hours").min(1, "At least 1 hour").max(720, "At most 720 hours (30 days)"),
    redHours: z.coerce.number().int("Whole hours").min(1, "At least 1 hour").max(720, "At most 720 hours (30 days)"),
  })
  .refine((s) => s.redHours > s.amberHours, { path: ["redHours"], message: "Red must come after amber" });

/** Saves the account's SLA hours (owners and admins), audited. */
export async function updateReviewSla(member: Member, input: z.input<typeof ReviewSlaSchema>) {
  assertCan(member, "manageReview");
  const { amberHours, redHours } = ReviewSlaSchema.parse(input);
  await prisma.$transaction([
    prisma.account.update({
      where: { id: member.accountId },
      data: { reviewSlaAmberHours: amberHours, reviewSlaRedHours: redHours },
    }),
    recordAudit(prisma, {
      ...byMember(member),
      action: "review.sla.changed",
      target: { type: "Account", id: member.accountId },
      data: { amberHours, redHours },
    }),
  ]);
  return { amberHours, redHours };
}
