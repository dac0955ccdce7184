import "server-only";
import { Prisma } from "@/generated/prisma/client";
import { clock } from "@/lib/core/clock";
import { openJson } from "@/lib/core/crypto/field-crypto";
import { prisma } from "@/lib/core/db";
import { secrets } from "@/lib/core/secrets";
import {
  EntryIndex,
  seenKey,
  type IndexedEntry,
  type ScreenedIdentity,
} from "@/lib/domain/watchlist/rescreen/entry-index";
import { recordHits } from "@/lib/domain/watchlist/rescreen/record-hits";
import { listTokenRarity } from "@/lib/domain/watchlist/list-token-rarity";
import { HAN_ONLY, loadJapaneseReader } from "@/lib/engines/names/japanese";
import { defineLease } from "@/lib/jobs/lease";

// Runs the re-screening jobs the list imports queued (queue-rescreen.ts): entries in chunks (an in-memory index
// each, entry-index.ts), the identities of approved, unerased verifications of opted-in accounts in keyset batches.
// Each batch commits its alerts, their events and the job's cursors in ONE transaction, guarded by the claim: a
// crash loses at most the batch in hand, and a worker whose claim expired cannot write over its successor.

export const ENTRY_CHUNK = 50_000;
export const IDENTITY_BATCH = 1_000;

type JobRow = {
  id: string;
  sourceId: string;
  /** set: an account's baseline screening (its opt-in) — that account's verifications only */
  accountId: string | null;
  isFull: boolean;
  externalIds: string[];
  entryCursor: string | null;
  verificationCursor: string | null;
  attempts: number;
};

export type RescreenRunSummary = { jobs: number; finished: number; screened: number; alerts: number };

class LostClaim extends Error {
  name = "LostClaim";
}

const rescreenLease = defineLease<JobRow>({
  table: "WatchlistRescreenJob",
  open: Prisma.sql`"doneAt" IS NULL`,
  orderBy: "createdAt",
  countsAttempts: true, // the claim's attempt number guards every write of the run (LostClaim)
  returning: ["id", "sourceId", "accountId", "isFull", "externalIds", "entryCursor", "verificationCursor", "attempts"],
});

async function claimJob(): Promise<JobRow | null> {
  const [job] = await rescreenLease.claim(1);
  return job ?? null;
}

async function loadEntries(job: JobRow, listName: string): Promise<IndexedEntry[]> {
  const rows = await prisma.$queryRaw<Omit<IndexedEntry, "sourceId" | "listName">[]>`
    SELECT "externalId", "entityType"::text AS "entityType", "primaryName", "aliases", "normalizedNames",
           "phoneticKeys", "birthDates", "programs"
    FROM "WatchlistEntry"
    WHERE "sourceId" = ${job.sourceId}::uuid AND "entityType"::text IN ('PERSON', 'OTHER')
      ${job.entryCursor === null ? Prisma.empty : Prisma.sql`AND "externalId" > ${job.entryCursor}`}
      ${job.isFull ? Prisma.empty : Prisma.sql`AND "externalId" = ANY(${job.externalIds}::text[])`}
    ORDER BY "externalId" LIMIT ${ENTRY_CHUNK}`;
  return rows.map((row) => ({ ...row, sourceId: job.sourceId, listName }));
}

const text = (value: unknown) => (typeof value === "string" && value.trim() ? value.trim() : null);

/**
 * The next batch of identities: the name and date of birth each WATCHLIST_CHECK step screened (its sealed data,
 * opened here), with the threshold it used. Erased verifications are not read (their data is gone); an account's
 * own list screens that account's verifications only.
 */
async function loadIdentities(scopeAccountId: string | null, cursor: string | null) {
  const rows = await prisma.$queryRaw<{ id: string; data: unknown }[]>`
    WITH batch AS (
      SELECT v."id" FROM "Verification" v JOIN "Account" a ON a."id" = v."accountId"
      WHERE a."ongoingScreening" AND v."status" = 'COMPLETED' AND v."result" = 'APPROVED' AND v."redactedAt" IS NULL
        ${scopeAccountId === null ? Prisma.empty : Prisma.sql`AND v."accountId" = ${scopeAccountId}::uuid`}
        ${cursor === null ? Prisma.empty : Prisma.sql`AND v."id" > ${cursor}::uuid`}
      ORDER BY v."id" LIMIT ${IDENTITY_BATCH})
    SELECT b."id", s."data" FROM batch b
    LEFT JOIN "VerificationStep" s ON s."verificationId" = b."id" AND s."processType" = 'WATCHLIST_CHECK' AND s."status" = 'COMPLETED'
    ORDER BY b."id"`;
  const key = secrets().keyring; // every configured key opens: rows sealed before a rotation are read too
  const identities: ScreenedIdentity[] = [];
  for (const row of rows) {
    if (!row.data) continue;
    const data = (openJson(key, row.data) ?? {}) as Record<string, unknown>;
    const fullName = text(data.screened_name);
    if (!fullName) continue;
    const matches = Array.isArray(data.matches) ? (data.matches as Record<string, unknown>[]) : [];
    identities.push({
      verificationId: row.id,
      fullName,
      dateOfBirth: text(data.screened_dob),
      // steps screened before dob_source was recorded: a name the applicant typed came with a typed date of birth
      dateOfBirthStated: (data.dob_source ?? (data.name_source === "INPUTS" ? "INPUTS" : null)) === "INPUTS",
      threshold: typeof data.threshold === "number" ? data.threshold : null,
      cutWords: Array.isArray(data.words_cut_by_zone)
        ? data.words_cut_by_zone.filter((w): w is string => typeof w === "string")
        : [],
      seen: new Set(matches.map((m) => seenKey(String(m.source), String(m.external_id)))),
    });
  }
  return { identities, last: rows.at(-1)?.id ?? null, count: new Set(rows.map((r) => r.id)).size };
}

async function finishJob(job: JobRow) {
  await prisma.watchlistRescreenJob.updateMany({
    where: { id: job.id, attempts: job.attempts, doneAt: null },
    data: { doneAt: clock.now(), lockedUntil: null },
  });
}

/**
 * Runs one claimed job until it is done or `deadline` (epoch ms) passes; then its claim is released so the next
 * run (this instance's or another's) resumes from the cursors.
 */
async function runJob(job: JobRow, deadline: number, summary: RescreenRunSummary): Promise<void> {
  const source = await prisma.watchlistSource.findUnique({
    where: { id: job.sourceId },
    select: { name: true, accountId: true, importedAt: true, normalizerVersion: true, entryCount: true },
  });
  if (!source) return finishJob(job);
  // whose verifications: the list owner's (an account's own list), the one account of a baseline job, or every
  // opted-in account (a shared list's import); a baseline job of one account on another account's list screens none
  const scope = source.accountId ?? job.accountId;
  if (source.accountId && job.accountId && source.accountId !== job.accountId) return finishJob(job);
  // nobody to screen (no account in the scope opted in): done without reading a verification
  const optedIn = await prisma.account.count({
    where: { ongoingScreening: true, ...(scope ? { id: scope } : {}) },
  });
  if (optedIn === 0) return finishJob(job);
  // the list's token weights, as screening at verification time uses them
  const rarity = await listTokenRarity({ sourceId: job.sourceId, ...source });
  for (;;) {
    const entries = await loadEntries(job, source.name);
    if (entries.length === 0) return finishJob(job);
    const index = new EntryIndex(entries, rarity);
    for (;;) {
      const batch = await loadIdentities(scope, job.verificationCursor);
      const chunkDone = batch.count === 0;
      // a name in kanji is read in Japanese too, as at verification time (screen-name.ts)
      if (batch.identities.some((identity) => HAN_ONLY.test(identity.fullName))) await loadJapaneseReader();
      const hits = batch.identities.flatMap((identity) => index.screen(identity));
      const next = chunkDone
        ? { entryCursor: entries.at(-1)!.externalId, verificationCursor: null }
        : { entryCursor: job.entryCursor, verificationCursor: batch.last };
      const alerts = await prisma.$transaction(
        async (tx) => {
          const created = await recordHits(tx, job.id, hits);
          const moved = await tx.watchlistRescreenJob.updateMany({
            where: { id: job.id, attempts: job.attempts, doneAt: null },
            data: {
              ...next,
              screened: { increment: batch.identities.length },
              alerts: { increment: created },
              lockedUntil: rescreenLease.leaseEnd(), // the batch renews the claim it commits under
            },
          });
          if (moved.count === 0) throw new LostClaim("the re-screening job was claimed by another run");
          return created;
        },
        { timeout: 120_000 },
      );
      Object.assign(job, next);
      summary.screened += batch.identities.length;
      summary.alerts += alerts;
      if (alerts > 0) {
        const { notifyWork } = await import("@/lib/jobs/dispatch");
        notifyWork("deliveries");
      }
      if (chunkDone) {
        if (entries.length < ENTRY_CHUNK) return finishJob(job);
        break;
      }
      if (Date.now() >= deadline) {
        await rescreenLease.release([job.id], Prisma.sql`"attempts" = ${job.attempts}`);
        return;
      }
    }
  }
}

/**
 * Claims and runs due re-screening jobs, one after the other, until none is left or `budgetMs` is spent (an
 * Inngest step must return within its request). Safe to call from any number of processes at once.
 */
export async function runDueRescreens({
  budgetMs = Infinity,
}: { budgetMs?: number } = {}): Promise<RescreenRunSummary> {
  const deadline = Date.now() + budgetMs;
  const summary: RescreenRunSummary = { jobs: 0, finished: 0, screened: 0, alerts: 0 };
  while (Date.now() < deadline) {
    const job = await claimJob();
    if (!job) break;
    summary.jobs++;
    try {
      await runJob(job, deadline, summary);
      const done = await prisma.watchlistRescreenJob.count({ where: { id: job.id, doneAt: { not: null } } });
      summary.finished += done;
    } catch (error) {
      if (error instanceof LostClaim) continue;
      // the claim is left to expire (ENGINE_LOCK_SECONDS): a failing job does not spin; the next run resumes it
      await prisma.watchlistRescreenJob
        .updateMany({
          where: { id: job.id, attempts: job.attempts },
          data: { lastError: (error as Error)?.name ?? "Error" },
        })
        .catch(() => undefined);
      throw error;
    }
  }
  return summary;
}
