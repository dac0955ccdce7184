// What the screening evaluations share: a list written as an OpenSanctions targets.simple.csv (imported by
// importWatchlist, the code path of `npm run watchlist:import`) and a name screened through WATCHLIST_CHECK itself
// (lib/checks/watchlist-check) with the ports a verification gets (check-ports.ts): a person's name as FULL_NAME, a
// Company / Organization / LegalEntity name as the verification's metadata.companyName, a Vessel's as
// metadata.vesselName.
import { randomUUID } from "node:crypto";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { prisma } from "@/lib/core/db";
import type { ProcessInput, StoredInput } from "@/lib/checks/types";
import { watchlistCheck } from "@/lib/checks/watchlist-check/watchlist-check";
import { checkPortsFor } from "@/lib/domain/verifications/check-ports";
import { importWatchlist } from "@/lib/domain/watchlist/import/import-watchlist";
import { runMigrations } from "../../server/db";

/** One entry of the list written for an evaluation (a FollowTheMoney schema: Person, Company, Vessel …). */
export type EvalEntry = { id: string; schema: string; name: string; aliases?: readonly string[] };

// a name's ";" would split it into aliases in this format: each name is one name
const oneName = (name: string) => name.replaceAll(";", ",");
const csvField = (value: string) => (/[",\n\r]/.test(value) ? `"${value.replaceAll('"', '""')}"` : value);

/** The entries as a targets.simple.csv, aliases `;`-separated as the format writes them. */
export function targetsCsv(entries: readonly EvalEntry[]): string {
  const header = "id,schema,name,aliases,birth_date,countries,sanctions,program_ids,dataset,last_change";
  const rows = entries.map(
    (e) =>
      [e.id, e.schema, csvField(oneName(e.name)), csvField((e.aliases ?? []).map(oneName).join(";"))].join(",") +
      ",,,,,EVAL,",
  );
  return [header, ...rows].join("\n") + "\n";
}

/** The screening evaluations' options: `--data` (required), `--json`, `--show-misses`, `--threshold X` (0.5..1). */
export function screeningArgs(argv: readonly string[], usage: string) {
  const at = argv.indexOf("--data");
  const data = at >= 0 ? argv[at + 1] : undefined;
  if (!data) throw new Error(usage);
  const t = argv.indexOf("--threshold");
  const threshold = t >= 0 ? Number(argv[t + 1]) : undefined;
  if (threshold !== undefined && !(threshold >= 0.5 && threshold <= 1)) throw new Error("--threshold must be 0.5..1");
  return { data, json: argv.includes("--json"), showMisses: argv.includes("--show-misses"), threshold };
}

/**
 * The entries imported as one list of a throw-away account (the database migrated first, so no other verification
 * screens it), `run` given that account's id; the list and its file are deleted afterwards and the connection closed.
 */
export async function withEvalList<T>(
  tag: string,
  entries: readonly EvalEntry[],
  log: (msg: string) => void,
  run: (accountId: string) => Promise<T>,
): Promise<T> {
  log(`migrating: ${await runMigrations("deploy")}`);
  const dir = mkdtempSync(path.join(tmpdir(), `${tag}-`));
  const accountId = randomUUID();
  const listName = `${tag}-${Date.now()}`;
  try {
    const csv = path.join(dir, "targets.simple.csv");
    writeFileSync(csv, targetsCsv(entries));
    const imported = await importWatchlist({ format: "opensanctions-csv", file: csv, name: listName, accountId });
    log(`imported ${imported.entryCount} entries as "${listName}" in ${imported.durationMs} ms`);
    return await run(accountId);
  } finally {
    await prisma.watchlistSource.deleteMany({ where: { name: listName } });
    rmSync(dir, { recursive: true, force: true });
    await prisma.$disconnect();
  }
}

/** A match as the check's data carries it: the entry, its score and the entry's name that matched. */
export type ScreenedMatch = { external_id: string; score: number; matched_name?: string };

/** What the verification carries for a name: a person's FULL_NAME, else the metadata the check screens. */
function subjectOf(
  schema: string,
  name: string,
): { inputs: Map<string, StoredInput>; metadata: Record<string, unknown> } {
  if (schema === "Person")
    return { inputs: new Map([["FULL_NAME", { type: "TEXT", value: name, fileId: null }]]), metadata: {} };
  if (schema === "Vessel") return { inputs: new Map(), metadata: { vesselName: name } };
  return { inputs: new Map(), metadata: { companyName: name } };
}

/** The matches WATCHLIST_CHECK reports for one name screened by a verification of `accountId`. */
export async function screenName(
  schema: string,
  name: string,
  accountId: string,
  threshold?: number,
): Promise<ScreenedMatch[]> {
  const { inputs, metadata } = subjectOf(schema, name);
  const verification = {
    id: randomUUID(),
    accountId,
    identityId: randomUUID(),
    workflowId: randomUUID(),
    ipAddress: null,
    metadata,
    createdAt: new Date(),
  };
  const input: ProcessInput = {
    verification,
    workflow: {
      processes: ["WATCHLIST_CHECK"],
      documentTypes: [],
      countries: [],
      settings: threshold === undefined ? {} : { WATCHLIST_THRESHOLD: threshold },
    },
    inputs,
    readFile: async () => null,
    earlierSteps: [],
    now: new Date(),
    ports: checkPortsFor(verification),
  };
  const output = await watchlistCheck.run(input);
  return [
    ...((output.data.matches as ScreenedMatch[] | undefined) ?? []),
    ...((output.data.organisation_matches as ScreenedMatch[] | undefined) ?? []),
  ];
}
