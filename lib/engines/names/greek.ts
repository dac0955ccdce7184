// Greek names in ELOT 743 (the Greek standard, also ISO 843's transcription and the spelling of Greek passports),
// and in the other spellings Greek names and foreign names written in Greek take in lists: Greek writes B as ΜΠ, D
// as ΝΤ and G as ΓΚ (Μπαράκ Ομπάμα = Barack Obama, Ντόναλντ = Donald), ΟΥ is OU or U (Πούτιν = Putin), Η, Υ, ΕΙ,
// ΟΙ are all read I, Χ is CH, H or KH, ΓΙ before a vowel is Y (Γιάννης = Yannis), YI before a consonant. any-ascii
// writes one letter by letter (ΜΠ = MP, ΟΥ = OY). A word is read in every such spelling (the first, ELOT's, is the one
// shown), capped.

const VOWELS = "αεηιουω";
// ΑΥ / ΕΥ / ΗΥ are AV before a vowel or a voiced consonant, AF before a voiceless one or at the end (ELOT 743)
const VOICELESS = "θκξπστφχψ";

const DIGRAPHS: Record<string, (atStart: boolean, next: string | undefined) => readonly string[]> = {
  ου: () => ["OU", "U"],
  αι: () => ["AI", "E"],
  ει: () => ["EI", "I"],
  οι: () => ["OI", "I"],
  υι: () => ["YI", "I"],
  αυ: (_, next) => (next === undefined || VOICELESS.includes(next) ? ["AF", "AV"] : ["AV", "AF"]),
  ευ: (_, next) => (next === undefined || VOICELESS.includes(next) ? ["EF", "EV", "EU"] : ["EV", "EF", "EU"]),
  ηυ: (_, next) => (next === undefined || VOICELESS.includes(next) ? ["IF", "IV"] : ["IV", "IF"]),
  μπ: (atStart) => (atStart ? ["B", "MP"] : ["MB", "B", "MP"]),
  ντ: (atStart) => (atStart ? ["D", "NT"] : ["ND", "D", "NT"]),
  γκ: (atStart) => (atStart ? ["G"] : ["NG", "G"]),
  γγ: () => ["NG"],
  γξ: () => ["NX"],
  γχ: () => ["NCH", "NKH"],
  // ΓΙ is Y before a vowel (Γιάννης) and YI before a consonant (Ταγίπ = TAYIP)
  // the sounds Greek has no letter for, in foreign names: J (Τζο Μπάιντεν = Joe Biden), CH (Τσε = Che)
  τζ: () => ["TZ", "J", "DZ"],
  τσ: () => ["TS", "CH"],
  γι: (_, next) => (next !== undefined && VOWELS.includes(next) ? ["GI", "Y"] : ["GI", "YI"]),
};

const LETTERS: Record<string, readonly string[]> = {
  α: ["A"],
  β: ["V", "B"],
  γ: ["G"],
  δ: ["D", "DH"],
  ε: ["E"],
  ζ: ["Z"],
  η: ["I", "E"],
  θ: ["TH"],
  ι: ["I"],
  κ: ["K"],
  λ: ["L"],
  μ: ["M"],
  ν: ["N"],
  ξ: ["X", "KS"],
  ο: ["O"],
  π: ["P"],
  ρ: ["R"],
  σ: ["S"],
  ς: ["S"],
  τ: ["T"],
  υ: ["Y", "I"],
  φ: ["F", "PH"],
  χ: ["CH", "H", "KH"],
  ψ: ["PS"],
  ω: ["O"],
};

export const GREEK = /[\u0370-\u03FF\u1F00-\u1FFF]/u;
export const MAX_GREEK_READINGS = 24;

/** Letters without accents, each with whether it carries a diaeresis (ϊ: never part of a digraph). */
function letters(word: string): { letter: string; apart: boolean }[] {
  const out: { letter: string; apart: boolean }[] = [];
  for (const char of word.toLowerCase().normalize("NFD")) {
    if (char === "\u0308") {
      if (out.length > 0) out[out.length - 1]!.apart = true;
      continue;
    }
    if (/\p{M}/u.test(char)) continue;
    out.push({ letter: char, apart: false });
  }
  return out;
}

/** Every customary Latin spelling of a Greek word, uppercase ASCII, ELOT 743's first; [] for a word with no Greek. */
export function greekReadings(word: string): string[] {
  const chars = letters(word);
  if (!chars.some(({ letter }) => LETTERS[letter] || letter === "ς")) return [];
  let readings = [""];
  for (let i = 0; i < chars.length;) {
    const pair = chars[i + 1] && !chars[i + 1]!.apart ? chars[i]!.letter + chars[i + 1]!.letter : "";
    const digraph = DIGRAPHS[pair];
    let options: readonly string[];
    if (digraph) {
      options = digraph(i === 0, chars[i + 2]?.letter);
      i += 2;
    } else {
      const letter = chars[i]!.letter;
      options = LETTERS[letter] ?? [letter.toUpperCase().replace(/[^A-Z0-9]/g, "")];
      i += 1;
    }
    const next: string[] = [];
    for (const option of options)
      for (const reading of readings) if (next.length < MAX_GREEK_READINGS) next.push(reading + option);
    readings = next;
  }
  return [...new Set(readings.filter(Boolean))];
}
