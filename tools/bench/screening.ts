// `npm run bench:screening`: verification-time screening (screenName, the code WATCHLIST_CHECK runs) against a list of
// BENCH_SCREENING_ENTRIES (50,000) generated entries, on a real PostgreSQL (server/with-db.ts: DATABASE_URL, or the
// embedded one). The list — people, and one in ten an organisation, from a fixed seed, names in Latin and some in
// Cyrillic — is a targets.simple.csv imported by importWatchlist (the `watchlist:import` path). Then
// BENCH_SCREENING_QUERIES (400) screenings: half listed names with a typo, a quarter unlisted names, a quarter
// common given names alone-and-surname pairs that share keys with many entries. Then BENCH_SCREENING_SCRIPT_QUERIES
// (120) listed names written in Cyrillic, Greek and Arabic letters by ear (eval:screening-variants' rules), timed
// apart (`otherScripts` in the JSON). Each is timed (median, p95, max), beside a baseline measured in the same run on
// the same queries: the bare indexed SQL lookup of the blocking keys (`phoneticKeys && keys`, ids only, the GIN
// index), with no scoring. How many found their own entry is printed too. Prints a table and ONE JSON line (also
// bench-results/screening.json); nothing asserted. Recorded runs: docs/benchmarks.md. The list is deleted after.
import { randomUUID } from "node:crypto";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { prisma } from "@/lib/core/db";
import { importWatchlist } from "@/lib/domain/watchlist/import/import-watchlist";
import { screenName } from "@/lib/domain/watchlist/screen-name";
import { normalizeName } from "@/lib/engines/names/normalize";
import { queryPhoneticKeys } from "@/lib/engines/names/phonetic";
import { DEFAULT_WATCHLIST_THRESHOLD } from "@/lib/engines/names/score";
// @ts-expect-error -- plain ESM helpers shared by the bench scripts
import { machine, printTable, writeReport } from "./common.mjs";
import { runMigrations } from "../../server/db";
import { syntheticNames } from "./synthetic-names";
import { CHANGES } from "../eval/name-changes";

const setting = (name: string, fallback: number) => Number(process.env[name] ?? fallback);
const ENTRIES = setting("BENCH_SCREENING_ENTRIES", 50_000);
const QUERIES = setting("BENCH_SCREENING_QUERIES", 400);
const SCRIPT_QUERIES = setting("BENCH_SCREENING_SCRIPT_QUERIES", 120);
const log = (msg: string) => console.error(`[bench:screening] ${msg}`);

const { rand, pick, word } = syntheticNames(30_2026);
const GIVEN = [...new Set(Array.from({ length: 1_500 }, () => word(2)))].slice(0, 1_200);
const SURNAMES = [...new Set(Array.from({ length: 45_000 }, () => word(2 + Math.floor(rand() * 2))))].slice(0, 40_000);
const FORMS = ["LLC", "Ltd", "AG", "GmbH", "JSC", "S.A.", "Trading Company"];
const CYRILLIC: Record<string, string> = {
  a: "а",
  b: "б",
  d: "д",
  e: "е",
  f: "ф",
  g: "г",
  i: "и",
  k: "к",
  l: "л",
  m: "м",
  n: "н",
  o: "о",
  p: "п",
  r: "р",
  s: "с",
  t: "т",
  u: "у",
  v: "в",
  z: "з",
};
const cyrillic = (name: string) => [...name.toLowerCase()].map((c) => CYRILLIC[c] ?? c).join("");
const typo = (name: string) => {
  const at = 1 + Math.floor(rand() * (name.length - 2));
  return name.slice(0, at) + name[at + 1] + name[at] + name.slice(at + 2);
};

type Entry = { id: string; schema: string; name: string; alias: string };
const csvRow = (e: Entry) => `${e.id},${e.schema},"${e.name}","${e.alias}",,,,,BENCH,`;

function makeList(): Entry[] {
  return Array.from({ length: ENTRIES }, (_, i) => {
    const id = `b-${String(i).padStart(6, "0")}`;
    if (rand() < 0.1) return { id, schema: "Company", name: `${word(2)} ${word(3)} ${pick(FORMS)}`, alias: "" };
    const name = `${pick(GIVEN)} ${rand() < 0.3 ? `${pick(GIVEN)} ` : ""}${pick(SURNAMES)}`;
    return { id, schema: "Person", name, alias: rand() < 0.1 ? cyrillic(name) : "" };
  });
}

// a screened name, and the id of the entry it was made from (none for an unlisted name)
type Query = { name: string; own: string | null; script?: string };
function makeQueries(list: readonly Entry[]): Query[] {
  const people = list.filter((e) => e.schema === "Person");
  return Array.from({ length: QUERIES }, (_, i) => {
    if (i % 4 <= 1) {
      const entry = pick(people);
      return { name: typo(entry.name), own: entry.id };
    }
    if (i % 4 === 2) return { name: `${word(2)} ${word(3)}`, own: null };
    return { name: `${pick(GIVEN.slice(0, 20))} ${pick(SURNAMES)}`, own: null };
  });
}

// listed people's names written in Cyrillic, Greek and Arabic letters by ear (eval:screening-variants' rules), in turn:
// each word is read in every customary spelling of its letters (abjad.ts: up to 24 readings of an Arabic word) and
// each Latin word against those readings by its sounds (latin-sounds.ts), so these cost more per candidate
const SCRIPTS = ["Cyrillic", "Greek", "Arabic"];
function makeScriptQueries(list: readonly Entry[]): Query[] {
  const people = list.filter((e) => e.schema === "Person");
  return Array.from({ length: SCRIPT_QUERIES }, (_, i) => {
    const entry = pick(people);
    const script = SCRIPTS[i % SCRIPTS.length]!;
    const written = CHANGES[`written in ${script} letters by ear`]!(entry.name.split(" "));
    return { name: written.join(" "), own: entry.id, script };
  });
}

const quantile = (sorted: readonly number[], q: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
const ms = (x: number) => Math.round(x * 10) / 10;
function stats(times: number[]) {
  const sorted = [...times].sort((a, b) => a - b);
  return { median: ms(quantile(sorted, 0.5)), p95: ms(quantile(sorted, 0.95)), max: ms(sorted.at(-1)!) };
}

// each query screened (screenName, timed), then the bare indexed lookup of its blocking keys (the baseline), in turn
async function timed(queries: readonly Query[], accountId: string, listName: string) {
  const screening: number[] = [];
  const candidates: number[] = [];
  let [matched, ownFound] = [0, 0];
  for (const { name: fullName, own } of queries) {
    const started = performance.now();
    const result = await screenName({ fullName, threshold: DEFAULT_WATCHLIST_THRESHOLD, accountId });
    screening.push(performance.now() - started);
    candidates.push(result.candidates);
    if (result.matches.length > 0) matched++;
    if (own && result.matches.some((m) => m.externalId === own)) ownFound++;
  }
  const baseline: number[] = [];
  for (const { name: fullName } of queries) {
    const started = performance.now();
    const keys = queryPhoneticKeys(normalizeName(fullName));
    await prisma.$queryRaw`
      SELECT e."id" FROM "WatchlistEntry" e JOIN "WatchlistSource" s ON s."id" = e."sourceId"
      WHERE e."phoneticKeys" && ${keys}::text[] AND s."name" = ${listName} LIMIT 2000`;
    baseline.push(performance.now() - started);
  }
  const [s, b] = [stats(screening), stats(baseline)];
  const sorted = [...candidates].sort((x, y) => x - y);
  const scripts = [...new Set(queries.flatMap((q) => (q.script ? [q.script] : [])))];
  const byScript = Object.fromEntries(
    scripts.map((script) => [script, stats(screening.filter((_, i) => queries[i]!.script === script))]),
  );
  return {
    ...(scripts.length > 0 ? { byScript } : {}),
    queries: queries.length,
    withMatches: matched,
    /** of the queries made from a listed name, those whose own entry is among the matches */
    ownFound: `${ownFound} / ${queries.filter((q) => q.own).length}`,
    candidates: { median: quantile(sorted, 0.5), p95: quantile(sorted, 0.95) },
    screeningMs: s,
    baselineMs: b,
    ratio: { median: ms(s.median / b.median), p95: ms(s.p95 / b.p95) },
  };
}

async function main() {
  log(`migrating: ${await runMigrations("deploy")}`);
  const dir = mkdtempSync(path.join(tmpdir(), "bench-screening-"));
  const accountId = randomUUID();
  const listName = `bench-screening-${Date.now()}`;
  try {
    const list = makeList();
    const file = path.join(dir, "targets.simple.csv");
    writeFileSync(
      file,
      [
        "id,schema,name,aliases,birth_date,countries,sanctions,program_ids,dataset,last_change",
        ...list.map(csvRow),
      ].join("\n"),
    );
    const imported = await importWatchlist({ format: "opensanctions-csv", file, name: listName, accountId });
    log(`imported ${imported.entryCount} entries in ${imported.durationMs} ms`);
    const queries = makeQueries(list);
    // warm-up: the first screening loads pinyin-pro's syllable table, opens connections and counts the list's
    // tokens once (their rarity weights, lib/domain/watchlist/list-token-rarity.ts): timed apart
    const firstStarted = performance.now();
    await screenName({ fullName: queries[0]!.name, threshold: DEFAULT_WATCHLIST_THRESHOLD, accountId });
    const firstMs = Math.round(performance.now() - firstStarted);
    log(`first screening after the import (token counts of the list included): ${firstMs} ms`);

    const latin = await timed(queries, accountId, listName);
    const scripts = await timed(makeScriptQueries(list), accountId, listName);
    // a list stored by an older normaliser is re-indexed by the first screening that meets it: how long that takes
    await prisma.watchlistSource.update({ where: { name: listName }, data: { normalizerVersion: 0 } });
    const reindexStarted = performance.now();
    await screenName({ fullName: queries[0]!.name, threshold: DEFAULT_WATCHLIST_THRESHOLD, accountId });
    const reindexMs = Math.round(performance.now() - reindexStarted);
    log(
      `first screening of the list marked stale (re-index of ${imported.entryCount} entries included): ${reindexMs} ms`,
    );
    const report = {
      machine: machine(),
      entries: imported.entryCount,
      importMs: imported.durationMs,
      firstMs,
      reindexMs,
      ...latin,
      otherScripts: scripts,
      baselineMethod: "bare GIN lookup of the same blocking keys (ids only, no scoring), same queries, same run",
    };
    const row = (what: string, r: typeof latin) => [
      [`screenName, ${what}`, r.screeningMs.median, r.screeningMs.p95, r.screeningMs.max, `${r.ratio.median}x`],
      [`  baseline: indexed key lookup, ${what}`, r.baselineMs.median, r.baselineMs.p95, r.baselineMs.max, "1x"],
    ];
    printTable(
      ["what", "median ms", "p95 ms", "max ms", "ratio to baseline (median)"],
      [
        ...row(`${latin.queries} names in Latin letters`, latin),
        ...row(`${scripts.queries} in other scripts`, scripts),
      ],
    );
    for (const [what, r] of [
      ["Latin", latin],
      ["other scripts", scripts],
    ] as const)
      log(
        `${what}: candidates scored per screening: median ${r.candidates.median}, p95 ${r.candidates.p95}; ${r.withMatches} of ${r.queries} queries had a match; own entry found ${r.ownFound}`,
      );
    for (const [script, t] of Object.entries(scripts.byScript ?? {}))
      log(`written in ${script} letters: median ${t.median} ms, p95 ${t.p95} ms, max ${t.max} ms`);
    writeReport("screening", report, log);
  } finally {
    await prisma.watchlistSource.deleteMany({ where: { name: listName } });
    rmSync(dir, { recursive: true, force: true });
    await prisma.$disconnect();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
