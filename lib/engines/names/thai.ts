import anyAscii from "any-ascii";

// Thai names in Latin letters. any-ascii writes Thai letter by letter in written order (ยิ่งลักษณ์ → YINGLAKSN,
// วงศ์สวัสดิ์ → WNGSSWASDI), which no list spells: Thai writes some vowels before the consonant they follow when
// spoken (เ แ โ ใ ไ), silences the letter under the karan (์), and a consonant that closes a syllable sounds other
// than one that opens it (ร, ล, ณ close as N; ส, ศ, ษ, ด, ต, ท … as T). Names reach lists in three customary ways,
// and each is a reading here (the closest counts, compared by consonant skeleton as abjad words are):
//   RTGS     the Royal Thai General System, the official one: syllable-final values (วงศ์สวัสดิ์ WONGSAWAT)
//   letters  each letter with its initial value, as many families spell their surname (ชินวัตร SHINAWATRA
//            keeps its R; แพทองธาร PAETONGTARN)
//   Pali     the Sanskrit/Pali values of letters in names of that origin (อภิสิทธิ์ ABHISIT, เวชชาชีวะ VEJJAJIVA)
// Written for this project (no maintained Thai romaniser is on the npm registry); a reading, not a transcription
// a Thai reader would sign off: what screening needs is the consonants a list's spelling keeps.

export const THAI = /[\u0E01-\u0E4E]/u;
export const LAO = /[\u0E81-\u0EDF]/u;

// Lao is Thai's sister script, encoded letter for letter 0x80 above it (ກ U+0E81 is ก U+0E01), and names are read
// by the same rules: written as Thai letters, a Lao name takes the Thai readings (ໄກສອນ ~ ไกสอน, KAISON ~ Kaysone).
// Where the letters part: ຊ sounds S (Sayasone), as Thai ซ, not ช; ົ is the short O a Thai closed syllable leaves
// unwritten and ໍ the O Thai writes อ; ຽ, ຼ are Y and L after a consonant; ໜ, ໝ are HN, HM. Lao names are written
// with V where Thai ones have W (ວິພາວັນ VIPHAVANH): `laoReadings` adds that spelling.
const LAO_OWN: Readonly<Record<string, string>> = {
  "\u0E8A": "\u0E0B",
  "\u0ECD": "\u0E2D",
  "\u0EBB": "",
  "\u0EBD": "\u0E22",
  "\u0EBC": "\u0E25",
  "\u0EDC": "\u0E2B\u0E19",
  "\u0EDD": "\u0E2B\u0E21",
};

/**
 * A Thai or Lao word's readings (thaiReadings); a Lao word's also with V for W, as Lao names are written, and as
 * any-ascii spells it letter by letter (its reading before this one: SUPHANUVONG, for Souphanouvong).
 */
export function thaiOrLaoReadings(word: string): string[] {
  const readings = thaiReadings(withoutThaiTitle(laoAsThai(word)));
  if (!LAO.test(word)) return readings;
  const letters = anyAscii(word)
    .toUpperCase()
    .replace(/[^A-Z]/g, "");
  return [...new Set([...readings, ...readings.map((r) => r.replace(/W/g, "V")), letters])].filter(Boolean);
}

/** A Lao word in the Thai letters it corresponds to; other words as they are. */
export function laoAsThai(word: string): string {
  if (!LAO.test(word)) return word;
  return [...word]
    .map((c) => LAO_OWN[c] ?? (LAO.test(c) ? String.fromCodePoint(c.codePointAt(0)! - 0x80) : c))
    .join("");
}

type Letter = { initial: string; final: string; pali?: string; unaspirated?: string };
const L = (initial: string, final: string, pali?: string): Letter => ({
  initial,
  final,
  pali,
  unaspirated: /^(KH|TH|PH)$/.test(initial) ? initial[0] : undefined,
});
const CONSONANTS: Record<string, Letter> = {
  ก: L("K", "K"),
  ข: L("KH", "K"),
  ฃ: L("KH", "K"),
  ค: L("KH", "K", "G"),
  ฅ: L("KH", "K"),
  ฆ: L("KH", "K", "GH"),
  ง: L("NG", "NG"),
  จ: L("CH", "T", "J"),
  ฉ: L("CH", "T"),
  ช: L("CH", "T", "J"),
  ซ: L("S", "T"),
  ฌ: L("CH", "T", "JH"),
  ญ: L("Y", "N"),
  ฎ: L("D", "T"),
  ฏ: L("T", "T"),
  ฐ: L("TH", "T"),
  ฑ: L("TH", "T", "D"),
  ฒ: L("TH", "T", "DH"),
  ณ: L("N", "N"),
  ด: L("D", "T"),
  ต: L("T", "T"),
  ถ: L("TH", "T"),
  ท: L("TH", "T", "D"),
  ธ: L("TH", "T", "DH"),
  น: L("N", "N"),
  บ: L("B", "P"),
  ป: L("P", "P"),
  ผ: L("PH", "P"),
  ฝ: L("F", "P"),
  พ: L("PH", "P", "B"),
  ฟ: L("F", "P"),
  ภ: L("PH", "P", "BH"),
  ม: L("M", "M"),
  ย: L("Y", "I"),
  ร: L("R", "N"),
  ล: L("L", "N"),
  ว: L("W", "O", "V"),
  ศ: L("S", "T"),
  ษ: L("S", "T"),
  ส: L("S", "T"),
  ห: L("H", ""),
  ฬ: L("L", "N"),
  อ: L("", "O"),
  ฮ: L("H", ""),
};
const VOWELS: Record<string, string> = {
  "\u0E30": "A",
  "\u0E31": "A",
  "\u0E32": "A",
  "\u0E33": "AM",
  "\u0E34": "I",
  "\u0E35": "I",
  "\u0E36": "UE",
  "\u0E37": "UE",
  "\u0E38": "U",
  "\u0E39": "U",
  "\u0E40": "E",
  "\u0E41": "AE",
  "\u0E42": "O",
  "\u0E43": "AI",
  "\u0E44": "AI",
  "\u0E4D": "M",
  ฤ: "RI",
  ฦ: "LUE",
};
// tone marks, the vowel shortener, the Pali virama, the repetition and length signs: not letters of a spelling
const SILENT_MARKS = /[\u0E3A\u0E45-\u0E48\u0E49-\u0E4B\u0E4E]/gu;
const LEADING = /[\u0E40-\u0E44]/u;
// the second letter of an initial cluster, which a leading vowel is written before (เพล, ไคร, เศร)
const CLUSTER_FIRST = new Set([..."กขคตปผพศสทจ"]);
const CLUSTER_SECOND = new Set([..."รลว"]);
const SONORANTS = new Set([..."งญนมยรลว"]);
// Thai titles, and Lao ທ້າວ (Mr) in Thai letters (Lao ນາງ is Thai นาง)
export const THAI_TITLES: readonly string[] = ["นางสาว", "นาย", "นาง", "ท้าว"];

type System = "RTGS" | "LETTERS" | "PALI";

/** The Thai word's readings in ASCII capitals, most official first; [] when it has no Thai letters. */
export function thaiReadings(word: string): string[] {
  const text = word.normalize("NFC").replace(SILENT_MARKS, "");
  if (!THAI.test(text)) return [];
  const readings: string[] = [];
  for (const spoken of silenced(text)) {
    const ordered = reordered(spoken);
    for (const system of ["RTGS", "LETTERS", "PALI"] as const) {
      readings.push(read(ordered, system, false));
      readings.push(read(ordered, system, true));
    }
  }
  return [...new Set(readings.filter((r) => r.length > 0))];
}

/** A Thai title written before the name, joined to it as Thai writes it (นายทักษิณ), taken off. */
export function withoutThaiTitle(word: string): string {
  for (const title of THAI_TITLES)
    if (word.startsWith(title) && [...word].length > [...title].length + 1) return word.slice(title.length);
  return word;
}

// the letter under the karan is silent, with its vowel sign (สวัสดิ์); often the letter before it too (จันทร์,
// ลักษณ์) but not always (วงศ์): both
function silenced(text: string): string[] {
  const one = text.replace(/[\u0E01-\u0E2E][\u0E34\u0E38]?\u0E4C/gu, "");
  const two = text.replace(/[\u0E01-\u0E2E]{2}[\u0E34\u0E38]?\u0E4C/gu, "");
  return [...new Set([one, two])];
}

// a leading vowel after the consonant (or cluster) it is spoken after
function reordered(text: string): string[] {
  const chars = [...text];
  const out: string[] = [];
  for (let i = 0; i < chars.length; i++) {
    const c = chars[i]!;
    if (!LEADING.test(c) || !CONSONANTS[chars[i + 1] ?? ""]) {
      out.push(c);
      continue;
    }
    const [first, second] = [chars[i + 1]!, chars[i + 2] ?? ""];
    const isCluster =
      (CLUSTER_FIRST.has(first) && CLUSTER_SECOND.has(second)) || (first === "ห" && SONORANTS.has(second));
    const onset = isCluster ? [first, second] : [first];
    out.push(...onset, c);
    i += onset.length;
  }
  return out;
}

function read(chars: readonly string[], system: System, unaspirated: boolean): string {
  let out = "";
  for (let i = 0; i < chars.length; i++) {
    const c = chars[i]!;
    const letter = CONSONANTS[c];
    if (!letter) {
      out += VOWELS[c] ?? "";
      continue;
    }
    const next = chars[i + 1];
    const isVowelNext = next !== undefined && (VOWELS[next] !== undefined || (next === "อ" && i > 0));
    // อ after a consonant is the vowel O (ทอง); a silent carrier at the start, where the name starts with its vowel
    if (c === "อ") {
      out += i === 0 ? (isVowelNext ? "" : "A") : "O";
      continue;
    }
    const isFinal = i > 0 && !isVowelNext && !(c === "ห" && SONORANTS.has(next ?? ""));
    if (isFinal && system === "RTGS") {
      // the second letter of a final cluster is silent (ตร in ชินวัตร)
      const previous = chars[i - 1]!;
      const closesAfterConsonant = CONSONANTS[previous] && previous !== "อ" && i === chars.length - 1 && i > 1;
      out += closesAfterConsonant && c === "ร" ? "" : letter.final;
      continue;
    }
    if (c === "ห" && SONORANTS.has(next ?? "")) continue; // ห before a sonorant marks its tone only
    const value =
      system === "PALI" && letter.pali
        ? letter.pali
        : unaspirated && letter.unaspirated
          ? letter.unaspirated
          : letter.initial;
    out += value;
    // the inherent vowel: O inside a closed syllable (สม SOM), A before another onset (ประ)
    const isCluster = CLUSTER_FIRST.has(c) && CLUSTER_SECOND.has(next ?? "");
    if (!isVowelNext && next !== undefined && CONSONANTS[next] && !isFinal && !isCluster && system === "RTGS")
      out += CONSONANTS[chars[i + 2] ?? ""] || chars[i + 2] === undefined ? "O" : "A";
  }
  return out;
}
