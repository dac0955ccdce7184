// `npm run bench:rescreen`: ongoing screening (lib/domain/watchlist/rescreen) of BENCH_RESCREEN_IDENTITIES (100,000)
// approved verifications of one opted-in account against a new list of BENCH_RESCREEN_ENTRIES (50,000) entries, on
// a real PostgreSQL (server/with-db.ts: DATABASE_URL, or the embedded one), through the real code: the list is a
// CSV imported by importWatchlist (which queues the job), the identities are WATCHLIST_CHECK steps whose data is
// sealed as the app seals it, and runDueRescreens() does the work. Synthetic names from a fixed seed (same data on
// every run). Then a list update (BENCH_RESCREEN_ADDED entries added, as many changed): the delta path.
// Baseline, in the same run: screenName() (verification-time screening, one SQL blocking query + scoring per
// identity) on a sample of BENCH_RESCREEN_SAMPLE identities, extrapolated to all of them. Prints a table and ONE
// JSON line (also bench-results/rescreen.json). Nothing asserted. Recorded runs: docs/benchmarks.md.
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { prisma } from "@/lib/core/db";
import { sealJson } from "@/lib/core/crypto/field-crypto";
import { secrets } from "@/lib/core/secrets";
import { uuidv7 } from "@/lib/core/ids";
import { createAccount } from "@/lib/domain/accounts/create-account";
import { publishWorkflow } from "@/lib/domain/flows/publish-workflow";
import { DEMO_WORKFLOWS } from "@/lib/domain/flows/demo-workflows";
import { importWatchlist } from "@/lib/domain/watchlist/import/import-watchlist";
import { runDueRescreens } from "@/lib/domain/watchlist/rescreen/run-rescreen";
import { screenName } from "@/lib/domain/watchlist/screen-name";
// @ts-expect-error -- plain ESM helpers shared by the bench scripts
import { machine, printTable, writeReport } from "./common.mjs";
import { runMigrations } from "../../server/db";
import { syntheticNames } from "./synthetic-names";

const setting = (name: string, fallback: number) => Number(process.env[name] ?? fallback);
const IDENTITIES = setting("BENCH_RESCREEN_IDENTITIES", 100_000);
const ENTRIES = setting("BENCH_RESCREEN_ENTRIES", 50_000);
const ADDED = setting("BENCH_RESCREEN_ADDED", 20);
const SAMPLE = setting("BENCH_RESCREEN_SAMPLE", 300);
const log = (msg: string) => console.error(`[bench:rescreen] ${msg}`);

const { rand, pick, word } = syntheticNames(19_2026, ["th"]);
// name pools the size of a country's: 3,000 given names, 40,000 surnames
const GIVEN = [...new Set(Array.from({ length: 3_500 }, () => word(2)))].slice(0, 3_000);
const SURNAMES = [...new Set(Array.from({ length: 45_000 }, () => word(2 + Math.floor(rand() * 2))))].slice(0, 40_000);
const personName = () => `${pick(GIVEN)} ${rand() < 0.3 ? `${pick(GIVEN)} ` : ""}${pick(SURNAMES)}`;
const birthDate = () =>
  `${1940 + Math.floor(rand() * 65)}-${String(1 + Math.floor(rand() * 12)).padStart(2, "0")}-${String(1 + Math.floor(rand() * 28)).padStart(2, "0")}`;

const CSV_HEADER =
  "id,schema,name,aliases,birth_date,countries,addresses,identifiers,sanctions,phones,emails,program_ids,dataset,first_seen,last_seen,last_change";
const csvRow = (e: { id: string; name: string; alias: string; dob: string }) =>
  `${e.id},Person,${e.name},${e.alias},${e.dob},,,,,,,BENCH,Bench,,,`;

function peakRss() {
  let peak = process.memoryUsage().rss;
  const timer = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 20);
  return () => {
    clearInterval(timer);
    return Math.max(peak, process.memoryUsage().rss);
  };
}
const mib = (bytes: number) => Math.round(bytes / 2 ** 20);

async function main() {
  log(`migrating: ${await runMigrations("deploy")}`);
  const dir = mkdtempSync(path.join(tmpdir(), "bench-rescreen-"));
  const stamp = Date.now();
  const account = await createAccount({
    accountName: `Bench rescreen ${stamp}`,
    email: `bench-rescreen-${stamp}@bench.openkyc.local`,
    password: `bench-${stamp}-password`,
  });
  const accountId = account.accountId;
  const listName = `bench-rescreen-${stamp}`;
  try {
    await prisma.account.update({ where: { id: accountId }, data: { ongoingScreening: true } });
    const definition = DEMO_WORKFLOWS.find((w) => w.name === "watchlist-check")!;
    const { workflowId } = await publishWorkflow(accountId, definition);
    const version = await prisma.workflowVersion.findFirstOrThrow({ where: { workflowId }, select: { id: true } });
    const identity = await prisma.identity.create({ data: { accountId }, select: { id: true } });

    // the list: ENTRIES people; one in ten with an alias (another spelling of the surname)
    const entries = Array.from({ length: ENTRIES }, (_, i) => ({
      id: `b-${String(i).padStart(6, "0")}`,
      name: personName(),
      alias: "",
      dob: rand() < 0.7 ? birthDate() : String(1940 + Math.floor(rand() * 65)),
    }));
    for (const e of entries) if (rand() < 0.1) e.alias = `${e.name.split(" ")[0]} ${word(2)}`;

    // the identities: customers from the same pools; 0.5% of them are list entries (a spelling variant, same date)
    log(`writing ${IDENTITIES} approved verifications (sealed WATCHLIST_CHECK data)…`);
    const key = secrets().storageKey;
    const written = performance.now();
    const CHUNK = 5_000;
    const planted: string[] = [];
    for (let start = 0; start < IDENTITIES; start += CHUNK) {
      const rows = Array.from({ length: Math.min(CHUNK, IDENTITIES - start) }, () => {
        const listed = rand() < 0.005 ? pick(entries) : null;
        const name = listed ? listed.name.replace(/ou/, "u").replace(/ei/, "ai") : personName();
        const dob = listed?.dob.length === 10 ? listed.dob : birthDate();
        const id = uuidv7();
        if (listed) planted.push(id);
        return {
          id,
          metadata: sealJson(key, { reference: `bench-${start}` }),
          data: sealJson(key, {
            screened_name: name,
            screened_dob: dob,
            name_source: "INPUTS",
            threshold: 0.88,
            matches: [],
          }),
        };
      });
      const json = JSON.stringify(rows);
      await prisma.$executeRaw`
        INSERT INTO "Verification" ("id", "accountId", "workflowId", "workflowVersionId", "identityId", "status", "result",
                                    "metadata", "completedAt", "updatedAt")
        SELECT r."id", ${accountId}::uuid, ${workflowId}::uuid, ${version.id}::uuid, ${identity.id}::uuid, 'COMPLETED', 'APPROVED',
               r."metadata", now(), now()
        FROM jsonb_to_recordset(${json}::jsonb) AS r("id" uuid, "metadata" jsonb)`;
      await prisma.$executeRaw`
        INSERT INTO "VerificationStep" ("id", "verificationId", "position", "processType", "status", "result", "data")
        SELECT gen_random_uuid(), r."id", 0, 'WATCHLIST_CHECK', 'COMPLETED', 'APPROVED', r."data"
        FROM jsonb_to_recordset(${json}::jsonb) AS r("id" uuid, "data" jsonb)`;
    }
    await prisma.$executeRaw`ANALYZE "Verification"`;
    await prisma.$executeRaw`ANALYZE "VerificationStep"`;
    log(`written in ${((performance.now() - written) / 1000).toFixed(1)} s`);

    // 1. a new list: every entry against every identity
    const file = path.join(dir, "list.csv");
    writeFileSync(file, [CSV_HEADER, ...entries.map(csvRow)].join("\n") + "\n");
    let started = performance.now();
    const imported = await importWatchlist({ format: "opensanctions-csv", file, name: listName, accountId });
    const importMs = performance.now() - started;
    log(`imported ${imported.entryCount} entries in ${(importMs / 1000).toFixed(1)} s; re-screening…`);
    const rssBefore = process.memoryUsage().rss;
    let stopPeak = peakRss();
    const cpuBefore = process.cpuUsage();
    started = performance.now();
    const full = await runDueRescreens();
    const fullMs = performance.now() - started;
    const fullCpu = process.cpuUsage(cpuBefore);
    const fullPeak = stopPeak();
    const plantedFound = await prisma.watchlistAlert.groupBy({
      by: ["verificationId"],
      where: { verificationId: { in: planted } },
    });
    log(`full: ${full.screened} identities, ${full.alerts} alerts in ${(fullMs / 1000).toFixed(1)} s`);

    // 2. an update: ADDED entries added (names of identities, so they hit) and ADDED changed
    const identities = await prisma.verificationStep.findMany({
      where: { verification: { accountId } },
      select: { data: true },
      take: ADDED,
      orderBy: { id: "asc" },
    });
    const updated = entries.map((e, i) => (i < ADDED ? { ...e, alias: `${e.name.split(" ")[0]} ${word(3)}` } : e));
    const added = identities.map((s, i) => {
      const data = s.data as { screened_name: string; screened_dob: string };
      return { id: `b-new-${i}`, name: data.screened_name, alias: "", dob: data.screened_dob };
    });
    const updateFile = path.join(dir, "update.csv");
    writeFileSync(updateFile, [CSV_HEADER, ...[...updated, ...added].map(csvRow)].join("\n") + "\n");
    started = performance.now();
    const update = await importWatchlist({ format: "opensanctions-csv", file: updateFile, name: listName, accountId });
    const updateImportMs = performance.now() - started;
    stopPeak = peakRss();
    started = performance.now();
    const delta = await runDueRescreens();
    const deltaMs = performance.now() - started;
    const deltaPeak = stopPeak();
    log(
      `update: ${update.rescreen?.changedEntries} changed entries, ${delta.alerts} alerts in ${(deltaMs / 1000).toFixed(1)} s`,
    );

    // baseline: verification-time screening (SQL blocking per identity), on a sample, extrapolated
    const sample = await prisma.verificationStep.findMany({
      where: { verification: { accountId } },
      select: { data: true },
      take: SAMPLE,
      orderBy: { id: "desc" },
    });
    started = performance.now();
    for (const step of sample) {
      const data = step.data as { screened_name: string; screened_dob: string };
      await screenName({ fullName: data.screened_name, dateOfBirth: data.screened_dob, threshold: 0.88, accountId });
    }
    const perIdentityMs = (performance.now() - started) / sample.length;
    const baselineMs = perIdentityMs * IDENTITIES;

    const report = {
      bench: "rescreen",
      at: new Date().toISOString(),
      machine: machine(),
      identities: IDENTITIES,
      entries: ENTRIES,
      import: { seconds: Number((importMs / 1000).toFixed(1)) },
      full: {
        seconds: Number((fullMs / 1000).toFixed(1)),
        cpuSeconds: Number(((fullCpu.user + fullCpu.system) / 1e6).toFixed(1)),
        identitiesPerSecond: Math.round(full.screened / (fullMs / 1000)),
        alerts: full.alerts,
        planted: planted.length,
        plantedFound: plantedFound.length,
        rssBeforeMiB: mib(rssBefore),
        peakRssMiB: mib(fullPeak),
      },
      update: {
        changedEntries: update.rescreen?.changedEntries ?? 0,
        importSeconds: Number((updateImportMs / 1000).toFixed(1)),
        seconds: Number((deltaMs / 1000).toFixed(1)),
        alerts: delta.alerts,
        peakRssMiB: mib(deltaPeak),
      },
      baseline: {
        method: `screenName() per identity on ${sample.length} identities, extrapolated`,
        msPerIdentity: Number(perIdentityMs.toFixed(2)),
        extrapolatedSeconds: Number((baselineMs / 1000).toFixed(0)),
      },
      speedup: { full: Number((baselineMs / fullMs).toFixed(1)), update: Number((baselineMs / deltaMs).toFixed(0)) },
    };
    printTable(
      ["run", "seconds", "alerts", "peak RSS MiB", "vs baseline"],
      [
        ["new list (full)", report.full.seconds, full.alerts, report.full.peakRssMiB, `${report.speedup.full}x`],
        [
          `update (${report.update.changedEntries} entries)`,
          report.update.seconds,
          delta.alerts,
          report.update.peakRssMiB,
          `${report.speedup.update}x`,
        ],
        ["baseline screenName (extrapolated)", report.baseline.extrapolatedSeconds, "-", "-", "1x"],
      ],
    );
    writeReport("rescreen", report, log);
  } finally {
    log("deleting the bench rows…");
    await prisma.watchlistSource.deleteMany({ where: { name: listName } });
    await prisma.verification.deleteMany({ where: { accountId } });
    await prisma.identity.deleteMany({ where: { accountId } });
    await prisma.account.deleteMany({ where: { id: accountId } });
    await prisma.user.deleteMany({ where: { email: `bench-rescreen-${stamp}@bench.openkyc.local` } });
    rmSync(dir, { recursive: true, force: true });
    await prisma.$disconnect();
  }
}

void main().catch((error) => {
  console.error(error);
  process.exitCode = 1;
});
