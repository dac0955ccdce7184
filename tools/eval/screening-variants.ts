// A listed person's name as someone who wants to get through writes it (issue 30: "a sanctioned name spelt another
// way"): every person's name of DIR/pairs.csv written in Latin letters with two words or more is changed in one way at
// a time, the same way for every name, and scored with nameSimilarity (the function WATCHLIST_CHECK's scoring runs)
// against its own name as written. The changes are rules, not a sample: a letter left out, two letters swapped, a
// letter doubled, a vowel changed, two of these at once; a sound spelt another way (PH as F, KH as H, W as V …, in the
// surname or in every word); the surname written first, a middle name added or left out, two given names swapped, the
// given names as initials, the particles and articles left out (BEN, VAN, AL-); the words joined, a word split,
// hyphens between the words; the name written in Cyrillic, Greek or Arabic letters by ear (byEar: letter groups
// mapped as someone who means to get through writes it where a form takes any script). Printed per change: the names
// it changed, how many still find their own name at the threshold, and how many names of the other pairs sharing a
// word with the changed name it reaches at the threshold — beside how many the name as written reaches, so a change
// that made the matcher reach everything would show (the same person is often written in several pairs, so these are
// not all false hits).
//
//   npm run eval:screening-variants -- --data DIR [--show] [--only TEXT]
// --show prints every changed name that no longer finds its own, with its score, and every other pair's name a changed
// name reaches that the name as written does not; --only runs the changes whose label
// holds TEXT.
import { isKoreanName } from "@/lib/engines/names/korean";
import { normalizeName, type NormalizedName } from "@/lib/engines/names/normalize";
import { CHANGES } from "./name-changes";
import { personNamesOf, type PairName } from "./pair-names";
import { DEFAULT_WATCHLIST_THRESHOLD as THRESHOLD, nameSimilarity } from "@/lib/engines/names/score";

type Name = PairName;

const LATIN_ONLY = /^[A-Za-z][A-Za-z .'-]*$/;

function main(): void {
  const args = process.argv.slice(2);
  const data = args[args.indexOf("--data") + 1];
  if (!args.includes("--data") || !data) throw new Error("usage: eval:screening-variants -- --data DIR [--show]");
  const show = args.includes("--show");
  const names = personNamesOf(data, (name) => LATIN_ONLY.test(name) && name.trim().includes(" "));
  // the names of other pairs a name reaches at the threshold, among those sharing a word with it
  const reached = (normal: NormalizedName, of: Name) =>
    names.filter(
      (other) =>
        other.pair !== of.pair &&
        other.name !== of.name &&
        other.normal.tokens.some((t) => normal.tokens.includes(t) || of.normal.tokens.includes(t)) &&
        nameSimilarity(normal, other.normal).score >= THRESHOLD,
    );
  const asWritten = new Map(names.map((n) => [n, new Set(reached(n.normal, n))]));
  console.log(`${names.length} persons' names in Latin letters with two words or more (${data})`);
  console.log(`| change | names changed | own name found at ${THRESHOLD} | others reached: changed / as written |`);
  console.log("|---|---|---|---|");
  const only = args.includes("--only") ? args[args.indexOf("--only") + 1] : undefined;
  for (const [label, change] of Object.entries(CHANGES)) {
    if (only && !label.includes(only)) continue;
    let [changed, found, others, othersBefore] = [0, 0, 0, 0];
    for (const n of names) {
      // a Chinese or Korean given name's syllables are one name (KIM YONG CHOL), not a given and a middle name
      if (label.includes("not Chinese or Korean") && (n.normal.isChineseLike || isKoreanName(n.normal))) continue;
      const written = change(n.name.trim().split(/\s+/)).join(" ");
      if (written === n.name.trim().split(/\s+/).join(" ")) continue;
      changed++;
      const normal = normalizeName(written);
      const score = nameSimilarity(normal, n.normal).score;
      if (score >= THRESHOLD) found++;
      else if (show) console.log(`  missed  ${label}: ${written} | ${n.name} ${score}`);
      const now = reached(normal, n);
      others += now.length;
      othersBefore += asWritten.get(n)!.size;
      if (show)
        for (const other of now.filter((o) => !asWritten.get(n)!.has(o)))
          console.log(`  reached ${label}: ${written} | ${other.name} (not reached by ${n.name})`);
    }
    const pct = changed ? ((100 * found) / changed).toFixed(1) : "—";
    console.log(`| ${label} | ${changed} | ${found} (${pct} %) | ${others} / ${othersBefore} |`);
  }
}

main();
