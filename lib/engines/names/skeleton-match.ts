import { consonantSkeletons, vowelVerdict } from "@/lib/engines/names/abjad";

// Two words compared by their consonant skeletons, as a word written in an abjad (Arabic, Persian, Hebrew) and a Latin
// word are: the abjad writes no short vowels, so only the consonants can be set side by side; and the long vowels a
// word in Arabic letters does write (و, ی) must be there in the Latin word (abjad.ts `vowelVerdict`).

/** Which of the two sides compared is the word written in an abjad, whose long vowels the other must write too. */
export type AbjadSide = "A" | "B" | null;

// screening compares the same few query tokens with thousands of list tokens that repeat (MOHAMMED, IVAN)
const CACHE_LIMIT = 50_000;
export function cached<T>(cache: Map<string, T>, key: string, compute: (key: string) => T): T {
  let value = cache.get(key);
  if (value === undefined) {
    if (cache.size >= CACHE_LIMIT) cache.clear();
    value = compute(key);
    cache.set(key, value);
  }
  return value;
}
const skeletonCache = new Map<string, string[]>();
const skeletonsOf = (token: string) => cached(skeletonCache, token, consonantSkeletons);

const verdict = (x: string, y: string, abjad: AbjadSide) =>
  abjad === "A" ? vowelVerdict(x, y) : abjad === "B" ? vowelVerdict(y, x) : "AGREE";

/**
 * The skeletons two words share by a pair of their forms whose vowels agree; whether any pair shares one at all; and
 * whether every pair that does writes a vowel the abjad word cannot be read with (`vowelVerdict` CONFLICT).
 */
function sharedSkeletons(formsA: readonly string[], formsB: readonly string[], abjad: AbjadSide) {
  const agreeing = new Set<string>();
  let [any, conflicting] = [false, true];
  for (const x of formsA)
    for (const y of formsB) {
      const sy = skeletonsOf(y);
      for (const s of skeletonsOf(x))
        if (s.length > 0 && sy.includes(s)) {
          any = true;
          const v = verdict(x, y, abjad);
          if (v === "AGREE") agreeing.add(s);
          if (v !== "CONFLICT") conflicting = false;
        }
    }
  return { agreeing, any, conflicting: any && conflicting };
}

/**
 * The closest pair of consonant skeletons among two words' forms (an abjad word has several readings): 1 for the same
 * skeleton with the abjad's long vowels written. The same skeleton with a long vowel missing (محمود, MHMWD, against
 * MOHAMED: the و of MAHMOUD) is another name, as MAHMOUD and MOHAMED are in Latin letters: 0, whatever the other
 * readings' skeletons (MHMVD) come near; null where every such pair writes a vowel the abjad word cannot have.
 */
export function bestSkeletonSpelling(
  formsA: readonly string[],
  formsB: readonly string[],
  abjad: AbjadSide,
  spelling: (a: string, b: string) => number,
): number | null {
  const shared = sharedSkeletons(formsA, formsB, abjad);
  if (shared.agreeing.size > 0) return 1;
  if (shared.any) return shared.conflicting ? null : 0;
  const [sa, sb] = [distinctSkeletons(formsA), distinctSkeletons(formsB)];
  let best = 0;
  for (const x of sa) for (const y of sb) best = Math.max(best, spelling(x, y));
  return best;
}

// KH, SH, TH, DH, GH, ZH, CH: one consonant each
const consonants = (skeleton: string) => skeleton.replace(/[KSTDGZC]H/g, "H").length;
const SOUND_SKELETON_MIN = 3;
/** The same skeleton of three consonants or more, with the abjad's long vowels written. */
export function sameSkeleton(formsA: readonly string[], formsB: readonly string[], abjad: AbjadSide): boolean {
  if (formsA.length === 0 || formsB.length === 0) return false;
  return [...sharedSkeletons(formsA, formsB, abjad).agreeing].some((s) => consonants(s) >= SOUND_SKELETON_MIN);
}

function distinctSkeletons(forms: readonly string[]): string[] {
  return [...new Set(forms.flatMap(skeletonsOf))].filter((x) => x.length > 0);
}
