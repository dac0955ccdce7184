import { readEveryWord } from "@/lib/engines/names/cyrillic";
import { readsAsKorean, surnameSpellingsAlike } from "@/lib/engines/names/korean";

// Korean names written in Cyrillic, as Russian writes them: the Kontsevich system (Мун Чжэ Ин, Юн Сок Ёль) and the
// older spellings of North Korean names it did not replace (Ким Чен Ын, Ким Ир Сен). Each word is read letter by
// letter into the Latin letters the Korean comparison folds together anyway (korean.ts `koreanLoose`: G/K, D/T, B/P,
// J/CH, EO/O/U/EU), with the two choices the Cyrillic hides spelt out: a final Н is N or NG (Kontsevich writes ㄴ and
// ㅇ alike: Чон = JEONG), and Е is E, YE (Kontsevich's ㅖ after a consonant: Хе = HYE) or EO (the old spelling's Чен for
// 정). A name is read so only when it reads as a
// Korean one in Latin: a known surname's spelling first, then words of one or two Korean syllables.

const LETTERS: [string, string[]][] = [
  ["чх", ["CH"]],
  ["кх", ["K"]],
  ["тх", ["T"]],
  ["пх", ["P"]],
  ["чж", ["J"]],
  ["кк", ["KK"]],
  ["тт", ["TT"]],
  ["пп", ["PP"]],
  ["сс", ["SS"]],
  ["чч", ["JJ"]],
  ["ль", ["L"]],
  ["ый", ["UI"]],
  // ㅚ, ㅙ, ㅞ after a consonant (Чхве = CHOE)
  ["ве", ["OE", "WE"]],
  ["к", ["K"]],
  ["г", ["G"]],
  ["н", ["N"]],
  ["т", ["T"]],
  ["д", ["D"]],
  ["р", ["R"]],
  ["л", ["L"]],
  ["м", ["M"]],
  ["п", ["P"]],
  ["б", ["B"]],
  ["с", ["S"]],
  ["ш", ["SH"]],
  ["ч", ["CH"]],
  ["ж", ["J"]],
  ["х", ["H"]],
  ["в", ["W"]],
  ["а", ["A"]],
  ["э", ["AE"]],
  ["я", ["YA"]],
  ["о", ["O"]],
  ["е", ["E", "YE", "EO"]],
  ["ё", ["YEO"]],
  ["у", ["U"]],
  ["ы", ["EU"]],
  ["ю", ["YU"]],
  ["и", ["I"]],
  ["й", ["I"]],
];

const MAX_SPELLINGS = 8;

/** A Cyrillic word's Latin spellings as a Korean syllable or two; [] when a letter is not one Korean names use. */
export function kontsevichSpellings(word: string): string[] {
  const text = word.toLowerCase().normalize("NFC");
  let spellings = [""];
  for (let i = 0; i < text.length;) {
    const letter = LETTERS.find(([cyrillic]) => text.startsWith(cyrillic, i));
    if (!letter) return [];
    // a word-final Н is ㄴ or ㅇ; "ве" is ㅚ only after a consonant
    const isFinalN = letter[0] === "н" && i === text.length - 1;
    const options = isFinalN ? ["N", "NG"] : letter[0] === "ве" && i === 0 ? ["WE"] : letter[1];
    spellings = spellings.flatMap((s) => options.map((o) => s + o)).slice(0, MAX_SPELLINGS);
    i += letter[0].length;
  }
  return spellings;
}

/**
 * A person's name in Cyrillic read as a Korean name in Latin: the surname in its customary spellings (Пак: PARK, PAK,
 * BAK; Ли: LEE, YI, RHEE, RI), each other word with its spellings (the first the token, the others its alternatives);
 * null when it does not read as Korean.
 */
export function kontsevichName(raw: string): string[][] | null {
  const words = readEveryWord(raw, kontsevichSpellings);
  if (!words || words.length < 2) return null;
  const [surname, ...given] = words;
  const surnames = [...new Set(surname!.flatMap(surnameSpellingsAlike))];
  if (surnames.length === 0) return null;
  const read = [surnames, ...given];
  return readsAsKorean(
    read.map((spellings) => spellings[0]!),
    false,
  )
    ? read
    : null;
}
