// Names of different people against each other: a false-hit check far wider than the labelled non-matches. Every two
// names of DIR/pairs.csv (the columns of ../shared/data/watchlist-names/pairs.csv) that belong to different pairs,
// share a schema and share a normalised token are scored with nameSimilarity, the function WATCHLIST_CHECK's scoring
// runs (before evidence, on full token weights), and written as TSV: query, listed, score. Run it on two checkouts and
// compare: a pair that crosses the threshold between them is a change's new false hit (or a relation the labels do
// not hold: the same person in two pairs). With --cross-script, every name written without Latin letters is scored
// against every name in Latin letters of the other pairs and the same schema instead, shared token or not (names in
// two scripts rarely share a normalised token).
//
//   npm run eval:screening-crosspairs -- --data DIR --out FILE.tsv [--cross-script]
//   npm run eval:screening-crosspairs -- --compare OLD.tsv NEW.tsv
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { parse } from "csv-parse/sync";
import { normalizeName, type NameKind } from "@/lib/engines/names/normalize";
import { DEFAULT_WATCHLIST_THRESHOLD, nameSimilarity } from "@/lib/engines/names/score";

type Row = { schema: string; query_name: string; list_name: string };

const LATIN_ONLY = /^[\p{Script=Latin}\p{N}\p{P}\p{Zs}]+$/u;

function score(data: string, out: string, crossScript: boolean): void {
  const rows = parse(readFileSync(path.resolve(data, "pairs.csv")), {
    columns: true,
    bom: true,
    skip_empty_lines: true,
  }) as Row[];
  const names = rows.flatMap((r, pair) => {
    const kind: NameKind = r.schema === "Person" ? "PERSON" : "ORGANIZATION";
    return [r.query_name, r.list_name].map((name) => ({ name, kind, pair, normal: normalizeName(name, kind) }));
  });
  const lines: string[] = [];
  const seen = new Set<string>();
  const [queries, listed] = crossScript
    ? [names.filter((n) => !/[A-Za-z]/.test(n.name)), names.filter((n) => LATIN_ONLY.test(n.name))]
    : [names, names];
  for (const a of queries) {
    const tokens = new Set(a.normal.tokens);
    for (const b of listed) {
      if (a.pair === b.pair || a.kind !== b.kind || a.name === b.name) continue;
      if (!crossScript && !b.normal.tokens.some((t) => tokens.has(t))) continue;
      const key = `${a.name}\t${b.name}`;
      if (crossScript && seen.has(key)) continue;
      seen.add(key);
      lines.push(`${key}\t${nameSimilarity(a.normal, b.normal).score}`);
    }
  }
  writeFileSync(out, lines.join("\n") + "\n");
  const what = crossScript
    ? "names in another script against Latin names of different pairs"
    : "pairs of different pairs' names sharing a token";
  console.log(`${lines.length} ${what} → ${out}`);
}

function load(file: string): Map<string, number> {
  const scores = new Map<string, number>();
  for (const line of readFileSync(file, "utf8").split("\n").filter(Boolean)) {
    const [a, b, s] = line.split("\t");
    scores.set(`${a}\t${b}`, Number(s));
  }
  return scores;
}

function compare(oldFile: string, newFile: string): void {
  const [before, after] = [load(oldFile), load(newFile)];
  const t = DEFAULT_WATCHLIST_THRESHOLD;
  // pairs at or above the threshold in `at` and under it in `under`, written before → after
  const crossed = (under: Map<string, number>, at: Map<string, number>) =>
    [...at]
      .filter(([k, s]) => s >= t && (under.get(k) ?? 0) < t)
      .map(([k]) => `${k}\t${before.get(k) ?? "-"} → ${after.get(k) ?? "-"}`);
  const moved = [...after].filter(([k, s]) => Math.abs(s - (before.get(k) ?? s)) > 0.05).length;
  console.log(`distinct name pairs: ${before.size} before, ${after.size} after; moved by more than 0.05: ${moved}`);
  const up = crossed(before, after);
  const down = crossed(after, before);
  console.log(`now at or above ${t}: ${up.length}`);
  for (const line of up) console.log(`  ${line}`);
  console.log(`no longer at or above ${t}: ${down.length}`);
  for (const line of down) console.log(`  ${line}`);
}

const argv = process.argv.slice(2);
const arg = (name: string) => argv[argv.indexOf(name) + 1];
if (argv.includes("--compare")) compare(arg("--compare")!, argv[argv.indexOf("--compare") + 2]!);
else if (argv.includes("--data") && argv.includes("--out"))
  score(arg("--data")!, arg("--out")!, argv.includes("--cross-script"));
else {
  console.error(
    "usage: screening-crosspairs.ts --data DIR --out FILE.tsv [--cross-script] | --compare OLD.tsv NEW.tsv",
  );
  process.exitCode = 2;
}
