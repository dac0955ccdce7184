import "server-only";
import { prisma } from "@/lib/core/db";
import type { WatchlistEntityType, WatchlistFormat } from "@/generated/prisma/enums";
import { NORMALIZER_VERSION, normalizeName, type NameKind } from "@/lib/engines/names/normalize";
import { queryPhoneticKeys } from "@/lib/engines/names/phonetic";
import { withCutWords } from "@/lib/engines/names/cut-word";
import {
  HAN_ONLY,
  JAPANESE_LETTERS,
  japaneseOrganisationReading,
  japaneseReadings,
  loadJapaneseReader,
} from "@/lib/engines/names/japanese";
import { scoreEntry, type ScoredEntry } from "@/lib/engines/names/score";
import { entryNameForms } from "@/lib/domain/watchlist/entry-names";
import { withoutVesselPrefix } from "@/lib/engines/names/vessel";
import { reindexStaleLists } from "@/lib/domain/watchlist/reindex-stale-lists";
import { listTokenRarity } from "@/lib/domain/watchlist/list-token-rarity";

export type ScreenNameInput = {
  fullName: string;
  /** YYYY-MM-DD (or YYYY); absent: the name alone decides */
  dateOfBirth?: string | null;
  /** the date of birth is the person's own statement (no document read it): a conflict weighs less (score.ts) */
  dateOfBirthStated?: boolean;
  /** 0..1: matches scoring below are not returned */
  threshold: number;
  /** the verification's account: its own lists are screened besides the lists of every account */
  accountId?: string | null;
  /** the subject of a verification is a person: organisations and vessels are not screened unless asked */
  entityTypes?: readonly WatchlistEntityType[];
  /** how the screened name is read: a person's (default) or an organisation's / vessel's (legal forms) */
  nameKind?: NameKind;
  /** ISO 3166-1 alpha-2 nationality of the subject, when known: corroborating evidence */
  nationality?: string | null;
  /** M or F as the subject's document states it, when known: a listed entry of the other gender is weighed down */
  gender?: string | null;
  /** screen the aliases the publisher marks as weak (UN QUALITY "Low") too: WATCHLIST_WEAK_ALIASES */
  includeWeakAliases?: boolean;
  /** the words ending name fields a passport's zone filled to the end: perhaps cut there (cut-word.ts) */
  cutWords?: readonly string[];
  limit?: number;
};

export type ScreenedList = {
  name: string;
  format: WatchlistFormat;
  importedAt: Date;
  entryCount: number;
  sourceVersion: string | null;
};

export type WatchlistMatch = {
  entryId: string;
  source: string;
  externalId: string;
  entityType: WatchlistEntityType;
  primaryName: string;
  matchedName: string;
  aliases: string[];
  birthDates: string[];
  countries: string[];
  programs: string[];
  remarks: string | null;
  score: number;
  /** the matched name is one of the weak aliases */
  isWeakAlias: boolean;
  breakdown: Omit<ScoredEntry, "score" | "matchedName">;
};

export type ScreenNameResult = {
  lists: ScreenedList[];
  /** the screened name as compared (transliterated, sorted tokens) */
  normalizedName: string;
  /** false: the name gave no token to look up (no letters, only initials): nothing was compared */
  isScreenable: boolean;
  /** entries that shared a blocking key and were scored */
  candidates: number;
  matches: WatchlistMatch[];
};

const DEFAULT_TYPES: readonly WatchlistEntityType[] = ["PERSON", "OTHER"];
// blocking on a very common name (MOHAMMED, IVANOV) can hit thousands of entries: the ones sharing the most keys
// with the screened name are scored first, and a name that shares fewer keys than these cannot win anyway
const CANDIDATE_LIMIT = 2000;

type CandidateRow = {
  id: string;
  sourceId: string;
  sourceImportedAt: Date;
  sourceNormalizerVersion: number;
  sourceEntryCount: number;
  sourceName: string;
  externalId: string;
  entityType: WatchlistEntityType;
  primaryName: string;
  aliases: string[];
  weakAliases: string[] | null;
  birthDates: string[];
  countries: string[];
  programs: string[];
  remarks: string | null;
  gender: string | null;
};

/** The lists a verification of `accountId` is screened against (lists of every account, and its own). */
export async function screenedLists(accountId?: string | null): Promise<ScreenedList[]> {
  const lists = await prisma.watchlistSource.findMany({
    where: { entryCount: { gt: 0 }, OR: [{ accountId: null }, ...(accountId ? [{ accountId }] : [])] },
    select: {
      id: true,
      name: true,
      format: true,
      importedAt: true,
      entryCount: true,
      sourceVersion: true,
      normalizerVersion: true,
    },
    orderBy: { name: "asc" },
  });
  // a list stored by an older normaliser is re-indexed before anything is looked up in it
  const stale = lists.filter((l) => l.normalizerVersion < NORMALIZER_VERSION).map((l) => l.id);
  if (stale.length > 0) await reindexStaleLists(stale);
  return lists.map(({ name, format, importedAt, entryCount, sourceVersion }) => ({
    name,
    format,
    importedAt,
    entryCount,
    sourceVersion,
  }));
}

/**
 * Screens a name (and date of birth) against the imported lists: phonetic blocking in SQL (GIN `&&` on the
 * entries' keys), then every candidate scored in JS (lib/engines/names/score.ts). Returns the matches at or above the threshold,
 * best first.
 */
export async function screenName(input: ScreenNameInput): Promise<ScreenNameResult> {
  // an organisation's or vessel's name is read as one unless the caller says otherwise
  const kind =
    input.nameKind ?? (input.entityTypes && !input.entityTypes.includes("PERSON") ? "ORGANIZATION" : "PERSON");
  // a vessel's name is compared without its type prefix (M/V, MT …), as its entries' names are (entry-names.ts)
  const screenedTypes = input.entityTypes ?? [];
  const isVessel = screenedTypes.length > 0 && screenedTypes.every((type) => type === "VESSEL");
  const query = withCutWords(
    normalizeName(isVessel ? withoutVesselPrefix(input.fullName) : input.fullName, kind),
    kind === "PERSON" ? input.cutWords : null,
  );
  // a person's name in kanji may be Japanese: its reading joins the Mandarin and Sino-Korean ones
  if (kind === "PERSON" && HAN_ONLY.test(input.fullName)) {
    await loadJapaneseReader();
    query.readings.push(...japaneseReadings(input.fullName));
  }
  // an organisation's name in kanji or kana may be Japanese: its business words in English, the rest read in Hepburn
  if (kind === "ORGANIZATION" && JAPANESE_LETTERS.test(input.fullName)) {
    await loadJapaneseReader();
    const reading = japaneseOrganisationReading(input.fullName);
    if (reading) query.readings.push(reading);
  }
  const keys = queryPhoneticKeys(query);
  const lists = await screenedLists(input.accountId);
  // initials alone (J. K.) name nobody: at least one name token is needed to compare, as written or in a reading
  // (V L A D I M I R  P U T I N is thirteen initials as written, VLADIMIR PUTIN read: evasion.ts)
  const isScreenable =
    keys.length > 0 &&
    [query, ...query.readings].some((name) => name.parts.some((p) => p.role === "NAME" || p.role === "NUMBER"));
  if (!isScreenable || lists.length === 0)
    return { lists, normalizedName: query.key, isScreenable, candidates: 0, matches: [] };

  const types = [...(input.entityTypes ?? DEFAULT_TYPES)];
  const accountId = input.accountId ?? null;
  const rows = await prisma.$queryRaw<CandidateRow[]>`
    SELECT e."id", s."id"::text AS "sourceId", s."importedAt" AS "sourceImportedAt",
           s."normalizerVersion" AS "sourceNormalizerVersion", s."entryCount" AS "sourceEntryCount", s."name" AS "sourceName", e."externalId", e."entityType"::text AS "entityType", e."primaryName",
           e."aliases", e."weakAliases", e."birthDates", e."countries", e."programs", e."remarks", e."gender"
    FROM "WatchlistEntry" e
    JOIN "WatchlistSource" s ON s."id" = e."sourceId"
    WHERE e."phoneticKeys" && ${keys}::text[]
      AND e."entityType"::text = ANY(${types}::text[])
      AND (s."accountId" IS NULL OR s."accountId" = ${accountId}::uuid)
    ORDER BY cardinality(ARRAY(SELECT unnest(e."phoneticKeys") INTERSECT SELECT unnest(${keys}::text[]))) DESC, e."id"
    LIMIT ${CANDIDATE_LIMIT}`;

  // each candidate is weighed by its own list's token frequencies
  const rarities = new Map<string, Awaited<ReturnType<typeof listTokenRarity>>>();
  for (const row of rows)
    if (!rarities.has(row.sourceId))
      rarities.set(
        row.sourceId,
        await listTokenRarity({
          sourceId: row.sourceId,
          importedAt: row.sourceImportedAt,
          normalizerVersion: row.sourceNormalizerVersion,
          entryCount: row.sourceEntryCount,
        }),
      );

  const matches: WatchlistMatch[] = [];
  for (const row of rows) {
    const weak = input.includeWeakAliases ? (row.weakAliases ?? []) : [];
    const names = [row.primaryName, ...row.aliases, ...weak];
    const { score, matchedName, ...breakdown } = scoreEntry(
      {
        name: query,
        dateOfBirth: input.dateOfBirth,
        dateOfBirthStated: input.dateOfBirthStated,
        nationality: input.nationality,
        gender: input.gender,
      },
      {
        names,
        normalized: entryNameForms(row.entityType, names),
        birthDates: row.birthDates,
        countries: row.countries,
        gender: row.gender,
        rarity: rarities.get(row.sourceId),
      },
    );
    if (score < input.threshold) continue;
    matches.push({
      entryId: row.id,
      source: row.sourceName,
      externalId: row.externalId,
      entityType: row.entityType,
      primaryName: row.primaryName,
      matchedName,
      aliases: row.aliases,
      birthDates: row.birthDates,
      countries: row.countries,
      programs: row.programs,
      remarks: row.remarks,
      score,
      isWeakAlias: weak.includes(matchedName) && matchedName !== row.primaryName && !row.aliases.includes(matchedName),
      breakdown,
    });
  }
  matches.sort(
    (a, b) => b.score - a.score || a.source.localeCompare(b.source) || a.externalId.localeCompare(b.externalId),
  );
  return {
    lists,
    normalizedName: query.key,
    isScreenable,
    candidates: rows.length,
    matches: matches.slice(0, input.limit ?? 20),
  };
}
