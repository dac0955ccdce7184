import "server-only";
import { z } from "zod";
import { clock } from "@/lib/core/clock";
import { prisma } from "@/lib/core/db";
import { byMember, recordAudit } from "@/lib/domain/audit/record-audit";
import { assertCan, type Member } from "@/lib/auth/permissions";
import { DashboardError, NotFoundError } from "@/lib/core/errors";

type Actor = Pick<Member, "accountId" | "userId" | "role">;

export type AlertDetails = {
  matchedFields: string[];
  nameScore: number;
  dob: string;
  listTokens: { token: string; similarity: number }[];
};

export type OpenAlert = {
  id: string;
  verificationId: string;
  listName: string;
  externalId: string;
  entryName: string;
  matchedName: string;
  programs: string[];
  score: number;
  details: AlertDetails;
  createdAt: Date;
};

const LIMIT = 200;

/** The account's open alerts, newest first (at most 200: a list is worked down, not browsed). */
export async function listOpenAlerts(member: Actor): Promise<{ alerts: OpenAlert[]; total: number }> {
  assertCan(member, "review");
  const where = { accountId: member.accountId, status: "OPEN" as const };
  const [alerts, total] = await Promise.all([
    prisma.watchlistAlert.findMany({
      where,
      orderBy: [{ createdAt: "desc" }, { id: "desc" }],
      take: LIMIT,
      select: {
        id: true,
        verificationId: true,
        listName: true,
        externalId: true,
        entryName: true,
        matchedName: true,
        programs: true,
        score: true,
        details: true,
        createdAt: true,
      },
    }),
    prisma.watchlistAlert.count({ where }),
  ]);
  return { alerts: alerts.map((a) => ({ ...a, details: a.details as unknown as AlertDetails })), total };
}

export const AlertDecisionSchema = z.object({
  alertId: z.uuid(),
  decision: z.enum(["DISMISSED", "CONFIRMED"]),
});

/**
 * A reviewer's decision on an open alert: DISMISSED (not this person) or CONFIRMED (this person is on the list).
 * Confirming records the finding; it does not change the verification's own decision, which was taken on the data
 * of its day (docs/watchlists.md, "Ongoing screening"). Audit-logged; taken once.
 */
export async function decideAlert(member: Actor, input: z.input<typeof AlertDecisionSchema>): Promise<void> {
  assertCan(member, "review");
  const { alertId, decision } = AlertDecisionSchema.parse(input);
  await prisma.$transaction(async (tx) => {
    const alert = await tx.watchlistAlert.findFirst({
      where: { id: alertId, accountId: member.accountId },
      select: { id: true, status: true, verificationId: true, listName: true, externalId: true, score: true },
    });
    if (!alert) throw new NotFoundError("Alert not found");
    const now = clock.now();
    const updated = await tx.watchlistAlert.updateMany({
      where: { id: alert.id, status: "OPEN" },
      data: { status: decision, decidedById: member.userId, decidedAt: now },
    });
    if (updated.count === 0) throw new DashboardError("This alert was already decided.");
    await recordAudit(tx, {
      ...byMember(member),
      action: decision === "CONFIRMED" ? "watchlist_alert.confirmed" : "watchlist_alert.dismissed",
      target: { type: "Verification", id: alert.verificationId },
      data: { alertId: alert.id, list: alert.listName, externalId: alert.externalId, score: alert.score },
      at: now,
    });
  });
}

/** Whether the account's approved verifications are screened again when a list changes. */
export async function getOngoingScreening(member: Actor): Promise<boolean> {
  assertCan(member, "manageAccount");
  const account = await prisma.account.findUniqueOrThrow({
    where: { id: member.accountId },
    select: { ongoingScreening: true },
  });
  return account.ongoingScreening;
}

/**
 * Opts the account in or out. Turning it on also queues its baseline: one full re-screening run per list the account
 * screens against (the shared lists and its own), for its approved verifications only, so identities approved before
 * the opt-in are checked against today's lists rather than only against the next update. Alerts are unique per
 * verification and entry: turning it off and on again queues the runs again but raises nothing twice.
 */
export async function setOngoingScreening(member: Actor, enabled: boolean): Promise<{ baselineLists: number }> {
  assertCan(member, "manageAccount");
  return prisma.$transaction(async (tx) => {
    // the row lock orders two concurrent opt-ins: only the one that finds it off queues the baseline
    const [before] = await tx.$queryRaw<{ on: boolean }[]>`
      SELECT "ongoingScreening" AS "on" FROM "Account" WHERE "id" = ${member.accountId}::uuid FOR UPDATE`;
    await tx.account.update({ where: { id: member.accountId }, data: { ongoingScreening: enabled } });
    let baselineLists = 0;
    if (enabled && before && !before.on) {
      const lists = await tx.watchlistSource.findMany({
        where: { OR: [{ accountId: null }, { accountId: member.accountId }] },
        select: { id: true },
      });
      await tx.watchlistRescreenJob.createMany({
        data: lists.map((list) => ({ sourceId: list.id, accountId: member.accountId, isFull: true, externalIds: [] })),
      });
      baselineLists = lists.length;
    }
    await recordAudit(tx, {
      ...byMember(member),
      action: "account.ongoing_screening_changed",
      target: { type: "Account", id: member.accountId },
      data: { enabled, baselineLists },
    });
    return { baselineLists };
  });
}
