// A Latin name changed one rule at a time, as someone who wants to get through writes a listed name (issue 30): used by
// eval:screening-variants (every change, on the development pairs' names) and bench:screening (the names written in
// other scripts, timed). Each change takes the name's words and returns them changed; a name it cannot change comes
// back as it was.
export type Change = (words: string[]) => string[];

const VOWEL = /[AEIOU]/i;
const OTHER_VOWEL: Record<string, string> = { A: "E", E: "A", I: "E", O: "U", U: "O" };

const middle = (w: string) => Math.floor(w.length / 2);
// the word a change is made in: the longest (the one a reader's eye least checks letter by letter), or the last
const longestAt = (words: string[]) => words.reduce((best, w, i) => (w.length > words[best]!.length ? i : best), 0);
const inWord =
  (at: (words: string[]) => number, change: (w: string) => string): Change =>
  (words) =>
    words.map((w, i) => (i === at(words) ? change(w) : w));
const inLongest = (change: (w: string) => string) => inWord(longestAt, change);
const inSurname = (change: (w: string) => string) => inWord((words) => words.length - 1, change);

const leftOut = (w: string) => (w.length >= 5 ? w.slice(0, middle(w)) + w.slice(middle(w) + 1) : w);
const swapped = (w: string) =>
  w.length >= 4 ? w.slice(0, middle(w) - 1) + w[middle(w)] + w[middle(w) - 1] + w.slice(middle(w) + 1) : w;
const doubled = (w: string) => {
  const at = [...w].findIndex((ch, i) => i > 0 && /[A-Z]/i.test(ch) && !VOWEL.test(ch));
  return at < 0 ? w : w.slice(0, at + 1) + w.slice(at);
};
const vowelChanged = (w: string) => {
  const at = [...w].findIndex((ch, i) => i > 0 && VOWEL.test(ch));
  if (at < 0) return w;
  const other = OTHER_VOWEL[w[at]!.toUpperCase()]!;
  // in the word's own case: a capital inside a word would read as two words (camel case)
  return w.slice(0, at) + (w[at] === w[at]!.toUpperCase() ? other : other.toLowerCase()) + w.slice(at + 1);
};

// a sound written another way, as someone writing a name by ear would (the first of these the word has, once)
const RESPELLINGS: [RegExp, string][] = [
  [/PH/i, "F"],
  [/KH/i, "H"],
  [/CK/i, "K"],
  [/SCH/i, "SH"],
  [/TH/i, "T"],
  [/DH/i, "D"],
  [/OU/i, "U"],
  [/EE/i, "I"],
  [/OO/i, "U"],
  [/C(?=[AOU])/i, "K"],
  [/Q/i, "K"],
  [/W/i, "V"],
  [/(?<=.)Y/i, "I"],
  [/Z/i, "S"],
  [/X/i, "KS"],
  [/(?<=.)J/i, "DJ"],
];
const respelt = (w: string) => {
  const found = RESPELLINGS.find(([from]) => from.test(w));
  if (!found) return w;
  const [from, to] = found;
  // in the word's own case, as vowelChanged
  return w.replace(from, (m) => (m === m.toUpperCase() ? to : to.toLowerCase()));
};
// the particles and articles a name may be written without (AL-TIKRITI, TIKRITI; VAN DER BERG, BERG)
const PARTICLES = new Set("AL EL BIN BEN IBN ABU ABOU VAN VON DER DEN DE DA DI DU LA LE".split(" "));
const withoutParticles = (words: string[]) =>
  words
    .filter((w) => !PARTICLES.has(w.toUpperCase()))
    .map((w) => w.replace(/^(?:AL|EL)-(?=[A-Z]{3})/i, ""))
    .filter((w) => w.length > 0);

// letter groups and what they are written as, `GROUP=LETTERS` apart by spaces
const groups = (pairs: string) => Object.fromEntries(pairs.split(" ").map((pair) => pair.split("=")));

// a Latin name written in another script by ear, letter group by letter group (the longest group first): how someone
// who means to get through writes it where the form takes any script; a rule, not a romanisation standard read backwards
const byEar = (table: Record<string, string>) => {
  const longestFirst = Object.keys(table).sort((x, y) => y.length - x.length);
  return (w: string) => {
    let out = "";
    const upper = w.toUpperCase();
    for (let i = 0; i < upper.length;) {
      const group = longestFirst.find((g) => upper.startsWith(g, i));
      // a letter no group writes is left out; a hyphen or an apostrophe between a name's parts stays
      if (!group && (upper[i] === "-" || upper[i] === "'")) out += upper[i];
      out += group ? table[group] : "";
      i += group ? group.length : 1;
    }
    return out;
  };
};
const CYRILLIC = byEar(
  groups(
    "A=А B=Б V=В W=В G=Г D=Д E=Е ZH=Ж Z=З I=И Y=Й K=К C=К Q=К L=Л M=М N=Н O=О P=П R=Р S=С T=Т U=У F=Ф" +
      " PH=Ф KH=Х H=Х TS=Ц CH=Ч SH=Ш SHCH=Щ YU=Ю YA=Я YE=Е YO=Ё J=ДЖ X=КС OO=У EE=И OU=У",
  ),
);
const GREEK = byEar(
  groups(
    "A=Α B=ΜΠ V=Β W=Β G=ΓΚ D=ΝΤ E=Ε Z=Ζ I=Ι Y=Ι K=Κ C=Κ Q=Κ L=Λ M=Μ N=Ν O=Ο P=Π R=Ρ S=Σ T=Τ U=ΟΥ F=Φ" +
      " PH=Φ KH=Χ H=Χ CH=ΤΣ SH=Σ TH=Θ X=Ξ PS=Ψ J=ΤΖ TS=ΤΣ OU=ΟΥ OO=ΟΥ EE=Ι",
  ),
);
// Arabic as a foreign name is written in it: every vowel by the letter of its long vowel (A ا, E and I ي, O and U و),
// a word's first vowel on an alif (OLAF أولاف written اولاف, IGOR ايغور), a doubled consonant once (its shadda is not
// written), the consonants by their usual letter (PUTIN بوتين, RAMI رامي, SCHOLZ شولز)
const ARABIC = byEar(
  groups(
    "B=ب T=ت TH=ث J=ج H=ه KH=خ D=د DH=ذ R=ر Z=ز S=س SH=ش SCH=ش CH=تش F=ف PH=ف Q=ق K=ك C=ك CK=ك L=ل" +
      " M=م N=ن W=و Y=ي G=غ P=ب V=ف X=كس A=ا E=ي I=ي O=و U=و AA=ا OO=و OU=و EE=ي II=ي UU=و AI=ي AY=ي",
  ),
);
const ARABIC_FIRST_VOWEL: Record<string, string> = { A: "ا", E: "اي", I: "اي", O: "او", U: "او" };
const arabicByEar = (w: string) => {
  const once = w.toUpperCase().replace(/([B-DF-HJ-NP-TV-Z])\1/g, "$1");
  const first = ARABIC_FIRST_VOWEL[once[0]!];
  return first ? first + ARABIC(once.slice(1)) : ARABIC(once);
};

export const CHANGES: Record<string, Change> = {
  "a letter left out (longest word)": inLongest(leftOut),
  "two letters swapped (longest word)": inLongest(swapped),
  "a letter doubled (longest word)": inLongest(doubled),
  "a vowel changed (surname)": inSurname(vowelChanged),
  "a letter left out in every word": (words) => words.map(leftOut),
  "two changes: surname's letter left out, longest word's swapped": (words) =>
    inLongest(swapped)(inSurname(leftOut)(words)),
  "the surname written first": (words) => [words.at(-1)!, ...words.slice(0, -1)],
  "a middle name added": (words) => [words[0]!, "JOHN", ...words.slice(1)],
  "middle names left out (3+ words; not Chinese or Korean)": (words) =>
    words.length >= 3 ? [words[0]!, words.at(-1)!] : words,
  "two given names swapped (3+ words; not Chinese or Korean)": (words) =>
    words.length >= 3 ? [words[1]!, words[0]!, ...words.slice(2)] : words,
  "the words joined": (words) => [words.join("")],
  "a word split (longest word)": inLongest((w) =>
    w.length >= 6 ? `${w.slice(0, middle(w))} ${w.slice(middle(w))}` : w,
  ),
  "hyphens between the words": (words) => [words.join("-")],
  "a sound spelt another way (surname)": inSurname(respelt),
  "a sound spelt another way in every word": (words) => words.map(respelt),
  "given names as initials (not Chinese or Korean)": (words) => [
    ...words.slice(0, -1).map((w) => `${w[0]!.toUpperCase()}.`),
    words.at(-1)!,
  ],
  "particles and articles left out": withoutParticles,
  "written in Cyrillic letters by ear": (words) => words.map(CYRILLIC),
  "written in Greek letters by ear": (words) => words.map(GREEK),
  "written in Arabic letters by ear": (words) => words.map(arabicByEar),
};
