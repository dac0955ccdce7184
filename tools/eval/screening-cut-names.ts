// Names cut by a passport's machine-readable zone, screened as WATCHLIST_CHECK screens them (issue 30, thirtieth
// round). Every person's name of DIR/pairs.csv written in Latin letters with two words or more is written into the
// zone's name field (SURNAME<<GIVEN<NAMES, its last word taken as the surname) of a TD1 card (30 characters), a TD2
// (31) and a TD3 passport (39); where it does not fit, it is cut at the field's end as ICAO 9303 cuts it, and the
// name the document step then gives (given names first) is scored with nameSimilarity, the function WATCHLIST_CHECK's
// scoring runs, with and without the zone's last word marked as perhaps cut (cutNameWord, withCutWord: what the check
// does with the step's data.mrz). Printed: how many cut names find their own whole name at the threshold, and how
// many names of the other pairs sharing a word with them (or opened by the cut word) they reach — a false-hit check,
// though the same person is often written in several pairs.
//
//   npm run eval:screening-cut -- --data DIR [--show]
import { readFileSync } from "node:fs";
import path from "node:path";
import { parse } from "csv-parse/sync";
import { normalizeName, type NormalizedName } from "@/lib/engines/names/normalize";
import { DEFAULT_WATCHLIST_THRESHOLD as THRESHOLD, nameSimilarity } from "@/lib/engines/names/score";
import { withCutWord } from "@/lib/engines/names/cut-word";
import { cutNameWord } from "@/lib/engines/documents/mrz/name-crosscheck";

type Row = { schema: string; query_name: string; list_name: string };
type Name = { name: string; pair: number; normal: NormalizedName };
type Cut = { format: string; fullName: string; word: string | null; of: Name };

const LATIN_ONLY = /^[\p{Script=Latin}\p{Zs}.'-]+$/u;
const LAYOUTS = [
  ["TD1", 30],
  ["TD2", 31],
  ["TD3", 39],
] as const;

function cutNames(names: Name[]): Cut[] {
  const out: Cut[] = [];
  for (const of of names) {
    const words = of.normal.parts.map((p) => p.text);
    if (words.length < 2) continue;
    const field = `${words.at(-1)}<<${words.slice(0, -1).join("<")}`;
    for (const [format, width] of LAYOUTS) {
      if (field.length <= width) continue;
      const cut = field.slice(0, width);
      const [surname = "", given = ""] = cut.split("<<");
      const fullName = [...given.split("<"), ...surname.split("<")].filter(Boolean).join(" ");
      const lines = format === "TD1" ? ["", "", cut] : [`P<UTO${cut}`, ""];
      out.push({ format, fullName, word: cutNameWord(format, lines), of });
    }
  }
  return out;
}

function main(): void {
  const args = process.argv.slice(2);
  const data = args[args.indexOf("--data") + 1];
  if (!args.includes("--data") || !data) throw new Error("usage: eval:screening-cut -- --data DIR [--show]");
  const show = args.includes("--show");
  const rows = parse(readFileSync(path.resolve(data, "pairs.csv")), { columns: true, bom: true }) as Row[];
  const seen = new Set<string>();
  const names: Name[] = rows.flatMap((r, pair) =>
    r.schema !== "Person"
      ? []
      : [r.query_name, r.list_name]
          .filter((name) => LATIN_ONLY.test(name) && !seen.has(name) && seen.add(name))
          .map((name) => ({ name, pair, normal: normalizeName(name) })),
  );
  const cuts = cutNames(names);
  const found = { with: 0, without: 0 };
  const others = { with: 0, without: 0, compared: 0 };
  for (const cut of cuts) {
    const plain = normalizeName(cut.fullName);
    const marked = withCutWord(plain, cut.word);
    const [w, wo] = [nameSimilarity(marked, cut.of.normal).score, nameSimilarity(plain, cut.of.normal).score];
    found.with += Number(w >= THRESHOLD);
    found.without += Number(wo >= THRESHOLD);
    if (show && w >= THRESHOLD !== wo >= THRESHOLD)
      console.log(`found  ${cut.format} ${cut.fullName} [${cut.word}] | ${cut.of.name}: ${wo} → ${w}`);
    for (const other of names) {
      if (other.pair === cut.of.pair || other.name === cut.of.name) continue;
      const word = cut.word;
      if (!other.normal.tokens.some((t) => plain.tokens.includes(t) || (word !== null && t.startsWith(word)))) continue;
      others.compared++;
      const [ow, owo] = [nameSimilarity(marked, other.normal).score, nameSimilarity(plain, other.normal).score];
      others.with += Number(ow >= THRESHOLD);
      others.without += Number(owo >= THRESHOLD);
      if (show && ow >= THRESHOLD !== owo >= THRESHOLD)
        console.log(
          `other  ${cut.format} ${cut.fullName} [${word}] (of ${cut.of.name}) | ${other.name}: ${owo} → ${ow}`,
        );
    }
  }
  const byFormat = LAYOUTS.map(([f]) => `${f} ${cuts.filter((c) => c.format === f).length}`).join(", ");
  console.log(`${names.length} persons' names in Latin letters; cut by the zone: ${cuts.length} (${byFormat})`);
  console.log(
    `cut names finding their own whole name at ${THRESHOLD}: without the cut word ${found.without}, with it ${found.with}`,
  );
  console.log(
    `names of other pairs reached at ${THRESHOLD} (of ${others.compared} compared): without ${others.without}, with ${others.with}`,
  );
}

main();
