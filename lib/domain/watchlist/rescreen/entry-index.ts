import type { WatchlistEntityType } from "@/generated/prisma/enums";
import { japaneseReadings } from "@/lib/engines/names/japanese";
import { normalizeName, type NormalizedName } from "@/lib/engines/names/normalize";
import { withCutWords } from "@/lib/engines/names/cut-word";
import { entryNameForms } from "@/lib/domain/watchlist/entry-names";
import { queryPhoneticKeys } from "@/lib/engines/names/phonetic";
import { DEFAULT_WATCHLIST_THRESHOLD, scoreEntry, type ScoredEntry } from "@/lib/engines/names/score";
import { FULL_WEIGHT, type TokenRarity } from "@/lib/engines/names/token-rarity";

// Re-screening many identities against a set of entries (a list's changed entries, or a chunk of a new list): the
// entries go into an in-memory inverted index by the phonetic keys the importer stored, and each identity looks up
// its query keys there, as screen-name.ts does in SQL (GIN `&&`). Only entries sharing a key are scored, with the
// same scoring, threshold and candidate cap as verification-time screening, so a re-screen finds what screening
// the identity today would find among these entries.

/** The same cap as screen-name.ts: entries sharing the most keys first. */
const CANDIDATE_LIMIT = 2000;

export type IndexedEntry = {
  sourceId: string;
  listName: string;
  externalId: string;
  entityType: WatchlistEntityType;
  primaryName: string;
  aliases: string[];
  normalizedNames: string[];
  phoneticKeys: string[];
  birthDates: string[];
  programs: string[];
};

type Prepared = IndexedEntry & { names: string[]; normalized: NormalizedName[] };

export type ScreenedIdentity = {
  verificationId: string;
  fullName: string;
  dateOfBirth: string | null;
  /** the date of birth was the applicant's own statement (score.ts STATED_DOB_CONFLICT) */
  dateOfBirthStated: boolean;
  threshold: number | null;
  /** the name's words the passport's zone may have cut (WATCHLIST_CHECK's words_cut_by_zone; cut-word.ts) */
  cutWords?: readonly string[];
  /** `list|externalId` of the matches recorded when it was verified: a reviewer saw (and approved past) them */
  seen: ReadonlySet<string>;
};

export type RescreenHit = { verificationId: string; entry: IndexedEntry; scored: ScoredEntry };

export const seenKey = (listName: string, externalId: string) => `${listName}|${externalId}`;

export class EntryIndex {
  private readonly entries: Prepared[] = [];
  private readonly byKey = new Map<string, number[]>();

  /** `rarity`: the token weights of the entries' list (list-token-rarity.ts), as screening uses them */
  constructor(
    entries: readonly IndexedEntry[],
    private readonly rarity: TokenRarity = FULL_WEIGHT,
  ) {
    for (const entry of entries) {
      const names = [entry.primaryName, ...entry.aliases];
      const position = this.entries.length;
      this.entries.push({
        ...entry,
        names,
        // the same reading of the names as screen-name.ts (the stored keys serve the lookup only)
        normalized: entryNameForms(entry.entityType, names),
      });
      for (const key of entry.phoneticKeys) {
        const list = this.byKey.get(key);
        if (list) list.push(position);
        else this.byKey.set(key, [position]);
      }
    }
  }

  get size(): number {
    return this.entries.length;
  }

  /**
   * The entries an identity matches at or above its threshold, except those it matched when it was verified. A name in
   * kanji is read in Japanese too, as screen-name.ts reads it, once the caller has loaded the reader
   * (`loadJapaneseReader`).
   */
  screen(identity: ScreenedIdentity): RescreenHit[] {
    const query = withCutWords(normalizeName(identity.fullName), identity.cutWords);
    query.readings.push(...japaneseReadings(identity.fullName));
    const keys = queryPhoneticKeys(query);
    if (keys.length === 0 || this.entries.length === 0) return [];
    const shared = new Map<number, number>();
    for (const key of keys)
      for (const position of this.byKey.get(key) ?? []) shared.set(position, (shared.get(position) ?? 0) + 1);
    let candidates = [...shared.keys()];
    if (candidates.length > CANDIDATE_LIMIT)
      candidates = candidates.sort((a, b) => shared.get(b)! - shared.get(a)! || a - b).slice(0, CANDIDATE_LIMIT);
    const threshold = identity.threshold ?? DEFAULT_WATCHLIST_THRESHOLD;
    const hits: RescreenHit[] = [];
    for (const position of candidates) {
      const entry = this.entries[position]!;
      if (identity.seen.has(seenKey(entry.listName, entry.externalId))) continue;
      const scored = scoreEntry(
        { name: query, dateOfBirth: identity.dateOfBirth, dateOfBirthStated: identity.dateOfBirthStated },
        { names: entry.names, normalized: entry.normalized, birthDates: entry.birthDates, rarity: this.rarity },
      );
      if (scored.score >= threshold) hits.push({ verificationId: identity.verificationId, entry, scored });
    }
    return hits;
  }
}
