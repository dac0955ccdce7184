// `npm run eval:screening-scripts -- --data PATH [--show-misses] [--threshold X] [--json]`: WATCHLIST_CHECK measured
// on a real list's own names in their original scripts. A published list carries many of its people's names in
// the script of their language beside the Latin spelling (the UN's NAME_ORIGINAL_SCRIPT: 336 of 730 individuals in
// Arabic, Cyrillic, Han or Hangul; the EU's name aliases in many languages). PATH is a list file in any format
// `npm run watchlist:import` reads, or a folder searched for such files (the format of each read from the file
// itself, detect-format.ts). Each file is read by the importer's own parser; each entry becomes an entry of ONE
// list with its Latin names only (the publisher's "low quality" aliases left out, as a workflow leaves them out by
// default), imported by importWatchlist, and each of its names in another script is screened through the check
// itself (screening-run.ts) as a person's FULL_NAME or the organisation's name. Prints, per script:
//   found      = names whose own entry is among the matches at/above the threshold / names screened
//   others hit = names with at least one OTHER entry at/above the threshold (a relative, a namesake, or a false hit:
//                not told apart here) / names screened
// and, with --show-misses, every name not found and every other entry hit. The list is deleted afterwards.
import { createHash } from "node:crypto";
import { readdirSync, statSync } from "node:fs";
import path from "node:path";
import { detectListFormat } from "@/lib/domain/watchlist/import/detect-format";
import { LIST_FORMATS } from "@/lib/domain/watchlist/import/import-watchlist";
import type { ParsedEntry } from "@/lib/domain/watchlist/import/types";
import { screeningArgs, screenName, withEvalList, type EvalEntry } from "./screening-run";

const log = (msg: string) => console.error(`[eval:screening-scripts] ${msg}`);
const USAGE = "usage: eval:screening-scripts -- --data PATH [--show-misses] [--threshold X] [--json]";

/** The list files under PATH whose format the importer recognises (a folder with sdn.csv is one list). */
function listFiles(at: string): string[] {
  const known = (file: string) => {
    try {
      detectListFormat(file);
      return true;
    } catch {
      return false;
    }
  };
  if (known(at)) return [at];
  if (!statSync(at).isDirectory()) return [];
  return readdirSync(at)
    .sort()
    .flatMap((name) => listFiles(path.join(at, name)));
}

async function readList(file: string): Promise<ParsedEntry[]> {
  const parse = LIST_FORMATS[detectListFormat(file)].parse;
  const context = { hash: createHash("sha256"), sourceVersion: null, skipped: 0, latePrograms: new Map() };
  const entries: ParsedEntry[] = [];
  for await (const entry of parse(file, context)) entries.push(entry);
  return entries;
}

// the scripts a list writes names in besides Latin, named as the report shows them
const SCRIPTS: readonly [string, RegExp][] = [
  ["Arabic", /\p{Script=Arabic}/u],
  ["Cyrillic", /\p{Script=Cyrillic}/u],
  ["Han", /\p{Script=Han}/u],
  ["Hangul", /\p{Script=Hangul}/u],
  ["Kana", /[\p{Script=Hiragana}\p{Script=Katakana}]/u],
  ["Greek", /\p{Script=Greek}/u],
  ["Hebrew", /\p{Script=Hebrew}/u],
  ["Georgian", /\p{Script=Georgian}/u],
  ["Armenian", /\p{Script=Armenian}/u],
  ["Thai", /\p{Script=Thai}/u],
];
/**
 * The script of a name written wholly in another script than Latin ("other" for one not named above); null for a
 * name with a Latin letter (a Latin alias with its original beside it in parentheses is a Latin alias).
 */
function scriptOf(name: string): string | null {
  if (/\p{Script=Latin}/u.test(name)) return null;
  for (const [script, pattern] of SCRIPTS) if (pattern.test(name)) return script;
  return /[^\p{Script=Latin}\p{Script=Common}\p{Script=Inherited}]/u.test(name) ? "other" : null;
}

const SCHEMA = { PERSON: "Person", ORGANIZATION: "Organization", VESSEL: "Vessel", OTHER: "LegalEntity" } as const;

type Query = { entryId: string; schema: string; name: string; script: string; latin: string };
type Outcome = Query & { found: number | null; others: { name: string; score: number }[] };

async function main() {
  const args = screeningArgs(process.argv.slice(2), USAGE);
  const data = path.resolve(args.data);
  const files = listFiles(data);
  if (files.length === 0) throw new Error(`no list file under ${data} (${USAGE})`);
  const entries: EvalEntry[] = [];
  const queries: Query[] = [];
  for (const [i, file] of files.entries())
    for (const parsed of await readList(file)) {
      const names = [parsed.primaryName, ...parsed.aliases];
      const latin = names.filter((n) => scriptOf(n) === null);
      if (latin.length === 0) continue;
      const entry = { id: `${i}-${parsed.externalId}`, schema: SCHEMA[parsed.entityType], name: latin[0]! };
      entries.push({ ...entry, aliases: latin.slice(1) });
      for (const name of names) {
        const script = scriptOf(name);
        if (script) queries.push({ entryId: entry.id, schema: entry.schema, name, script, latin: entry.name });
      }
    }
  log(
    `${files.length} list file(s): ${entries.length} entries with a Latin name, ${queries.length} names in other scripts`,
  );
  const latinOf = new Map(entries.map((e) => [e.id, e.name]));
  await withEvalList("eval-screening-scripts", entries, log, async (accountId) => {
    const outcomes: Outcome[] = [];
    const started = performance.now();
    for (const q of queries) {
      const matches = await screenName(q.schema, q.name, accountId, args.threshold);
      const own = matches.find((m) => m.external_id === q.entryId);
      const others = matches
        .filter((m) => m.external_id !== q.entryId)
        .map((m) => ({
          name: `${m.matched_name ?? "?"} (entry ${latinOf.get(m.external_id) ?? m.external_id})`,
          score: m.score,
        }));
      outcomes.push({ ...q, found: own?.score ?? null, others });
    }
    const msPerName = (performance.now() - started) / Math.max(1, queries.length);
    const rows = [...new Set(["all", ...outcomes.map((o) => o.script)])].map((script) => {
      const of = outcomes.filter((o) => script === "all" || o.script === script);
      const found = of.filter((o) => o.found !== null).length;
      const others = of.filter((o) => o.others.length > 0).length;
      return { script, names: of.length, found, others };
    });
    const pct = (n: number, d: number) => (d > 0 ? `${((100 * n) / d).toFixed(1)} %` : "—");
    console.log(
      `WATCHLIST_CHECK on the names in other scripts of ${files.map((f) => path.relative(process.cwd(), f)).join(", ")} (threshold ${args.threshold ?? "default"})`,
    );
    console.log("  found      = names whose own entry is among the matches at/above the threshold / names screened");
    console.log("  others hit = names with at least one other entry at/above the threshold / names screened");
    console.log("| script | names | found | others hit |\n|---|---|---|---|");
    for (const r of rows)
      console.log(
        `| ${r.script} | ${r.names} | ${pct(r.found, r.names)} (${r.found}) | ${pct(r.others, r.names)} (${r.others}) |`,
      );
    console.log(`screening: ${msPerName.toFixed(1)} ms per name on average`);
    if (args.showMisses)
      for (const o of outcomes) {
        if (o.found === null) console.log(`MISS\t${o.script}\t${o.name}\t|\t${o.latin}`);
        for (const other of o.others) console.log(`OTHER\t${o.script}\t${other.score}\t${o.name}\t|\t${other.name}`);
      }
    if (args.json) console.log(JSON.stringify({ files, rows, msPerName }));
  });
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
