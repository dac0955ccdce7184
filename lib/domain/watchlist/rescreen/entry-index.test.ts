import { describe, expect, it } from "vitest";
import { toEntryRow } from "@/lib/domain/watchlist/import/entry-row";
import { EntryIndex, seenKey, type IndexedEntry } from "@/lib/domain/watchlist/rescreen/entry-index";
import { loadJapaneseReader } from "@/lib/engines/names/japanese";

const entry = (
  externalId: string,
  primaryName: string,
  aliases: string[] = [],
  birthDates: string[] = [],
): IndexedEntry => {
  const row = toEntryRow("source-1", {
    externalId,
    entityType: "PERSON",
    primaryName,
    aliases,
    birthDates,
    countries: [],
    programs: ["P"],
    remarks: null,
  });
  return { ...row, listName: "list", entityType: "PERSON" };
};

const index = new EntryIndex([
  entry("e1", "Muammar Gaddafi", ["Moammar Qadhafi"], ["1942-06-07"]),
  entry("e2", "Ivan Petrovich Fiktivov", [], ["1961-04-02"]),
  entry("e3", "Jane Example Doe"),
  entry("e4", "Hayao Miyazaki"),
  entry("e5", "Maria Guadalupe Esperanza Ficticia"),
]);
const identity = (fullName: string, dateOfBirth: string | null = null, seen: string[] = [], stated = false) => ({
  verificationId: "v1",
  fullName,
  dateOfBirth,
  dateOfBirthStated: stated,
  threshold: null,
  seen: new Set(seen),
});

describe("EntryIndex", () => {
  it("reads the name's last word as the passport's zone cut it, as the verification's screening did", () => {
    // a TD1 card's FICTICIA<<MARIA<GUADALUPE<ESPE: WATCHLIST_CHECK recorded words_cut_by_zone ["ESPE"]
    const screened = identity("MARIA GUADALUPE ESPE FICTICIA");
    expect(index.screen(screened)).toEqual([]);
    const hits = index.screen({ ...screened, cutWords: ["ESPE"] });
    expect(hits.map((h) => h.entry.externalId)).toEqual(["e5"]);
  });

  it("finds a spelling variant through the phonetic keys, with the date of birth counted", () => {
    const hits = index.screen(identity("Moamar Kadhafi", "1942-06-07"));
    expect(hits.map((h) => h.entry.externalId)).toEqual(["e1"]);
    expect(hits[0]!.scored).toMatchObject({ dob: "EXACT" });
  });

  it("lets a birth date only the applicant stated lower a same-name match, not clear it", () => {
    // the listed date is 1961-04-02: a document's other date clears the namesake, the applicant's own word does not
    expect(index.screen(identity("Ivan Petrovich Fiktivov", "1990-01-01"))).toEqual([]);
    const hits = index.screen(identity("Ivan Petrovich Fiktivov", "1990-01-01", [], true));
    expect(hits.map((h) => h.entry.externalId)).toEqual(["e2"]);
    expect(hits[0]!.scored).toMatchObject({ dob: "CONFLICT", dobAdjustment: -0.1, score: 0.9 });
  });

  it("skips what the verification already matched, and names below the threshold", () => {
    expect(index.screen(identity("Moamar Kadhafi", "1942-06-07", [seenKey("list", "e1")]))).toEqual([]);
    expect(index.screen(identity("Ivan Smirnov"))).toEqual([]);
    expect(index.screen(identity("--"))).toEqual([]);
  });

  it("reads an identity's name in kanji in Japanese, as screening at verification time does", async () => {
    // in Mandarin alone 宮崎駿 is GONG QI JUN: nothing in common with the listed Latin name
    expect(index.screen(identity("宮崎駿"))).toEqual([]);
    await loadJapaneseReader();
    expect(index.screen(identity("宮崎駿")).map((h) => h.entry.externalId)).toEqual(["e4"]);
  });
});
