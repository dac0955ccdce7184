import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { prisma } from "@/lib/core/db";
import { importWatchlist, SYNTHETIC_LIST_FILE } from "@/lib/domain/watchlist/import/import-watchlist";
import { toEntryRow } from "@/lib/domain/watchlist/import/entry-row";
import { screenName } from "@/lib/domain/watchlist/screen-name";
import { NORMALIZER_VERSION } from "@/lib/engines/names/normalize";

// A list stored by an older normaliser (issue 30 changed tokens and keys) must be re-indexed before it is screened,
// or its entries are silently missed; weak aliases are stored and screened only on request.
const accountId = randomUUID();
const listName = `test-reindex-${randomUUID()}`;
const screen = (fullName: string, includeWeakAliases = false) =>
  screenName({ fullName, threshold: 0.7, accountId, includeWeakAliases });

beforeAll(async () => {
  await importWatchlist({ format: "synthetic", file: SYNTHETIC_LIST_FILE, name: listName, accountId });
});

describe("stale lists and weak aliases", () => {
  it("re-indexes a list stored by an older normaliser before screening it, so its entries are found again", async () => {
    const source = await prisma.watchlistSource.findUniqueOrThrow({ where: { name: listName } });
    expect(source.normalizerVersion).toBe(NORMALIZER_VERSION);
    // what a list imported before issue 30 looks like to today's screening: keys it no longer computes
    await prisma.$executeRaw`UPDATE "WatchlistEntry" SET "phoneticKeys" = ARRAY['OLD']::text[], "normalizedNames" = ARRAY['OLD']::text[] WHERE "sourceId" = ${source.id}::uuid`;
    await prisma.watchlistSource.update({ where: { id: source.id }, data: { normalizerVersion: 0 } });

    const result = await screen("Ivan Fiktivov");
    expect(result.matches.map((m) => m.externalId)).toContain("syn-0001");
    expect(await prisma.watchlistSource.findUniqueOrThrow({ where: { id: source.id } })).toMatchObject({
      normalizerVersion: NORMALIZER_VERSION,
    });
    const ivan = await prisma.watchlistEntry.findFirstOrThrow({
      where: { sourceId: source.id, externalId: "syn-0001" },
    });
    expect(ivan.normalizedNames[0]).toBe("IVAN PETROVICH FIKTIVOV");
    expect(ivan.phoneticKeys).not.toContain("OLD");
  });

  it("stores a list's weak aliases apart and screens them only when asked", async () => {
    const row = toEntryRow("source", {
      externalId: "x",
      entityType: "PERSON",
      primaryName: "Abu Example",
      aliases: ["Abu Exemplar"],
      lowQualityAliases: ["Abu Sample", "Abu Exemplar"],
      birthDates: [],
      countries: [],
      programs: [],
      remarks: null,
    } as Parameters<typeof toEntryRow>[1]);
    expect(row.weakAliases).toEqual(["Abu Sample"]);
    expect(row.normalizedNames).toEqual(["ABU EXAMPLE", "ABU EXEMPLAR", "ABU SAMPLE"]);

    const source = await prisma.watchlistSource.findUniqueOrThrow({ where: { name: listName } });
    await prisma.watchlistEntry.updateMany({
      where: { sourceId: source.id, externalId: "syn-0005" },
      data: { weakAliases: ["Quentin Weakalias"] },
    });
    // the keys of the new alias come with the re-index, as they come with an import
    await prisma.watchlistSource.update({ where: { id: source.id }, data: { normalizerVersion: 0 } });
    expect((await screen("Quentin Weakalias")).matches).toEqual([]);
    const weak = await screen("Quentin Weakalias", true);
    expect(weak.matches.map((m) => [m.externalId, m.isWeakAlias])).toEqual([["syn-0005", true]]);
  });
});
