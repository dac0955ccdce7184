import { spawnSync } from "node:child_process";
import { createHash, randomUUID } from "node:crypto";
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { prisma } from "@/lib/core/db";
import { importWatchlist } from "@/lib/domain/watchlist/import/import-watchlist";

// The formats added for issue 30 through the real import path (format detection, parser, one transaction) into
// PostgreSQL. Every test imports under its own list name and account, as import-watchlist.integration.test.ts does.

const fixture = (name: string) => `lib/domain/watchlist/fixtures/${name}`;
const sha256 = (...files: string[]) => {
  const hash = createHash("sha256");
  for (const file of files) hash.update(readFileSync(file));
  return hash.digest("hex");
};
const uniqueName = (label: string) => `test-${label}-${randomUUID()}`;
const realCsv = path.resolve(process.cwd(), "../shared/data/watchlist-lists/ofac_sdn_csv");

async function entriesOf(name: string) {
  return prisma.watchlistEntry.findMany({ where: { source: { name } }, orderBy: { externalId: "asc" } });
}

/** An SDN CSV folder of `good` generated entries, then (optionally) one record with the wrong number of fields. */
function sdnFolder(good: number, broken: boolean) {
  const dir = mkdtempSync(`${tmpdir()}/sdn-csv-`);
  const rows = Array.from(
    { length: good },
    (_, i) => `${i + 1},"SYNTHETIC ${i + 1}, Exemplar","individual","SYN",-0- ,-0- ,-0- ,-0- ,-0- ,-0- ,-0- ,-0- `,
  );
  if (broken) rows.push('999999,"TRUNCATED"');
  writeFileSync(`${dir}/sdn.csv`, `${rows.join("\r\n")}\r\n`);
  return dir;
}

describe("importing the new list formats", () => {
  it("detects SDN_ADVANCED.XML and stores its entries with the programs of its SanctionsEntries", async () => {
    const name = uniqueName("ofac-advanced");
    const summary = await importWatchlist({
      format: "auto",
      file: fixture("sdn_advanced.xml"),
      name,
      accountId: randomUUID(),
    });
    expect(summary).toMatchObject({
      format: "OFAC_SDN_ADVANCED_XML",
      entryCount: 5,
      sourceVersion: "2026-03-06",
      checksum: sha256(fixture("sdn_advanced.xml")),
    });
    const entries = await entriesOf(name);
    expect(entries.map((e) => [e.externalId, e.entityType, e.programs])).toEqual([
      ["20540", "OTHER", ["DPRK3"]],
      ["22790", "PERSON", ["VENEZUELA"]],
      ["25057", "PERSON", []],
      ["36", "ORGANIZATION", ["CUBA"]],
      ["40716", "VESSEL", ["IRAN"]],
    ]);
    expect(entries.find((e) => e.externalId === "25057")).toMatchObject({
      primaryName: "al-Rawi, 'Adnan Muhammad Amin",
      aliases: ["Alrawi Adnan Mahmoud"],
      birthDates: ["1985-01-07", "1982-08-28"],
    });
  });

  it.each([
    ["eu_fsf.xml", "EU_FSF_XML", 3, "2026-03-02T18:27:12.180+01:00"],
    ["uk_sanctions_list.xml", "UK_SANCTIONS_LIST_XML", 3, "2026-04-29"],
  ] as const)("detects and imports %s as %s", async (file, format, count, version) => {
    const name = uniqueName(format);
    const summary = await importWatchlist({ format: "auto", file: fixture(file), name, accountId: randomUUID() });
    expect(summary).toMatchObject({ format, entryCount: count, sourceVersion: version });
    expect(await prisma.watchlistSource.findUniqueOrThrow({ where: { name } })).toMatchObject({
      format,
      entryCount: count,
    });
  });

  it.skipIf(!existsSync(realCsv))(
    "imports the real OFAC SDN CSV folder (../shared/data), checksumming all four files",
    async () => {
      const name = uniqueName("ofac-csv");
      const summary = await importWatchlist({ format: "auto", file: realCsv, name, accountId: randomUUID() });
      const files = ["alt.csv", "add.csv", "sdn_comments.csv", "sdn.csv"].map((f) => path.join(realCsv, f));
      expect(summary).toMatchObject({ format: "OFAC_SDN_CSV", entryCount: 17, checksum: sha256(...files) });
      const khoroshev = (await entriesOf(name)).find((e) => e.externalId === "48603")!;
      expect(khoroshev).toMatchObject({
        entityType: "PERSON",
        aliases: ["KHOROSHEV, Dmitriy Yurevich", "YURIEVICH, Dmitry", "KHOROSHEV, Dmitrii Yuryevich"],
        birthDates: ["1993-04-17"],
        programs: ["CYBER2"],
      });
    },
  );

  it("rolls a malformed file back after a thousand entries were written, leaving the previous list as it was", async () => {
    const name = uniqueName("malformed");
    const accountId = randomUUID();
    await importWatchlist({ format: "auto", file: fixture("eu_fsf.xml"), name, accountId });
    const before = await prisma.watchlistSource.findUniqueOrThrow({ where: { name } });

    // 1,500 good records reach the database (batches of 1,000) before the broken one
    await expect(importWatchlist({ format: "auto", file: sdnFolder(1500, true), name, accountId })).rejects.toThrow(
      /not an OFAC sdn.csv: record 1501 has 2 fields, expected 12/,
    );
    const unknown = mkdtempSync(`${tmpdir()}/unknown-`);
    writeFileSync(`${unknown}/list.xml`, "<Entities><Entity/></Entities>");
    await expect(importWatchlist({ format: "auto", file: `${unknown}/list.xml`, name, accountId })).rejects.toThrow(
      /unknown XML list format/,
    );
    expect(await prisma.watchlistSource.findUniqueOrThrow({ where: { name } })).toEqual(before);
    expect((await entriesOf(name)).map((e) => e.externalId)).toEqual(["13", "507", "600"]);
  });
});

describe("npm run watchlist:import with a folder and no --format", () => {
  const run = (...args: string[]) =>
    spawnSync("node_modules/.bin/tsx", ["--conditions=react-server", "server/watchlist-import.ts", ...args], {
      encoding: "utf8",
      env: process.env,
      timeout: 60_000,
    });

  it("reads the format from the folder and prints one summary line", async () => {
    const name = uniqueName("cli-csv");
    const accountId = randomUUID();
    const result = run("--file", sdnFolder(3, false), "--name", name, "--account", accountId, "--no-rescreen");
    expect(result.stderr).toBe("");
    expect(result.status).toBe(0);
    expect(result.stdout).toMatch(
      new RegExp(`^imported "${name}" \\(OFAC_SDN_CSV\\) for account ${accountId}: 3 entries `),
    );
    expect(await prisma.watchlistEntry.count({ where: { source: { name } } })).toBe(3);

    const unknownFormat = run("--file", fixture("sdn.xml"), "--format", "sdn-json");
    expect(unknownFormat.status).toBe(2);
    expect(unknownFormat.stderr).toMatch(/unknown --format "sdn-json"[\s\S]*ofac-sdn-csv\|ofac-sdn-advanced/);
  });
});
