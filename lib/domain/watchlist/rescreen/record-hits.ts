import "server-only";
import type { Prisma } from "@/generated/prisma/client";
import type { Tx } from "@/lib/core/db";
import { recordEvent } from "@/lib/domain/events/record-event";
import type { RescreenHit } from "@/lib/domain/watchlist/rescreen/entry-index";

export const WATCHLIST_HIT_EVENT = "identity_watchlist_hit" as const;

/** Which of the screened fields agreed with the entry, for the reviewer and the event (names only, no values). */
export function matchedFields(hit: Pick<RescreenHit, "scored">): string[] {
  const fields = ["name"];
  if (hit.scored.dob === "EXACT" || hit.scored.dob === "SAME_YEAR" || hit.scored.dob === "NEAR_YEAR")
    fields.push("date_of_birth");
  return fields;
}

/** The event's own fields: the list's side of the hit, no screened value (docs/api.md, identity_watchlist_hit). */
export function hitEventFields(alert: {
  id: string;
  listName: string;
  externalId: string;
  entityType: string;
  entryName: string;
  matchedName: string;
  programs: string[];
  score: number;
  details: unknown;
}) {
  const details = alert.details as { matchedFields?: string[]; dob?: string };
  return {
    alertId: alert.id,
    score: alert.score,
    matchedFields: details.matchedFields ?? ["name"],
    dobAgreement: details.dob ?? "UNKNOWN",
    entry: {
      list: alert.listName,
      externalId: alert.externalId,
      entityType: alert.entityType,
      name: alert.entryName,
      matchedName: alert.matchedName,
      programs: alert.programs,
    },
  };
}

/**
 * Writes the alerts of a batch's hits that are new — the unique (verification, list, entry id) drops every pair
 * raised before, whatever became of it — and one `identity_watchlist_hit` event per new alert, with its deliveries,
 * in the caller's transaction. Returns how many alerts were new.
 */
export async function recordHits(tx: Tx, jobId: string, hits: RescreenHit[]): Promise<number> {
  if (hits.length === 0) return 0;
  // one verification screened by two WATCHLIST_CHECK steps can hit the same entry twice: the best score counts
  const best = new Map<string, RescreenHit>();
  for (const hit of hits) {
    const key = `${hit.verificationId}|${hit.entry.sourceId}|${hit.entry.externalId}`;
    if ((best.get(key)?.scored.score ?? -1) < hit.scored.score) best.set(key, hit);
  }
  const subjects = await tx.verification.findMany({
    where: { id: { in: [...new Set([...best.values()].map((h) => h.verificationId))] } },
    select: { id: true, accountId: true, workflowId: true, metadata: true, linkSigned: true },
  });
  const byId = new Map(subjects.map((s) => [s.id, s]));
  const created = await tx.watchlistAlert.createManyAndReturn({
    data: [...best.values()].flatMap((hit) => {
      const subject = byId.get(hit.verificationId);
      if (!subject) return [];
      const { scored, entry } = hit;
      return [
        {
          accountId: subject.accountId,
          verificationId: hit.verificationId,
          sourceId: entry.sourceId,
          listName: entry.listName,
          externalId: entry.externalId,
          entityType: entry.entityType,
          entryName: entry.primaryName,
          matchedName: scored.matchedName,
          programs: entry.programs,
          score: scored.score,
          details: {
            matchedFields: matchedFields(hit),
            nameScore: scored.nameScore,
            tokenScore: scored.tokenScore,
            fullScore: scored.fullScore,
            dob: scored.dob,
            dobAdjustment: scored.dobAdjustment,
            // the list's tokens that matched and how closely: the screened tokens are personal data, not kept here
            listTokens: scored.pairs.map((p) => ({ token: p.list, similarity: p.similarity })),
          } satisfies Prisma.InputJsonObject,
          jobId,
        },
      ];
    }),
    skipDuplicates: true,
  });
  for (const alert of created) {
    const subject = byId.get(alert.verificationId)!;
    await recordEvent(tx, subject, WATCHLIST_HIT_EVENT, hitEventFields(alert));
  }
  return created.length;
}
