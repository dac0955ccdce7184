import { romanize } from "es-hangul";
import { toRomaji } from "wanakana";
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
// Japanese and Korean write foreign names the same way, sound by sound (issue 30, fourth round): a name written
// wholly in katakana (ドナルド・トランプ, DONARUDO TORANPU: vowels inserted, L as R) and a Hangul name that is not
// Korean in shape (two or more words, the first of two syllables or more and no compound surname: 도널드 트럼프,
// DONEOLDEU TEUREOMPEU) are compared the same way. Katakana writes "ti" and "di" as チ (CHI) and ジ (JI), and "tu" as
// ツ (TSU): both readings are tried. Korean has no F or V (ㅍ and ㅂ stand for them): against Hangul, the Latin
// side's F, V and W count as B.

const FOREIGN_NAME =
  /^[\u3400-\u4DBF\u4E00-\u9FFF\uF900-\uFAFF]+(?:[\u00B7\u30FB\u2022\u2027\uFF0E\u2219][\u3400-\u4DBF\u4E00-\u9FFF\uF900-\uFAFF]+)+$/u;
const DOT = /[\u00B7\u30FB\u2022\u2027\uFF0E\u2219]/u;

export type TranscriptionSystem = "PINYIN" | "KANA" | "HANGUL";
export type ForeignName = { system: TranscriptionSystem; parts: string[] };

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

const KATAKANA_NAME = /^[\u30A0-\u30FF\u31F0-\u31FF\s=\uFF1D\u00B7]+$/u;
const KATAKANA_LETTER = /[\u30A1-\u30FA\u31F0-\u31FF]/u;
const HANGUL_WORD = /^[\uAC00-\uD7A3]+$/u;
const COMPOUND_SURNAMES = new Set(["남궁", "제갈", "선우", "독고", "황보", "사공", "서문", "동방", "을지"]);

/** A foreign name written in Han with the dot, in katakana, or in Hangul not shaped like a Korean name. */
export function foreignName(raw: string): ForeignName | null {
  const han = foreignNameParts(raw);
  if (han) return { system: "PINYIN", parts: han };
  const text = raw.trim();
  if (KATAKANA_NAME.test(text) && KATAKANA_LETTER.test(text)) {
    const parts = text
      .split(/[\s\u30FB=\uFF1D\u00B7]+/u)
      .map((part) =>
        toRomaji(part)
          .toUpperCase()
          .replace(/[^A-Z]/g, ""),
      )
      .filter(Boolean);
    return parts.length > 0 ? { system: "KANA", parts } : null;
  }
  const words = text.split(/\s+/);
  if (words.length >= 2 && words.every((w) => HANGUL_WORD.test(w)) && words[0]!.length >= 2) {
    if (COMPOUND_SURNAMES.has(words[0]!.slice(0, 2))) return null;
    return {
      system: "HANGUL",
      parts: words.map((w) =>
        romanize(w)
          .toUpperCase()
          .replace(/[^A-Z]/g, ""),
      ),
    };
  }
  return null;
}

const labialsAsB = (skeleton: string) => skeleton.replace(/F/g, "B").replace(/(.)\1+/g, "$1");

/** The sound skeletons a transcribed part may stand for (katakana's CHI may be "ti" or "chi"). */
export function transcriptionSkeletons(system: TranscriptionSystem, token: string): string[] {
  if (system === "PINYIN") {
    // J and Q before I also write a foreign dental or velar before i: Russian soft Т and Д (弗拉基米尔 FULAJIMIER for
    // Vladimir, 普京 PUJING for Putin, as the Russian–Chinese transcription table has them) and KI, GI (基辅 Kiev)
    if (!/[JQ]I/.test(token)) return [pinyinSkeleton(token)];
    const as = (initial: string) => pinyinSkeleton(token.replace(/[JQ](?=I)/g, initial));
    return [...new Set([pinyinSkeleton(token), as("D"), as("G")])];
  }
  if (system === "HANGUL") return [labialsAsB(classes(token.replace(/CH/g, "S").replace(/NG/g, "N")))];
  const asWritten = classes(token.replace(/[CS]H/g, "S"));
  const dental = classes(token.replace(/CHI/g, "TI").replace(/JI/g, "DI").replace(/TSU/g, "TU").replace(/[CS]H/g, "S"));
  return [...new Set([asWritten, dental])];
}

/** The sound skeletons of a Latin-written name as a transcription in that system is compared with it. */
export function latinSkeletonsFor(system: TranscriptionSystem, token: string): string[] {
  // an X inside a word is "ks", which transcriptions write out (ALEXEI: 阿列克谢 A LIE KE XIE) or not (ALEXANDER:
  // 亚历山大 YA LI SHAN DA): both
  const skeletons = [
    latinSkeleton(token),
    ...(/.X/.test(token) ? [latinSkeleton(token.replace(/(?<=.)X/g, "KS"))] : []),
  ];
  return [...new Set(system === "HANGUL" ? skeletons.map(labialsAsB) : skeletons)];
}
