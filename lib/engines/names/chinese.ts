import { pinyin } from "pinyin-pro";

// Chinese names: Han characters read in Hanyu Pinyin (pinyin-pro, the maintained reading library: polyphonic
// characters in names read by its dictionary), and Latin names written in Pinyin or Wade–Giles made comparable:
// every syllable of a Wade–Giles spelling is turned into the Pinyin syllables it can stand for. Wade–Giles
// apostrophes (aspiration) are dropped by most lists, so "TSE" may be ts'e (ce) or tse (ze): both are kept.

/** Han ideographs (CJK unified, extension A, compatibility). */
export const HAN = /[\u3400-\u4DBF\u4E00-\u9FFF\uF900-\uFAFF]/u;

let syllables: Set<string> | null = null;

/**
 * Every Pinyin syllable, read off pinyin-pro's own dictionary (all CJK unified ideographs once, ~20 ms), so the
 * table is the library's and not a hand-typed list.
 */
export function pinyinSyllables(): Set<string> {
  if (syllables) return syllables;
  const chars: string[] = [];
  for (let code = 0x4e00; code <= 0x9fff; code++) chars.push(String.fromCodePoint(code));
  const read = pinyin(chars.join(""), { toneType: "none", type: "array", v: true }) as string[];
  // interjections written without a vowel (嗯 ng, 呣 m) would split any Latin word: they are no name syllables
  const interjections = new Set(["NG", "M", "N", "HM", "HNG"]);
  syllables = new Set(
    read
      .filter((s) => /^[a-z]{1,6}$/.test(s))
      .map((s) => s.toUpperCase())
      .filter((s) => !interjections.has(s)),
  );
  // ü as V in the library's output; lists write it as U or YU
  for (const s of [...syllables]) if (s.includes("V")) syllables.add(s.replaceAll("V", "U"));
  return syllables;
}

/** Han characters → one uppercase Pinyin syllable each (non-Han characters are skipped). */
export function hanReadings(text: string): { native: string; reading: string }[] {
  const chars = [...text].filter((c) => HAN.test(c));
  if (chars.length === 0) return [];
  const read = pinyin(chars.join(""), { toneType: "none", type: "array", v: true }) as string[];
  return chars.map((native, i) => ({ native, reading: (read[i] ?? "").replaceAll("v", "u").toUpperCase() }));
}

// Wade–Giles initials → the Pinyin initials they can stand for (apostrophes lost: both aspirated and plain)
const WG_INITIALS: [string, string[]][] = [
  ["TZ", ["Z", "C"]],
  ["TS", ["Z", "C"]],
  ["CH", ["ZH", "CH", "J", "Q"]],
  ["HS", ["X"]],
  ["SS", ["S"]],
  ["SZ", ["S"]],
  ["SH", ["SH"]],
  ["K", ["G", "K"]],
  ["P", ["B", "P"]],
  ["T", ["D", "T"]],
  ["J", ["R"]],
  ["", [""]],
];
// Wade–Giles finals → Pinyin finals (the rest are written alike)
const WG_FINALS: [string, string[]][] = [
  ["IEH", ["IE"]],
  ["UEH", ["UE"]],
  ["IEN", ["IAN"]],
  ["IUNG", ["IONG"]],
  ["UNG", ["ONG"]],
  ["IH", ["I"]],
  ["ERH", ["ER"]],
  ["U", ["U", "I"]],
  ["UO", ["UO"]],
];
// a bare -O after K, H (ko, ho) is Pinyin ge, he; after other initials it is -uo (to → duo)
const WG_BARE_O = ["E", "UO"];

// Spellings outside Pinyin and Wade–Giles that Singapore, Malaysia, Hong Kong and Taiwan keep in their residents' names
// (LEE Hsien Loong 李显龙, LEE Teng-hui 李登輝, SOONG Mei-ling 宋美龄, CHOONG 钟): EE for the final I after L, Y and CH,
// OO for U before NG and N. Each stands for the Wade–Giles syllable it replaces, read as that syllable is (LOONG as
// LUNG: Pinyin LONG). Only these initials for EE: an -EE after others (DEE, BEE, RENEE) is not read as an I.
const CUSTOMARY: [RegExp, string][] = [
  [/^(L|Y|CH)EE$/, "$1I"],
  [/OONG$/, "UNG"],
  [/OON$/, "UN"],
];

/**
 * The Pinyin syllables one Latin syllable may be: itself when it is Pinyin, its Wade–Giles readings, and those of the
 * Wade–Giles syllable a customary spelling stands for (CUSTOMARY).
 */
export function pinyinOfSyllable(syllable: string): string[] {
  const customary = CUSTOMARY.find(([form]) => form.test(syllable));
  const out = new Set<string>(customary ? readSyllable(syllable.replace(customary[0], customary[1])) : []);
  for (const read of readSyllable(syllable)) out.add(read);
  return [...out];
}

/** A syllable as Pinyin (itself) and as Wade–Giles. */
function readSyllable(syllable: string): string[] {
  const valid = pinyinSyllables();
  const out = new Set<string>();
  if (valid.has(syllable)) out.add(syllable);
  for (const [wg, pys] of WG_INITIALS) {
    if (!syllable.startsWith(wg)) continue;
    const rest = syllable.slice(wg.length);
    if (!rest) continue;
    const finals = new Set([rest]);
    for (const [wf, pfs] of WG_FINALS)
      if (rest.endsWith(wf)) for (const pf of pfs) finals.add(rest.slice(0, -wf.length) + pf);
    if (rest === "O") for (const pf of WG_BARE_O) finals.add(pf);
    for (const py of pys) for (const f of finals) if (valid.has(py + f)) out.add(py + f);
  }
  return [...out];
}

const MAX_READINGS = 16;

/**
 * A Latin token read as Chinese syllables (JINPING = JIN·PING; CHIN = JIN or QIN): every reading as the Pinyin
 * syllables joined, or [] when the token is not a sequence of Pinyin or Wade–Giles syllables.
 */
export function chineseReadings(token: string): string[] {
  const memo = new Map<number, string[]>();
  const from = (start: number): string[] => {
    if (start === token.length) return [""];
    const known = memo.get(start);
    if (known) return known;
    const out: string[] = [];
    for (let end = Math.min(token.length, start + 6); end > start; end--) {
      const heads = pinyinOfSyllable(token.slice(start, end));
      if (heads.length === 0) continue;
      for (const tail of from(end)) for (const head of heads) if (out.length < MAX_READINGS) out.push(head + tail);
    }
    memo.set(start, out);
    return out;
  };
  return token.length >= 2 && /^[A-Z]+$/.test(token) ? [...new Set(from(0))] : [];
}
