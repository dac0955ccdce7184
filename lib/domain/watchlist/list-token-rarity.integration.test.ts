import { randomUUID } from "node:crypto";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { importWatchlist } from "@/lib/domain/watchlist/import/import-watchlist";
import { screenName } from "@/lib/domain/watchlist/screen-name";
import { matchData } from "@/lib/checks/watchlist-check/match-data";
import { MIN_ENTRIES } from "@/lib/engines/names/token-rarity";

// A list's common tokens weigh less once the list is large enough to count them, and the counts follow the list:
// a re-import counts again.
const accountId = randomUUID();
const listName = `test-rarity-${randomUUID()}`;
const dir = mkdtempSync(path.join(tmpdir(), "rarity-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

// letters only, so every filler surname is a name token of its own: 0 → ZBAA, 1 → ZBAB …
const surname = (i: number) => `ZB${String.fromCharCode(65 + Math.floor(i / 26))}${String.fromCharCode(65 + (i % 26))}`;

async function importList(fillers: number): Promise<void> {
  const header = "id,schema,name,aliases,birth_date,countries,sanctions,program_ids,dataset,last_change";
  const rows = [`target,Person,Akhtar Mohammad Mansour Shah Mohammed,,,,,TEST,,`];
  // every filler entry is a MOHAMMAD: the token says little about who is named on this list
  for (let i = 0; i < fillers; i++) rows.push(`filler-${i},Person,Mohammad ${surname(i)},,,,,TEST,,`);
  const file = path.join(dir, `targets-${fillers}.csv`);
  writeFileSync(file, [header, ...rows].join("\n") + "\n");
  await importWatchlist({ format: "opensanctions-csv", file, name: listName, accountId });
}

const target = async () => {
  const result = await screenName({ fullName: "Akhtar Mansour", threshold: 0.5, accountId });
  return result.matches.find((m) => m.externalId === "target");
};

describe("list token rarity", () => {
  it("lets a token most entries of the list carry cost less when the screened name omits it", async () => {
    await importList(MIN_ENTRIES + 100);
    const counted = (await target())!;
    // the reviewer is told which tokens counted for less
    expect(matchData(counted).score_breakdown.evidence).toContainEqual(
      expect.stringMatching(/^common on the list, weighed less: MOHAMMAD ×0\.\d+$/),
    );
    // re-imported with too few entries to count: every token in full again
    await importList(10);
    const flat = (await target())!;
    expect(flat.breakdown.commonTokens).toEqual([]);
    expect(counted.score).toBeGreaterThan(flat.score);
  });
});
