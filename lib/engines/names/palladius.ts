import { pinyinSyllables } from "@/lib/engines/names/chinese";
import { readEveryWord } from "@/lib/engines/names/cyrillic";

// Chinese names written in Cyrillic by the Palladius system (Russian, and the lists and documents that follow it:
// Си Цзиньпин = Xi Jinping, Мао Цзэдун = Mao Zedong, Чжан Сяомин = Zhang Xiaoming). A Cyrillic word made wholly of
// Palladius syllables is also read as the Pinyin syllables they stand for. The table is not typed out: every Pinyin
// syllable pinyin-pro knows (chinese.ts) is written in Palladius by the system's rules below (initial, then final,
// with its spellings for syllables without an initial), and the table is read backwards. No npm package carries the
// system (node-palladius, Pinyin → Cyrillic, is not on the registry this project installs from).

const INITIALS: [string, string][] = [
  ["zh", "чж"],
  ["ch", "ч"],
  ["sh", "ш"],
  ["b", "б"],
  ["p", "п"],
  ["m", "м"],
  ["f", "ф"],
  ["d", "д"],
  ["t", "т"],
  ["n", "н"],
  ["l", "л"],
  ["g", "г"],
  ["k", "к"],
  ["h", "х"],
  ["j", "цз"],
  ["q", "ц"],
  ["x", "с"],
  ["r", "ж"],
  ["z", "цз"],
  ["c", "ц"],
  ["s", "с"],
];

// finals after an initial (v: ü)
const FINALS: Record<string, string> = {
  a: "а",
  o: "о",
  e: "э",
  ai: "ай",
  ei: "эй",
  ao: "ао",
  ou: "оу",
  an: "ань",
  en: "энь",
  ang: "ан",
  eng: "эн",
  ong: "ун",
  er: "эр",
  i: "и",
  ia: "я",
  ie: "е",
  iao: "яо",
  iu: "ю",
  ian: "янь",
  in: "инь",
  iang: "ян",
  ing: "ин",
  iong: "юн",
  u: "у",
  ua: "уа",
  uo: "о",
  uai: "уай",
  ui: "уй",
  uan: "уань",
  un: "унь",
  uang: "уан",
  v: "юй",
  ve: "юэ",
  van: "юань",
  vn: "юнь",
};

// syllables without an initial: the final alone, or written with y- and w-
const BARE: Record<string, string> = {
  yi: "и",
  ya: "я",
  ye: "е",
  yao: "яо",
  you: "ю",
  yan: "янь",
  yin: "инь",
  yang: "ян",
  ying: "ин",
  yong: "юн",
  yu: "юй",
  yue: "юэ",
  yuan: "юань",
  yun: "юнь",
  wu: "у",
  wa: "ва",
  wo: "во",
  wai: "вай",
  wei: "вэй",
  wan: "вань",
  wen: "вэнь",
  wang: "ван",
  weng: "вэн",
};

/** One Pinyin syllable (lowercase, v for ü) in Palladius, or null when the rules do not cover it. */
export function palladiusOf(syllable: string): string | null {
  if (BARE[syllable]) return BARE[syllable]!;
  const initial = INITIALS.find(([latin]) => syllable.startsWith(latin));
  if (!initial) return FINALS[syllable] ?? null;
  let final = syllable.slice(initial[0].length);
  // j, q and x are followed by ü, written u
  if ("jqx".includes(initial[0]) && final.startsWith("u")) final = `v${final.slice(1)}`;
  // the "buzzing" i: цзы, цы, сы after z, c, s (after zh, ch, sh and r it stays и)
  if (final === "i" && ["z", "c", "s"].includes(initial[0])) return `${initial[1]}ы`;
  const written = FINALS[final];
  return written ? initial[1] + written : null;
}

let reverse: Map<string, string[]> | null = null;

/** Palladius syllable → the Pinyin syllables (uppercase, ü as U) it writes. */
function palladiusTable(): Map<string, string[]> {
  if (reverse) return reverse;
  reverse = new Map();
  for (const syllable of pinyinSyllables()) {
    const cyrillic = palladiusOf(syllable.toLowerCase());
    if (!cyrillic) continue;
    const pinyin = syllable.replaceAll("V", "U");
    const known = reverse.get(cyrillic) ?? [];
    if (!known.includes(pinyin)) reverse.set(cyrillic, [...known, pinyin]);
  }
  return reverse;
}

const MAX_SYLLABLES = 4;
const MAX_READINGS = 8;
const LONGEST = 6; // чжуань, цзюань

/**
 * A Cyrillic word read as Chinese syllables written by Palladius (ЦЗИНЬПИН = JINPING): each reading as the Pinyin
 * syllables joined, uppercase; [] when the word is not wholly made of such syllables (at most four).
 */
export function palladiusReadings(word: string): string[] {
  const text = word.toLowerCase().normalize("NFC").replaceAll("ё", "е");
  if (!/^[\u0430-\u044F]+$/.test(text)) return [];
  const table = palladiusTable();
  const memo = new Map<number, string[][]>();
  const from = (start: number): string[][] => {
    if (start === text.length) return [[]];
    const known = memo.get(start);
    if (known) return known;
    const out: string[][] = [];
    for (let end = Math.min(text.length, start + LONGEST); end > start; end--) {
      const heads = table.get(text.slice(start, end));
      if (!heads) continue;
      for (const tail of from(end))
        for (const head of heads)
          if (tail.length < MAX_SYLLABLES && out.length < MAX_READINGS) out.push([head, ...tail]);
    }
    memo.set(start, out);
    return out;
  };
  return [...new Set(from(0).map((syllables) => syllables.join("")))];
}

/**
 * A person's name whose every word is Cyrillic made wholly of Palladius syllables (a Chinese name: Си Цзиньпин), as
 * each word's Pinyin readings; null otherwise, so that a Russian name one of whose words happens to spell syllables
 * (Иван: и·ван, YIWANG) is not read as Chinese.
 */
export function palladiusName(raw: string): string[][] | null {
  return readEveryWord(raw, palladiusReadings);
}
