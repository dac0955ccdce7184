import { romanize } from "es-hangul";
import hanja from "hanja";
import { cached } from "@/lib/engines/names/skeleton-match";

// Korean names: Hangul read in the Revised Romanisation (es-hangul's `romanize`, the maintained library of Toss),
// the surname apart from the given name (Korean writes them joined: 김정은 = 김 + 정은), the surname also in its
// customary spellings (박 = BAK in RR, PAK in McCune–Reischauer, PARK in passports), and a loose form in which
// the vowel and consonant pairs that RR and McCune–Reischauer write differently fold together (EO/Ŏ/U/O, EU/Ŭ/U,
// G/K, D/T, B/P, J/CH, R/L), so "JEONGEUN", "CHONGUN" and "JONG UN" compare equal.

export const HANGUL = /[\uAC00-\uD7AF\u1100-\u11FF\u3130-\u318F]/u;

// the customary Latin spellings of the common surnames (National Institute of Korean Language survey forms,
// passports); RR and McCune–Reischauer spellings come from the rules
const SURNAMES: Record<string, string[]> = {
  김: ["KIM", "GIM"],
  이: ["LEE", "YI", "RHEE", "RI", "I"],
  리: ["RI", "LEE", "YI"],
  박: ["PARK", "PAK", "BAK"],
  최: ["CHOI", "CHOE"],
  정: ["JUNG", "JEONG", "CHUNG", "CHONG"],
  강: ["KANG", "GANG"],
  조: ["CHO", "JO"],
  윤: ["YOON", "YUN"],
  장: ["JANG", "CHANG"],
  임: ["LIM", "IM", "RIM"],
  림: ["RIM", "LIM", "IM"],
  한: ["HAN"],
  오: ["OH", "O"],
  서: ["SEO", "SUH", "SO"],
  신: ["SHIN", "SIN"],
  권: ["KWON", "GWON"],
  황: ["HWANG"],
  안: ["AHN", "AN"],
  송: ["SONG"],
  류: ["RYU", "YOO", "YU", "RYOO"],
  유: ["YOO", "YU", "RYU"],
  홍: ["HONG"],
  전: ["JEON", "JUN", "CHUN", "CHON"],
  고: ["KO", "GO"],
  문: ["MOON", "MUN"],
  손: ["SON", "SOHN"],
  양: ["YANG"],
  배: ["BAE", "PAE"],
  백: ["BAEK", "PAIK", "PAEK"],
  허: ["HEO", "HUH", "HO"],
  노: ["NOH", "ROH", "NO"],
  남: ["NAM"],
  심: ["SHIM", "SIM"],
  하: ["HA"],
  곽: ["KWAK", "GWAK"],
  성: ["SUNG", "SEONG", "SONG"],
  차: ["CHA"],
  주: ["JOO", "JU", "CHU"],
  우: ["WOO", "U"],
  구: ["KOO", "GU", "KU"],
  나: ["NA", "RA"],
  민: ["MIN"],
  진: ["JIN", "CHIN"],
  지: ["JI", "CHI"],
  현: ["HYUN", "HYEON"],
  염: ["YEOM", "YUM"],
  변: ["BYUN", "BYEON", "PYON"],
  방: ["BANG", "PANG"],
  용: ["YONG"],
  원: ["WON"],
};

// the Latin spellings of those surnames: a Latin name that starts with one may be a Korean name written in Latin
const SURNAME_SPELLINGS: ReadonlySet<string> = new Set(Object.values(SURNAMES).flat());
/** Every customary spelling of the surnames one of whose spellings `latin` is in the loose form (RI: RI, LEE, YI …). */
export function surnameSpellingsAlike(latin: string): string[] {
  const loose = koreanLoose(latin);
  const alike = Object.values(SURNAMES).filter((spellings) => spellings.some((s) => koreanLoose(s) === loose));
  return [...new Set(alike.flat())];
}

// a Korean name in Latin: the surname and a given name of one or two syllables, written apart or joined
const KOREAN_PARTS = { min: 2, max: 4 } as const;
// one or two syllables as RR, McCune–Reischauer (without breves) and hand spellings write them: an initial, a vowel,
// a final. Lenient (ELTON passes), but HARVEY, OSWALD, PATRICK do not
const SYLLABLE =
  "(?:KK|TT|PP|SS|JJ|CH|SH|TS|[GKNDTRLMBPSJHYW])?(?:YAE|YEO|WAE|YA|AE|EO|YE|WA|OE|YO|WO|WE|WI|YU|EU|UI|OO|EE|A|E|O|U|I)(?:NG|[KNTLMPGDBR])?";
const GIVEN_PART = new RegExp(`^(?:${SYLLABLE}){1,2}$`);
const ONE_SYLLABLE = new RegExp(`^${SYLLABLE}$`);
/** One Korean syllable in Latin (CHOL, PYONG, UN), as the systems and hand spellings write it. */
export const isKoreanSyllable = (latin: string): boolean => ONE_SYLLABLE.test(latin);

/**
 * A person's name written in Latin that reads as a Korean one: 2–4 words, the first a Korean surname's spelling,
 * the others one or two Korean syllables each (KIM JONG UN, HAN YU RO), and not read as Chinese (LI PENG stays
 * Pinyin). Two such names compare their words in the loose form too (koreanLoose: JONG ON ~ JONG UN, as 정은 is
 * written in the systems and by hand).
 */
export function readsAsKorean(tokens: readonly string[], isChineseLike: boolean): boolean {
  return (
    !isChineseLike &&
    tokens.length >= KOREAN_PARTS.min &&
    tokens.length <= KOREAN_PARTS.max &&
    SURNAME_SPELLINGS.has(tokens[0]!) &&
    tokens.slice(1).every((t) => GIVEN_PART.test(t))
  );
}

export type KoreanName = {
  surname: { native: string; spellings: string[] } | null;
  given: { native: string; reading: string };
};

const read = (hangul: string) =>
  romanize(hangul)
    .toUpperCase()
    .replace(/[^A-Z]/g, "");

/**
 * A Hangul word as a Korean name: a 2–4 syllable word whose first syllable is a known surname splits into surname
 * and given name; anything else is one given name (a syllable name, a foreign name written in Hangul).
 */
export function koreanName(word: string): KoreanName {
  const syllables = [...word];
  const first = syllables[0] ?? "";
  const spellings = SURNAMES[first];
  if (spellings && syllables.length >= 2 && syllables.length <= 4) {
    const rest = syllables.slice(1).join("");
    return {
      surname: { native: first, spellings: [...new Set([read(first), ...spellings])] },
      given: { native: rest, reading: syllables.slice(1).map(read).join("") },
    };
  }
  return { surname: null, given: { native: word, reading: syllables.map(read).join("") } };
}

const looseForms = new Map<string, string>();
/** The loose form of a Latin spelling of a Korean syllable string (see the file comment); kept, as screening asks again. */
export const koreanLoose = (latin: string): string => cached(looseForms, latin, looseFormOf);

function looseFormOf(latin: string): string {
  return latin
    .replace(/EO|EU|OO|O|U/g, "U")
    .replace(/AE|E/g, "E")
    .replace(/YU/g, "YU")
    .replace(/CH/g, "J")
    .replace(/SH/g, "S")
    .replace(/K/g, "G")
    .replace(/T/g, "D")
    .replace(/P/g, "B")
    .replace(/L/g, "R")
    .replace(/W(?=[UE])/g, "W")
    .replace(/H$/, "")
    .replace(/(.)\1+/g, "$1");
}

// surnames whose Hanja reading as a name differs from the character's dictionary reading (金 is 금 "gold", but 김 as
// a surname)
const SURNAME_HANJA: Record<string, string> = {
  金: "김",
  李: "이",
  林: "임",
  柳: "유",
  劉: "유",
  羅: "나",
  盧: "노",
  呂: "여",
  梁: "양",
};

/**
 * The Sino-Korean (Hanja) reading of a Han name in Hangul (hanja's table), with the surname read as a surname:
 * 金正恩 → 김정은. Null when a character has no reading in the table.
 */
export function hanjaReading(han: string): string | null {
  const chars = [...han];
  if (chars.length < 2 || chars.length > 4) return null;
  const first = SURNAME_HANJA[chars[0]!];
  const read = hanja.translate(han, "SUBSTITUTION");
  if (/[\u3400-\u9FFF]/u.test(read)) return null;
  return first ? first + [...read].slice(1).join("") : read;
}

// a screened name meets thousands of candidates, a listed name many screenings: each is judged once (align.ts)
type ReadName = { readonly tokens: readonly string[]; readonly isChineseLike: boolean };
const korean = new WeakMap<ReadName, boolean>();
/** The name reads as a Korean name written in Latin (readsAsKorean); judged once per normalised name. */
export function isKoreanName(name: ReadName): boolean {
  let known = korean.get(name);
  if (known === undefined) korean.set(name, (known = readsAsKorean(name.tokens, name.isChineseLike)));
  return known;
}
