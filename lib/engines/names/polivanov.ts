import { toKana } from "wanakana";
import { readEveryWord } from "@/lib/engines/names/cyrillic";

// Japanese names written in Cyrillic by the Polivanov system (Russian usage: Дзюнъитиро Коидзуми, Тиэко Хаяси, Сёко
// Асахара) read back in Hepburn, as lists write them (JUNICHIRO KOIZUMI): ДЗ is Z or J, ТИ is CHI, СИ is SHI, ЦУ is
// TSU, Х is H, Э is E, Ъ only separates N from a vowel. The usual romanisation of the Cyrillic (DZYUNITIRO, TIEKO)
// is nothing like it to a spelling measure. A name is read so only when every word is Japanese syllables, which
// wanakana (the kana library the project uses for Hepburn) checks by writing the reading in kana.

const SYLLABLES: [string, string][] = [
  ["дзя", "JA"],
  ["дзю", "JU"],
  ["дзё", "JO"],
  ["дзи", "JI"],
  ["дз", "Z"],
  ["тя", "CHA"],
  ["тю", "CHU"],
  ["тё", "CHO"],
  ["ти", "CHI"],
  ["цу", "TSU"],
  ["ся", "SHA"],
  ["сю", "SHU"],
  ["сё", "SHO"],
  ["си", "SHI"],
  ["дж", "J"],
  ["фу", "FU"],
];
const LETTERS: Record<string, string> = {
  а: "A",
  и: "I",
  у: "U",
  э: "E",
  о: "O",
  к: "K",
  г: "G",
  с: "S",
  з: "Z",
  т: "T",
  д: "D",
  н: "N",
  м: "M",
  р: "R",
  б: "B",
  п: "P",
  в: "W",
  х: "H",
  ц: "TS",
  ш: "SH",
  ч: "CH",
  й: "I",
  ъ: "",
};
// iotated vowels: Y and the vowel at a word's start and after a vowel, and after a consonant too (Кёто = KYOTO)
const IOTATED: Record<string, string> = { я: "YA", ю: "YU", ё: "YO", е: "YE" };
const VOWELS = "аиуэоёюяе";

/** A Cyrillic word in Hepburn by the Polivanov system, or null when a letter is not one Japanese names use. */
export function polivanovReading(word: string): string | null {
  const text = word.toLowerCase().normalize("NFC");
  let out = "";
  for (let i = 0; i < text.length;) {
    const syllable = SYLLABLES.find(([cyrillic]) => text.startsWith(cyrillic, i));
    if (syllable) {
      out += syllable[1];
      i += syllable[0].length;
      continue;
    }
    const letter = text[i]!;
    const afterConsonant = i > 0 && !VOWELS.includes(text[i - 1]!) && text[i - 1] !== "ъ";
    if (IOTATED[letter]) out += letter === "е" && afterConsonant ? "E" : IOTATED[letter];
    else if (LETTERS[letter] !== undefined) out += LETTERS[letter];
    else return null;
    i += 1;
  }
  return out.length >= 2 ? out : null;
}

/** A person's name whose every word reads as Japanese syllables in Polivanov, as its Hepburn words; null otherwise. */
export function polivanovName(raw: string): string[][] | null {
  return readEveryWord(raw, (word) => {
    const reading = polivanovReading(word);
    // wanakana writes valid romaji wholly in kana; a leftover Latin letter means a syllable Japanese does not have
    return reading && /^[\u3040-\u309F\u30FC]+$/u.test(toKana(reading.toLowerCase())) ? [reading] : [];
  });
}
