import { GENERATIONS } from "@/lib/engines/names/person-words";

// The order a person's name is written in, when it is not given names first: the surname before a comma (lists'
// "PUTIN, Vladimir Vladimirovich"), or a surname followed by its bearer's initials — Russian's short form "Путин В.В.",
// bibliographies' "Smith J.D." (issue 30, eighteenth round). Either is read given names first, as a name in its order.

/** "SURNAME, Given names" → "Given names SURNAME" (one comma, two non-empty parts). */
export function uninvert(raw: string): string {
  const parts = raw.split(",");
  if (parts.length !== 2 || !parts[0]!.trim() || !parts[1]!.trim()) return raw;
  return `${parts[1]!.trim()} ${parts[0]!.trim()}`;
}

// one word, then up to three initials with dots ("V.V.", "D. A.", the last dot may be left out)
const DOTTED = /^(\p{L}[\p{L}'’-]+)\s+((?:\p{Lu}\.\s?){1,2}\p{Lu}\.?|\p{Lu}\.)$/u;
// one word, then two or three capitals together ("Putin VV", "Lavrov SV", "Kadyrov RA")
const JOINED = /^(\p{L}[\p{L}'’-]+)\s+(\p{Lu}{2,3})$/u;
const VOWELS = /[AEIOUYАЕЁИОУЫЭЮЯ]/u;
// what follows a surname in capitals and is no initials: a generation (JR, III), a degree or an honour
const SUFFIXES = new Set([
  ...Object.keys(GENERATIONS),
  "MD",
  "PHD",
  "ESQ",
  "DDS",
  "MBA",
  "OBE",
  "MBE",
  "CBE",
  "KBE",
  "QC",
  "KC",
  "MP",
]);

/**
 * "Putin V.V." → "V. V. Putin"; "Lavrov SV" → "S. V. Lavrov". Capitals written together are initials only where the
 * case shows it — the surname written in small letters, the capitals not — or where they hold no vowel (PUTIN VV); NG
 * (a surname of its own), a degree or a generation after the surname stays as written.
 */
export function initialsFirst(raw: string): string {
  const text = raw.trim();
  const dotted = DOTTED.exec(text);
  const joined = dotted ? null : JOINED.exec(text);
  const [, surname, initials] = dotted ?? joined ?? [];
  if (!surname || !initials) return raw;
  if (joined) {
    if (SUFFIXES.has(initials) || initials === "NG") return raw;
    if (!/\p{Ll}/u.test(surname) && VOWELS.test(initials)) return raw;
  }
  const letters = [...initials.replace(/[.\s]/g, "")];
  return `${letters.map((letter) => `${letter}.`).join(" ")} ${surname}`;
}
