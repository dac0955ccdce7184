import { spawnSync } from "node:child_process";
import { createHash, randomUUID } from "node:crypto";
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { prisma } from "@/lib/core/db";
import {
  importWatchlist,
  SYNTHETIC_LIST_FILE,
  type ListFormatFlag,
} from "@/lib/domain/watchlist/import/import-watchlist";

// Every test imports under its own list name and account: tests running in parallel never see each other's
// lists, and no list here is screened for every account.
const fixture = (name: string) => `lib/domain/watchlist/fixtures/${name}`;
const sha256 = (file: string) => createHash("sha256").update(readFileSync(file)).digest("hex");
const uniqueName = (label: string) => `test-${label}-${randomUUID()}`;

async function entriesOf(name: string) {
  return prisma.watchlistEntry.findMany({ where: { source: { name } }, orderBy: { externalId: "asc" } });
}

describe("importWatchlist", () => {
  it.each([
    ["ofac-sdn", "sdn.xml", "OFAC_SDN_XML", 5, "2026-11-20"],
    ["un", "consolidated.xml", "UN_CONSOLIDATED_XML", 3, "2026-11-19T22:00:05.123Z"],
    ["opensanctions-csv", "targets.simple.csv", "OPENSANCTIONS_CSV", 5, "2026-11-02T12:30:00"],
    ["opensanctions-ftm", "entities.ftm.json", "OPENSANCTIONS_FTM", 4, "2026-11-05T08:00:00"],
  ] as const)("imports %s (%s) into PostgreSQL", async (flag, file, format, count, version) => {
    const name = uniqueName(flag);
    const accountId = randomUUID();
    const summary = await importWatchlist({ format: flag as ListFormatFlag, file: fixture(file), name, accountId });
    expect(summary).toMatchObject({
      name,
      format,
      entryCount: count,
      replacedCount: 0,
      duplicates: 0,
      sourceVersion: version,
      checksum: sha256(fixture(file)),
    });

    const source = await prisma.watchlistSource.findUniqueOrThrow({ where: { name } });
    expect(source).toMatchObject({
      format,
      accountId,
      entryCount: count,
      sourceVersion: version,
      checksum: sha256(fixture(file)),
    });
    const entries = await entriesOf(name);
    expect(entries).toHaveLength(count);
    for (const entry of entries) {
      // parallel to [primaryName, ...aliases, ...weakAliases] (the weak ones are stored too, screened on request)
      expect(entry.normalizedNames).toHaveLength(1 + entry.aliases.length + entry.weakAliases.length);
      expect(entry.phoneticKeys.length).toBeGreaterThan(0);
    }
  });

  it("stores normalised names parallel to the names, transliterated, and their blocking keys", async () => {
    const name = uniqueName("ofac-names");
    await importWatchlist({ format: "ofac-sdn", file: fixture("sdn.xml"), name, accountId: randomUUID() });
    const ivan = (await entriesOf(name)).find((e) => e.externalId === "990001")!;
    expect(ivan).toMatchObject({
      entityType: "PERSON",
      primaryName: "FIKTIVOV, Ivan Petrovich",
      aliases: ["FIKTIVOFF, Ivan", "Фиктивов, Иван Петрович"],
      // in the written order, "SURNAME, Given" read as "Given SURNAME" (issue 30: sorted tokens hid word order)
      weakAliases: ["VANYA"],
      normalizedNames: ["IVAN PETROVICH FIKTIVOV", "IVAN FIKTIVOFF", "IVAN PETROVICH FIKTIVOV", "VANYA"],
      birthDates: ["1961-04-02"],
      programs: ["SYNTH-RUSSIA", "SYNTH-CYBER"],
    });
    expect(ivan.phoneticKeys).toEqual(expect.arrayContaining(["AFN", "FKTFF", "~FKTF", "~FN", "<FIK"]));
  });

  it("adds the programs of FtM Sanction entities to their targets, whichever comes first", async () => {
    const name = uniqueName("ftm-programs");
    await importWatchlist({
      format: "opensanctions-ftm",
      file: fixture("entities.ftm.json"),
      name,
      accountId: randomUUID(),
    });
    const programs = Object.fromEntries((await entriesOf(name)).map((e) => [e.externalId, e.programs]));
    expect(programs).toEqual({
      "syn-ftm-1": ["SYN-PROG-LATE"],
      "syn-ftm-2": ["SYN-PROG-EARLY"],
      "syn-ftm-4": [],
      "syn-ftm-5": ["SYN-NESTED"],
    });
  });

  it("replaces a list's entries on re-import, and a failed import leaves the previous list untouched", async () => {
    const name = uniqueName("replace");
    const accountId = randomUUID();
    await importWatchlist({ format: "opensanctions-csv", file: fixture("targets.simple.csv"), name, accountId });
    const before = await prisma.watchlistSource.findUniqueOrThrow({ where: { name } });

    // the wrong format (a truncated or mislabelled download) is refused and rolled back
    await expect(
      importWatchlist({ format: "opensanctions-csv", file: fixture("entities.ftm.json"), name, accountId }),
    ).rejects.toThrow(/targets.simple.csv/);
    await expect(importWatchlist({ format: "un", file: fixture("sdn.xml"), name, accountId })).rejects.toThrow(
      /no entries found/,
    );
    await expect(importWatchlist({ format: "un", file: fixture("missing.xml"), name, accountId })).rejects.toThrow(
      /ENOENT/,
    );
    expect(await prisma.watchlistSource.findUniqueOrThrow({ where: { name } })).toEqual(before);
    expect((await entriesOf(name)).map((e) => e.externalId)).toEqual([
      "syn-os-0001",
      "syn-os-0002",
      "syn-os-0003",
      "syn-os-0004",
      "syn-os-0005",
    ]);

    const summary = await importWatchlist({ format: "synthetic", file: SYNTHETIC_LIST_FILE, name, accountId });
    expect(summary).toMatchObject({ format: "SYNTHETIC", entryCount: 30, replacedCount: 5 });
    const entries = await entriesOf(name);
    expect(entries).toHaveLength(30);
    expect(entries.every((e) => e.externalId.startsWith("syn-0"))).toBe(true);
    expect(await prisma.watchlistSource.findUniqueOrThrow({ where: { name } })).toMatchObject({
      format: "SYNTHETIC",
      entryCount: 30,
      checksum: sha256(SYNTHETIC_LIST_FILE),
    });
  });

  it("runs two imports of the same list one after the other instead of mixing them", async () => {
    const name = uniqueName("concurrent");
    const accountId = randomUUID();
    const results = await Promise.all([
      importWatchlist({ format: "ofac-sdn", file: fixture("sdn.xml"), name, accountId }),
      importWatchlist({ format: "un", file: fixture("consolidated.xml"), name, accountId }),
    ]);
    const last = results.find((r) => r.replacedCount > 0)!;
    expect(results.map((r) => r.replacedCount).sort()).toEqual(
      [0, results.find((r) => r.replacedCount === 0)!.entryCount].sort(),
    );
    const source = await prisma.watchlistSource.findUniqueOrThrow({ where: { name } });
    expect(source.format).toBe(last.format);
    expect(await prisma.watchlistEntry.count({ where: { sourceId: source.id } })).toBe(last.entryCount);
  });

  it("keeps a list name in its account scope", async () => {
    const name = uniqueName("scope");
    await importWatchlist({ format: "un", file: fixture("consolidated.xml"), name, accountId: randomUUID() });
    await expect(
      importWatchlist({ format: "un", file: fixture("consolidated.xml"), name, accountId: randomUUID() }),
    ).rejects.toThrow(/another account scope/);
    await expect(importWatchlist({ format: "un", file: fixture("consolidated.xml"), name })).rejects.toThrow(
      /another account scope/,
    );
  });
});

describe("npm run watchlist:import (server/watchlist-import.ts)", () => {
  const run = (...args: string[]) =>
    spawnSync("node_modules/.bin/tsx", ["--conditions=react-server", "server/watchlist-import.ts", ...args], {
      encoding: "utf8",
      env: process.env,
      timeout: 60_000,
    });

  it("imports the synthetic list and prints one summary line", async () => {
    const name = uniqueName("cli");
    const accountId = randomUUID();
    const result = run("--synthetic", "--name", name, "--account", accountId);
    expect(result.stderr).toBe("");
    expect(result.status).toBe(0);
    const lines = result.stdout.trim().split("\n");
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(
      new RegExp(
        `^imported "${name}" \\(SYNTHETIC\\) for account ${accountId}: 30 entries \\(replaced 0, 0 duplicate ids, 0 records skipped\\), version 2026-11-22T00:00:00, sha256 [0-9a-f]{12}, `,
      ),
    );
    expect(await prisma.watchlistEntry.count({ where: { source: { name, accountId } } })).toBe(30);

    const again = run("--format", "un", "--file", fixture("consolidated.xml"), "--name", name, "--account", accountId);
    expect(again.stdout).toMatch(/: 3 entries \(replaced 30,/);
  });

  it("answers usage errors with exit code 2 and failures with 1, importing nothing", () => {
    for (const args of [
      [],
      ["--format", "csv", "--file", "x"],
      ["--format", "un"],
      ["--synthetic", "--format", "un"],
      ["--synthetic", "--account", "nope"],
    ]) {
      const result = run(...args);
      expect(result.status, args.join(" ")).toBe(2);
      expect(result.stderr).toMatch(/usage: npm run watchlist:import/);
    }
    const missing = run(
      "--format",
      "ofac-sdn",
      "--file",
      "no/such/sdn.xml",
      "--name",
      uniqueName("cli-missing"),
      "--account",
      randomUUID(),
    );
    expect(missing.status).toBe(1);
    expect(missing.stderr).toMatch(/failed: no such file: no\/such\/sdn.xml/);
  });
});
