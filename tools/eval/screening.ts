// `npm run eval:screening -- --data DIR [--json] [--show-misses] [--threshold X]` (X: the workflow's WATCHLIST_THRESHOLD): WATCHLIST_CHECK measured on labelled name pairs.
// DIR/pairs.csv has the columns of ../shared/data/watchlist-names/pairs.csv. The distinct list names (with their
// FollowTheMoney schema) become ONE list, written as an OpenSanctions targets.simple.csv in a temporary folder and
// imported by importWatchlist (the code path of `npm run watchlist:import`, entry-row normalisation included), scoped
// to a throw-away account id so no other verification screens it. Each query then runs through the check itself
// (lib/checks/watchlist-check) with the ports a verification gets (check-ports.ts): a Person query as FULL_NAME, a
// Company / Organization / LegalEntity query as the verification's metadata.companyName, a Vessel as
// metadata.vesselName. Prints recall and false hits per slice beside logic_v2's verdicts from the file (definitions
// printed with them), and with --json ONE JSON line last. The list is deleted afterwards.
import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import path from "node:path";
import { parse } from "csv-parse/sync";
import { DEFINITIONS, slices, table, type PairOutcome } from "./screening-report";
import { screeningArgs, screenName, withEvalList, type EvalEntry } from "./screening-run";

type Pair = Record<string, string>;
const log = (msg: string) => console.error(`[eval:screening] ${msg}`);

const entryId = (schema: string, name: string) =>
  `pair-${createHash("sha256").update(`${schema}\u0000${name}`).digest("hex").slice(0, 16)}`;

/** The list side of the pairs: one entry per distinct (schema, list name). */
function listEntries(pairs: readonly Pair[]): EvalEntry[] {
  const seen = new Map<string, EvalEntry>();
  for (const p of pairs) {
    const id = entryId(p.schema!, p.list_name!);
    seen.set(id, { id, schema: p.schema!, name: p.list_name! });
  }
  return [...seen.values()];
}

async function screenPair(pair: Pair, accountId: string, threshold?: number): Promise<PairOutcome> {
  const matches = await screenName(pair.schema!, pair.query_name!, accountId, threshold);
  const wanted = entryId(pair.schema!, pair.list_name!);
  const hit = matches.find((m) => m.external_id === wanted);
  return {
    pairId: pair.pair_id!,
    source: pair.source!,
    group: pair.group!,
    schema: pair.schema!,
    script: pair.script!,
    quality: pair.quality ?? "",
    category: pair.category ?? "",
    isCrossScript: pair.cross_script === "true",
    isMatch: pair.is_match === "true",
    isHit: Boolean(hit),
    score: hit?.score ?? null,
    peerMatch: pair.logicv2_match === "true" ? true : pair.logicv2_match === "false" ? false : null,
    query: pair.query_name!,
    listName: pair.list_name!,
  };
}

async function main() {
  const args = screeningArgs(
    process.argv.slice(2),
    "usage: eval:screening -- --data DIR [--json] [--show-misses] [--threshold X]",
  );
  const file = path.resolve(args.data, "pairs.csv");
  const pairs = parse(readFileSync(file), { columns: true, bom: true, skip_empty_lines: true }) as Pair[];
  await withEvalList("eval-screening", listEntries(pairs), log, async (accountId) => {
    const started = performance.now();
    const outcomes: PairOutcome[] = [];
    for (const pair of pairs) outcomes.push(await screenPair(pair, accountId, args.threshold));
    const ms = performance.now() - started;
    const all = slices(outcomes);
    console.log(
      `WATCHLIST_CHECK on ${pairs.length} pairs of ${file} (threshold ${args.threshold ?? "default"}, no date of birth)`,
    );
    for (const line of DEFINITIONS) console.log(`  ${line}`);
    console.log(table(all));
    console.log(`screening: ${(ms / pairs.length).toFixed(1)} ms per pair on average`);
    if (args.showMisses) {
      for (const o of outcomes.filter((x) => x.isMatch !== x.isHit))
        console.log(
          `${o.isMatch ? "MISS" : "FALSE"}\t${o.schema}\t${o.group}\t${o.score ?? "-"}\t${o.query}\t|\t${o.listName}`,
        );
    }
    if (args.json)
      console.log(
        JSON.stringify({
          file,
          pairs: pairs.length,
          definitions: DEFINITIONS,
          slices: all,
          msPerPair: ms / pairs.length,
        }),
      );
  });
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
