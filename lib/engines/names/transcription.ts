import { hanReadings } from "@/lib/engines/names/chinese";

// A foreign name written in Chinese characters is a phonetic transcription, not a Chinese name: the press and
// official documents write it syllable by syllable, its parts joined by a middle dot (Xinhua's convention), and
// read in Pinyin it is nothing like the Latin original to a spelling measure. Its Pinyin is compared with Latin
// names through a coarse sound skeleton instead: Mandarin has no R (rendered L), no final consonants but N/NG,
// no voiced/voiceless contrast as European languages write it, and inserts vowels between consonants. Both sides
// keep only their consonant classes in order:
//   labials B P → B · F V W → F · dentals D T → D · velars G K C Q(Latin) → G · sibilants S Z X J (and Pinyin
//   C Q ZH CH SH) → S · liquids L R → L · nasals M N (and Pinyin NG) → N · H, vowels and Y dropped · repeats once
// This is deliberately loose: it only ever applies to a name with the foreign-name dot, and the match is capped
// below an exact one (token-similarity.ts), so such a name reaches the reviewer as a possible match.

const FOREIGN_NAME =
  /^[\u3400-\u4DBF\u4E00-\u9FFF\uF900-\uFAFF]+(?:[\u00B7\u30FB\u2022\u2027\uFF0E\u2219][\u3400-\u4DBF\u4E00-\u9FFF\uF900-\uFAFF]+)+$/u;
const DOT = /[\u00B7\u30FB\u2022\u2027\uFF0E\u2219]/u;

/** The parts of a foreign name written in Han with the middle dot, each read as its Pinyin syllables joined. */
export function foreignNameParts(raw: string): string[] | null {
  const text = raw.replace(/\s+/g, "");
  if (!FOREIGN_NAME.test(text)) return null;
  const parts = text.split(DOT).map((part) =>
    hanReadings(part)
      .map((r) => r.reading)
      .join(""),
  );
  return parts.every((p) => /^[A-Z]+$/.test(p)) ? parts : null;
}

const classes = (text: string) =>
  text
    .replace(/[BP]/g, "B")
    .replace(/[FVW]/g, "F")
    .replace(/[DT]/g, "D")
    .replace(/[SZXJ]/g, "S")
    .replace(/[GK]/g, "G")
    .replace(/[LR]/g, "L")
    .replace(/[MN]/g, "N")
    .replace(/[AEIOUYH]/g, "")
    .replace(/(.)\1+/g, "$1");

/** The sound skeleton of a Pinyin transcription (BEILAKE → BLG). */
export function pinyinSkeleton(token: string): string {
  // Pinyin C, Q, ZH, CH, SH are sibilants and affricates; NG is a nasal coda
  return classes(token.replace(/NG/g, "N").replace(/[CQ]/g, "S"));
}

/** The sound skeleton of a Latin-written name (BARACK → BLG). */
export function latinSkeleton(token: string): string {
  // CH and SH are sibilants; C and Q are hard
  return classes(token.replace(/[CS]H/g, "S").replace(/[CQ]/g, "G"));
}
