// Names cut by a passport's machine-readable zone, screened as WATCHLIST_CHECK screens them (issue 30, thirtieth
// round). Every person's name of DIR/pairs.csv written in Latin letters with two words or more is written into the
// zone's name field (SURNAME<<GIVEN<NAMES, its last word taken as the surname) of a TD1 card (30 characters), a TD2
// (31), a TD3 passport (39), and into the old French card's two fields (25 for the surname, 14 for the given names).
// Where it does not fit, it is cut at the field's end as ICAO 9303 cuts it, and the name the document step then gives
// (given names first) is scored with nameSimilarity, the function WATCHLIST_CHECK's scoring runs, with and without
// the zone's cut words marked (cutNameWords, withCutWords: what the check does with the step's data.mrz). Printed: how
// many cut names find their own whole name at the threshold, and how many names of the other pairs sharing a word
// with them (or opened by a cut word) they reach — a false-hit check, though the same person is often written in
// several pairs.
//
//   npm run eval:screening-cut -- --data DIR [--show]
import { normalizeName } from "@/lib/engines/names/normalize";
import { personNamesOf, type PairName } from "./pair-names";
import { DEFAULT_WATCHLIST_THRESHOLD as THRESHOLD, nameSimilarity } from "@/lib/engines/names/score";
import { withCutWords } from "@/lib/engines/names/cut-word";
import { cutNameWords } from "@/lib/engines/documents/mrz/name-crosscheck";

type Name = PairName;
type Cut = { format: string; fullName: string; words: string[]; of: Name };

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
      out.push({ format, fullName, words: cutNameWords(format, lines), of });
    }
    // the old French card: the surname in 25 characters of line 1, the given names in 14 of line 2
    const [surname, given] = [words.at(-1)!.slice(0, 25), words.slice(0, -1).join("<").slice(0, 14)];
    if (surname.length < words.at(-1)!.length || given.length < words.slice(0, -1).join("<").length) {
      const lines = [`IDFRA${surname.padEnd(25, "<")}075123`, `9409923102854${given.padEnd(14, "<")}6512068F6`];
      const fullName = [...given.split("<"), surname].filter(Boolean).join(" ");
      out.push({ format: "FRENCH_NATIONAL_ID", fullName, words: cutNameWords("FRENCH_NATIONAL_ID", lines), of });
    }
  }
  return out;
}

function main(): void {
  const args = process.argv.slice(2);
  const data = args[args.indexOf("--data") + 1];
  if (!args.includes("--data") || !data) throw new Error("usage: eval:screening-cut -- --data DIR [--show]");
  const show = args.includes("--show");
  const names = personNamesOf(data, (name) => LATIN_ONLY.test(name));
  const cuts = cutNames(names);
  const found = { with: 0, without: 0 };
  const others = { with: 0, without: 0, compared: 0 };
  for (const cut of cuts) {
    const plain = normalizeName(cut.fullName);
    const marked = withCutWords(plain, cut.words);
    const [w, wo] = [nameSimilarity(marked, cut.of.normal).score, nameSimilarity(plain, cut.of.normal).score];
    found.with += Number(w >= THRESHOLD);
    found.without += Number(wo >= THRESHOLD);
    if (show && w >= THRESHOLD !== wo >= THRESHOLD)
      console.log(`found  ${cut.format} ${cut.fullName} [${cut.words.join(" ")}] | ${cut.of.name}: ${wo} → ${w}`);
    for (const other of names) {
      if (other.pair === cut.of.pair || other.name === cut.of.name) continue;
      const opened = (t: string) => cut.words.some((w) => t.startsWith(w));
      if (!other.normal.tokens.some((t) => plain.tokens.includes(t) || opened(t))) continue;
      others.compared++;
      const [ow, owo] = [nameSimilarity(marked, other.normal).score, nameSimilarity(plain, other.normal).score];
      others.with += Number(ow >= THRESHOLD);
      others.without += Number(owo >= THRESHOLD);
      if (show && ow >= THRESHOLD !== owo >= THRESHOLD)
        console.log(
          `other  ${cut.format} ${cut.fullName} [${cut.words.join(" ")}] (of ${cut.of.name}) | ${other.name}: ${owo} → ${ow}`,
        );
    }
  }
  const byFormat = [...LAYOUTS.map(([f]) => f), "FRENCH_NATIONAL_ID"]
    .map((f) => `${f} ${cuts.filter((c) => c.format === f).length}`)
    .join(", ");
  console.log(`${names.length} persons' names in Latin letters; cut by the zone: ${cuts.length} (${byFormat})`);
  console.log(
    `cut names finding their own whole name at ${THRESHOLD}: without the cut word ${found.without}, with it ${found.with}`,
  );
  console.log(
    `names of other pairs reached at ${THRESHOLD} (of ${others.compared} compared): without ${others.without}, with ${others.with}`,
  );
}

main();
