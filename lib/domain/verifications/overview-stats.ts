import "server-only";
import { prisma } from "@/lib/core/db";

export type DayCounts = { day: string; APPROVED: number; DECLINED: number; MANUAL_REVIEW: number; other: number };

/**
 * What a compliance lead looks at first, over the last `days` days of one account: verifications per day by
 * result, the funnel (started → inputs completed → completed), median times to a decision, and the checks that
 * most often declined, of live or of test (sandbox) verifications. Every query is bounded by the (accountId, createdAt)
 * index.
 */
export async function overviewStats(accountId: string, now: Date, days = 30, mode: "live" | "test" = "live") {
  const since = new Date(now.getTime() - days * 86_400_000);
  const [perDay, funnel, timing, declines] = await Promise.all([
    prisma.$queryRaw<{ day: Date; result: string | null; n: bigint }[]>`
      SELECT date_trunc('day', "createdAt") AS day, "result"::text AS result, count(*) AS n
      FROM "Verification" WHERE "accountId" = ${accountId}::uuid AND "mode" = ${mode}::"DataMode" AND "createdAt" >= ${since}
      GROUP BY 1, 2 ORDER BY 1`,
    prisma.$queryRaw<{ started: bigint; inputs_completed: bigint; completed: bigint }[]>`
      SELECT count(*) AS started, count("inputsCompletedAt") AS inputs_completed, count(*) FILTER (WHERE "status" = 'COMPLETED') AS completed
      FROM "Verification" WHERE "accountId" = ${accountId}::uuid AND "mode" = ${mode}::"DataMode" AND "createdAt" >= ${since}`,
    prisma.$queryRaw<{ start_to_decision: number | null; inputs_to_decision: number | null }[]>`
      SELECT percentile_cont(0.5) WITHIN GROUP (ORDER BY extract(epoch FROM "completedAt" - "createdAt")) AS start_to_decision,
             percentile_cont(0.5) WITHIN GROUP (ORDER BY extract(epoch FROM "completedAt" - "inputsCompletedAt")) AS inputs_to_decision
      FROM "Verification" WHERE "accountId" = ${accountId}::uuid AND "mode" = ${mode}::"DataMode" AND "createdAt" >= ${since} AND "status" = 'COMPLETED'`,
    prisma.$queryRaw<{ process: string; check_name: string; n: bigint }[]>`
      SELECT s."processType"::text AS process, c AS check_name, count(*) AS n
      FROM "Verification" v JOIN "VerificationStep" s ON s."verificationId" = v."id", unnest(s."failedChecks") c
      WHERE v."accountId" = ${accountId}::uuid AND v."mode" = ${mode}::"DataMode" AND v."createdAt" >= ${since} AND v."result" = 'DECLINED'
      GROUP BY 1, 2 ORDER BY 3 DESC LIMIT 8`,
  ]);

  const byDay = new Map<string, DayCounts>();
  for (let i = days - 1; i >= 0; i--) {
    const day = new Date(now.getTime() - i * 86_400_000).toISOString().slice(0, 10);
    byDay.set(day, { day, APPROVED: 0, DECLINED: 0, MANUAL_REVIEW: 0, other: 0 });
  }
  for (const row of perDay) {
    const entry = byDay.get(row.day.toISOString().slice(0, 10));
    if (!entry) continue;
    const key =
      row.result === "APPROVED" || row.result === "DECLINED" || row.result === "MANUAL_REVIEW" ? row.result : "other";
    entry[key] += Number(row.n);
  }
  const f = funnel[0]!;
  return {
    days,
    perDay: [...byDay.values()],
    funnel: { started: Number(f.started), inputsCompleted: Number(f.inputs_completed), completed: Number(f.completed) },
    medianSeconds: {
      startToDecision: timing[0]?.start_to_decision ?? null,
      inputsToDecision: timing[0]?.inputs_to_decision ?? null,
    },
    declineReasons: declines.map((d) => ({ process: d.process, check: d.check_name, count: Number(d.n) })),
  };
}
