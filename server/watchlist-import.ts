// `npm run watchlist:import -- --file PATH [--format FORMAT] [--name NAME] [--account ACCOUNT_ID] [--no-rescreen]`
// `npm run watchlist:import -- --synthetic`   (the fictional demo list, data/watchlists/synthetic.csv)
// Imports a published sanctions list file for WATCHLIST_CHECK, replacing the list of the same name in one
// transaction, and prints ONE summary line. No list is downloaded here: fetch the file yourself (the formats and
// their addresses are in lib/domain/watchlist/import/*.ts). Without --format (or with --format auto) the format is
// read from the file itself; OFAC's legacy SDN CSV is four files: give the folder that holds them as --file.
// Without --account the list is screened for every account.
// Then the ongoing screening the import queued runs here (opted-in accounts' approved verifications against the new
// or changed entries), unless --no-rescreen: a running app's worker takes it up instead (the job is in PostgreSQL).
import { parseArgs } from "node:util";
import { prisma } from "@/lib/core/db";
import {
  importWatchlist,
  LIST_FORMATS,
  SYNTHETIC_LIST_FILE,
  type ListFormatFlag,
} from "@/lib/domain/watchlist/import/import-watchlist";

// "synthetic" is the demo list, named by --synthetic
const FORMAT_FLAGS = [...Object.keys(LIST_FORMATS).filter((f) => f !== "synthetic"), "auto"] as const;
const USAGE =
  `usage: npm run watchlist:import -- --file PATH [--format ${FORMAT_FLAGS.join("|")}] [--name NAME] [--account ACCOUNT_ID] [--no-rescreen]\n` +
  "       (OFAC's SDN CSV: PATH is the folder holding sdn.csv, alt.csv, add.csv, sdn_comments.csv)\n" +
  "       npm run watchlist:import -- --synthetic [--name NAME] [--account ACCOUNT_ID] [--no-rescreen]";

const { values } = parseArgs({
  options: {
    format: { type: "string" },
    file: { type: "string" },
    name: { type: "string" },
    account: { type: "string" },
    synthetic: { type: "boolean" },
    "no-rescreen": { type: "boolean" },
    help: { type: "boolean" },
  },
});

function usage(message?: string): never {
  if (message) console.error(`[watchlist:import] ${message}`);
  console.error(USAGE);
  process.exit(2);
}

async function main() {
  if (values.help) usage();
  if (values.synthetic && values.format) usage("--synthetic takes no --format");
  const format = values.synthetic ? "synthetic" : (values.format ?? "auto");
  if (!values.synthetic && !(FORMAT_FLAGS as readonly string[]).includes(format)) usage(`unknown --format "${format}"`);
  const file = values.synthetic ? (values.file ?? SYNTHETIC_LIST_FILE) : values.file;
  if (!file) usage("--file (or --synthetic) is required");
  if (values.account && !/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(values.account))
    usage("--account must be an account id (UUID)");

  const s = await importWatchlist({
    format: format as ListFormatFlag | "auto",
    file,
    name: values.name,
    accountId: values.account,
  });
  const scope = values.account ? `account ${values.account}` : "all accounts";
  const imported =
    `imported "${s.name}" (${s.format}) for ${scope}: ${s.entryCount} entries (replaced ${s.replacedCount}, ${s.duplicates} duplicate ids, ` +
    `${s.skipped} records skipped), version ${s.sourceVersion ?? "unknown"}, sha256 ${s.checksum.slice(0, 12)}, ${(s.durationMs / 1000).toFixed(1)} s`;
  process.stdout.write(`${imported}; ${await rescreen(s.rescreen)}\n`);
}

/** The ongoing screening the import queued, run here unless --no-rescreen; the summary line's last part. */
async function rescreen(queued: Awaited<ReturnType<typeof importWatchlist>>["rescreen"]): Promise<string> {
  if (!queued) return "ongoing screening: nothing changed to screen again";
  const what = queued.isFull ? "every entry" : `${queued.changedEntries} new or changed entries`;
  if (values["no-rescreen"]) return `ongoing screening queued (${what}): the app's worker runs it`;
  // loaded only here: a usage error answers without loading the screening code
  const { runDueRescreens } = await import("@/lib/domain/watchlist/rescreen/run-rescreen");
  const started = performance.now();
  const r = await runDueRescreens();
  if (r.jobs === 0)
    return `ongoing screening (${what}): taken up by a running app instance (its worker claimed it first)`;
  return (
    `ongoing screening (${what}): ${r.screened} identities screened, ${r.alerts} new alerts, ` +
    `${((performance.now() - started) / 1000).toFixed(1)} s`
  );
}

main()
  .catch((error) => {
    const code = (error as { code?: string }).code;
    const message =
      code === "ENOENT"
        ? `no such file: ${values.file ?? SYNTHETIC_LIST_FILE}`
        : error instanceof Error
          ? error.message
          : String(error);
    console.error(`[watchlist:import] failed: ${message}`);
    process.exitCode = 1;
  })
  .finally(() => prisma.$disconnect());
