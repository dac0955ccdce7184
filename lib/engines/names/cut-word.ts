import type { NormalizedName } from "@/lib/engines/names/normalize";

// A passport's machine-readable zone has room for 39 characters of name (TD3; TD2 31, TD1 30), and ICAO 9303 cuts a
// longer name at the field's end: MARIA GUADALUPE GONZALEZ DE LA FUENTE PEREZ is written
// GONZALEZ<DE<LA<FUENTE<PEREZ<<MARIA<GUAD. The document step's full_name is the zone's, so where the zone filled its
// name field to the end, its last word may stand for a longer one the list writes whole (GUAD for GUADALUPE).
// The old French 2×36 identity card has 14 characters for the given names and 25 for the surname: two fields to cut.
// Scored as an initial is (token-similarity.ts).

/** The screened name with the words the zone may have cut marked as such (in every reading of the name). */
export function withCutWords(name: NormalizedName, words: readonly string[] | null | undefined): NormalizedName {
  if (!words?.length) return name;
  const mark = (reading: NormalizedName): NormalizedName => ({
    ...reading,
    parts: reading.parts.map((p) => (p.role === "NAME" && words.includes(p.text) ? { ...p, isCut: true } : p)),
  });
  return { ...mark(name), readings: name.readings.map(mark) };
}

/** A word of two letters or more the zone may have cut from `other`: `other` opens with it and is longer. */
export const isCutFrom = (cut: string, other: string): boolean =>
  cut.length >= 2 && other.length > cut.length && other.startsWith(cut);
