import { createRequire } from "node:module";
import path from "node:path";
import { toRomaji } from "wanakana";
import { packageDir } from "@/lib/engines/geo/package-dir";
import { normalizeName, type NormalizedName } from "@/lib/engines/names/normalize";

// Japanese readings of kanji names: kuromoji (the Japanese morphological analyser, IPADIC dictionary) reads 山田太郎
// as ヤマダ タロウ; wanakana writes it in Hepburn (YAMADA TAROU), with the long vowels lists leave out (OU → O, UU → U)
// folded. The dictionary is loaded on the first screening of a Han name (~0.8 s, ~200 MB of memory), never before.
// IPADIC knows common surnames well and given names less (晋三 is read SUSUMU SAN, not SHINZO): a Han name without
// a match still goes to review (watchlist-check).

type Token = { surface_form: string; reading?: string };
type Tokenizer = { tokenize(text: string): Token[] };

let loading: Promise<Tokenizer> | null = null;
let tokenizer: Tokenizer | null = null;

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
    loading.then((built) => (tokenizer = built)).catch(() => (loading = null));
  }
  return loading.then(() => undefined);
}

const hepburn = (katakana: string) =>
  toRomaji(katakana)
    .toUpperCase()
    .replace(/OU/g, "O")
    .replace(/UU/g, "U")
    .replace(/[^A-Z]/g, "");

/**
 * The Japanese reading of a name written in kanji, as a normalised name; null when the reader is not loaded, the name
 * is not all Han, or a word has no reading in the dictionary.
 */
export function japaneseReading(raw: string): NormalizedName | null {
  if (!tokenizer || !HAN_ONLY.test(raw)) return null;
  const words: string[] = [];
  for (const token of tokenizer.tokenize(raw.replace(/[\s\u30FB\u00B7]+/gu, ""))) {
    if (!token.reading || token.reading === "*") return null;
    words.push(hepburn(token.reading));
  }
  return words.length > 0 ? normalizeName(words.join(" ")) : null;
}
