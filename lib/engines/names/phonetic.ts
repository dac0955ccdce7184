import { doubleMetaphone } from "double-metaphone";
import { consonantSkeleton, type NormalizedName } from "@/lib/engines/names/normalize";

// Blocking keys: an entry is scored only when it shares at least one key with the screened name (GIN `&&` in
// SQL). Double metaphone codes catch spelling variants (GADDAFI / QADHAFI → KTF); consonant skeletons,
// prefixed "~" so they never collide with a code, catch vowel-less abjad transliterations (خالد → KHLD).

export function metaphoneCodes(token: string): string[] {
  if (token.length < 2 || /^\d+$/.test(token)) return [];
  const [primary, secondary] = doubleMetaphone(token);
  return [...new Set([primary, secondary].filter((code) => code.length > 0))];
}

export function skeletonKey(token: string): string | null {
  const skeleton = consonantSkeleton(token);
  return skeleton.length >= 2 ? `~${skeleton}` : null;
}

/** Keys stored for an entry: codes and skeletons of every token of every name (a Latin alias must be findable from an Arabic query). */
export function entryPhoneticKeys(names: readonly NormalizedName[]): string[] {
  const keys = new Set<string>();
  for (const name of names) {
    for (const token of name.tokens) {
      for (const code of metaphoneCodes(token)) keys.add(code);
      const skeleton = skeletonKey(token);
      if (skeleton) keys.add(skeleton);
    }
  }
  return [...keys].sort();
}

/** Keys a screened name looks up: its codes, plus skeletons when it was written in an abjad. */
export function queryPhoneticKeys(name: NormalizedName): string[] {
  const keys = new Set<string>();
  for (const token of name.tokens) {
    for (const code of metaphoneCodes(token)) keys.add(code);
    if (name.isAbjad) {
      const skeleton = skeletonKey(token);
      if (skeleton) keys.add(skeleton);
    }
  }
  return [...keys].sort();
}
