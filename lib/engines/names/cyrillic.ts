// Cyrillic names in the romanisations lists and documents use. any-ascii writes one (BGN-like: Юрий = YURIY), but
// the same person is IURII in a Russian passport (ICAO 9303), IOURI in French, JURIJ in German and scientific
// lists, Вагнер is WAGNER in German, Жуков JOUKOV in French and SCHUKOW in German, and a Ukrainian Г is H
// (Гончаренко = HONCHARENKO). A Cyrillic word is read in each of these systems, one reading per system (so a
// handful, never a product of letters), and compared by the closest. The tables are the systems' own: BGN/PCGN,
// ICAO 9303 (Russian and Ukrainian passports), the French and German conventions, the scientific transliteration
// (ISO 9 with the diacritics dropped), and the popular English forms (final -IY as -Y: DMITRY).

type System = (
  letter: string,
  context: { atStart: boolean; afterVowel: boolean; atEnd: boolean; next: string },
) => string;

const VOWELS = "аеёиоуыэюяіїє";
const COMMON: Record<string, string> = {
  а: "A",
  б: "B",
  в: "V",
  г: "G",
  ґ: "G",
  д: "D",
  з: "Z",
  и: "I",
  і: "I",
  к: "K",
  л: "L",
  м: "M",
  н: "N",
  о: "O",
  п: "P",
  р: "R",
  с: "S",
  т: "T",
  у: "U",
  ў: "W",
  ф: "F",
  ъ: "",
  ь: "",
  ы: "Y",
  э: "E",
  ђ: "DJ",
  ј: "J",
  љ: "LJ",
  њ: "NJ",
  ћ: "C",
  џ: "DZ",
};

const table =
  (own: Record<string, string | ((c: Parameters<System>[1]) => string)>): System =>
  (letter, context) => {
    const rule = own[letter];
    if (typeof rule === "function") return rule(context);
    return rule ?? COMMON[letter] ?? "";
  };

// "ye" where the letter opens a syllable (start, after a vowel, after ь / ъ)
const iotated = (plain: string, iot: string) => (c: Parameters<System>[1]) => (c.atStart || c.afterVowel ? iot : plain);

const BGN: Record<string, string | ((c: Parameters<System>[1]) => string)> = {
  е: iotated("E", "YE"),
  ё: iotated("E", "YE"),
  ж: "ZH",
  й: "Y",
  х: "KH",
  ц: "TS",
  ч: "CH",
  ш: "SH",
  щ: "SHCH",
  ю: "YU",
  я: "YA",
  є: "YE",
  ї: "YI",
};

const SYSTEMS: System[] = [
  // BGN/PCGN
  table(BGN),
  // ICAO 9303 (passports), with the Ukrainian letters as Ukraine's passports write them
  table({
    е: "E",
    ё: "E",
    ж: "ZH",
    й: "I",
    х: "KH",
    ц: "TS",
    ч: "CH",
    ш: "SH",
    щ: "SHCH",
    ъ: "IE",
    ю: "IU",
    я: "IA",
    є: "IE",
    ї: "I",
  }),
  // Ukrainian national system (2010): Г is H, И is Y
  table({
    г: "H",
    и: "Y",
    е: "E",
    ё: iotated("IO", "YO"),
    є: iotated("IE", "YE"),
    ж: "ZH",
    й: iotated("I", "Y"),
    х: "KH",
    ц: "TS",
    ч: "CH",
    ш: "SH",
    щ: "SHCH",
    ю: iotated("IU", "YU"),
    я: iotated("IA", "YA"),
    ї: iotated("I", "YI"),
  }),
  // French
  table({
    е: "E",
    ё: "IO",
    ж: "J",
    й: "I",
    у: "OU",
    х: "KH",
    ц: "TS",
    ч: "TCH",
    ш: "CH",
    щ: "CHTCH",
    ю: "IOU",
    я: "IA",
    є: "IE",
    ї: "I",
  }),
  // German (Duden)
  table({
    в: "W",
    е: iotated("E", "JE"),
    ё: "JO",
    ж: "SCH",
    з: "S",
    й: "J",
    х: "CH",
    ц: "Z",
    ч: "TSCH",
    ш: "SCH",
    щ: "SCHTSCH",
    ю: "JU",
    я: "JA",
    є: "JE",
    ї: "JI",
  }),
  // scientific transliteration / ISO 9, diacritics dropped (ž z, č c, š s, ŝ / šč sc, û u, â a, ë e)
  table({
    е: "E",
    ё: "E",
    ж: "Z",
    й: "J",
    х: "CH",
    ц: "C",
    ч: "C",
    ш: "S",
    щ: "SC",
    ю: "JU",
    я: "JA",
    є: "JE",
    ї: "JI",
  }),
  // popular English: BGN with -IY / -YY written -Y (DMITRY, YURI) and Ё as YO
  table({
    ...BGN,
    ё: "YO",
    й: (c) => (c.atEnd ? "" : "Y"),
    и: (c) => (c.next === "й" ? "Y" : "I"),
  }),
];

export const CYRILLIC = /[\u0400-\u04FF]/u;

/** The word in each romanisation system, uppercase ASCII, distinct; [] when it has a letter none of them knows. */
export function cyrillicReadings(word: string): string[] {
  const letters = [...word.toLowerCase().normalize("NFC")];
  if (!letters.every((l) => COMMON[l] !== undefined || "еёжйхцчшщюяєї".includes(l))) return [];
  const readings = SYSTEMS.map((system) =>
    letters
      .map((letter, i) =>
        system(letter, {
          atStart: i === 0,
          afterVowel: i > 0 && (VOWELS.includes(letters[i - 1]!) || letters[i - 1] === "ь" || letters[i - 1] === "ъ"),
          atEnd: i === letters.length - 1,
          next: letters[i + 1] ?? "",
        }),
      )
      .join(""),
  );
  return [...new Set(readings.filter(Boolean))];
}

/**
 * A name's words (split at spaces and hyphens), each read by `read` into its spellings; null when the name has more
 * than `max` words or one of them reads as nothing. The readers of Chinese, Korean and Japanese names in Cyrillic
 * (palladius.ts, kontsevich.ts, polivanov.ts) read a name only when every word of it is theirs.
 */
export function readEveryWord(raw: string, read: (word: string) => string[], max = 4): string[][] | null {
  const words = raw
    .trim()
    .split(/[\s\-\u2010\u2011]+/)
    .filter(Boolean);
  if (words.length === 0 || words.length > max) return null;
  const readings = words.map(read);
  return readings.every((spellings) => spellings.length > 0) ? readings : null;
}
