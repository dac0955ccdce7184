import { getRoman } from "cantonese-romanisation";

// A Han name in Cantonese, as Hong Kong and Macau write their residents' names (李家超 = LEE Ka-chiu, 林鄭月娥 = LAM
// CHENG Yuet-ngor), beside its Mandarin Pinyin (LI JIACHAO) and Sino-Korean readings: a listed Hong Kong official is
// found from the name in characters, and the other way. The readings are cantonese-romanisation's (the Hong Kong
// Government Cantonese Romanisation, every customary spelling of each character: LEE, LEI, LI). The library also
// gives Jyutping-like forms for some characters (鄧 DANG, 炳 BING, 振 JAN); the Government romanisation writes those
// initials B, D, G as P, T, K and J, Z as CH or TS, and a short A before N or T often as U (振 CHUN, 新 SUN), so those
// forms are added as other spellings.

const MAX_SPELLINGS = 6;

const UNASPIRATED: Record<string, string[]> = { B: ["P"], D: ["T"], G: ["K"], J: ["CH", "TS"], Z: ["CH", "TS"] };
const JYUTPING_LIKE = /^[BDGJZ]/;

function spellings(char: string): string[] {
  const read = (getRoman(char)[0] ?? []).map((s) => s.toUpperCase()).filter((s) => /^[A-Z]+$/.test(s));
  const out = new Set(read);
  for (const s of read) {
    for (const initial of UNASPIRATED[s[0]!] ?? []) {
      const written = initial + s.slice(1);
      out.add(written);
      if (/A[NT]$/.test(written)) out.add(written.replace(/A([NT])$/, "U$1"));
    }
  }
  // the Government romanisation's own forms first: its initials are never B, D, G, J or Z
  return [...out].sort((a, b) => Number(JYUTPING_LIKE.test(a)) - Number(JYUTPING_LIKE.test(b))).slice(0, MAX_SPELLINGS);
}

/** Han characters read in Cantonese, each with its spellings (the Government romanisation's first); null when one has none. */
export function cantoneseSyllables(text: string): { native: string; spellings: string[] }[] | null {
  const out: { native: string; spellings: string[] }[] = [];
  for (const native of [...text]) {
    const read = spellings(native);
    if (read.length === 0) return null;
    out.push({ native, spellings: read });
  }
  return out.length > 0 ? out : null;
}
