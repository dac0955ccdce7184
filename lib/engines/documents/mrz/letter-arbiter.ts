import type { MrzFormat } from "./icao";
import type { ShapeLookup } from "./mrz-repair";
import { crossCheckName, nameFieldOf } from "./name-crosscheck";
import type { PrintedZone } from "@/lib/engines/documents/ocr/printed-zone";

// Names, state codes and the sex carry no check digit, so where two readers disagree on a letter there is no digit
// to decide. The glyph itself can: each position's character is cut out of the band at tesseract's box and
// correlated with the OCR-B reference glyphs (glyphs.ts). A letter of the second reading is taken only where the
// glyph looks more like it than like the first reading's letter; everywhere else the first reading stands.

/** Most positions of one line two readings may differ at: beyond, they are not readings of the same line. */
export const MAX_LINE_DIFFERENCES = 4;

const isLetter = (c: string | undefined) => c !== undefined && c >= "A" && c <= "Z";

/**
 * The lines of `first` with the letters of `second` that the glyph shapes prefer, or null when the two readings
 * are not of the same zone (a digit or a filler differs, or too many letters) or nothing changes.
 */
export function arbitrateLetters(
  first: readonly string[],
  second: readonly string[],
  shapes: ShapeLookup | undefined,
): { lines: string[]; changes: string[] } | null {
  if (!shapes || first.length !== second.length) return null;
  const changes: string[] = [];
  const lines: string[] = [];
  for (let line = 0; line < first.length; line++) {
    const a = first[line]!;
    const b = second[line]!;
    if (a.length !== b.length) return null;
    const at = [...a].map((c, i) => (c === b[i] ? -1 : i)).filter((i) => i >= 0);
    // a digit or a filler read differently: the readings disagree where the check digits speak, not the same zone
    if (at.length > MAX_LINE_DIFFERENCES || at.some((i) => !isLetter(a[i]) || !isLetter(b[i]))) return null;
    const out = [...a];
    for (const i of at) {
      const scores = shapes(line, i);
      if (scores && (scores.get(b[i]!) ?? 0) > (scores.get(a[i]!) ?? 0)) {
        out[i] = b[i]!;
        changes.push(`line ${line + 1} position ${i + 1} ${a[i]}→${b[i]}`);
      }
    }
    lines.push(out.join(""));
  }
  return changes.length ? { lines, changes } : null;
}

// where the letters no check digit covers sit, per layout (ICAO 9303-4/5/6): [line, start, end)
const CODES: Record<MrzFormat, { state: number[]; nationality: number[]; sex: number[] }> = {
  TD1: { state: [0, 2, 5], nationality: [1, 15, 18], sex: [1, 7, 8] },
  TD2: { state: [0, 2, 5], nationality: [1, 10, 13], sex: [1, 20, 21] },
  TD3: { state: [0, 2, 5], nationality: [1, 10, 13], sex: [1, 20, 21] },
};

/**
 * Every letter of a reading that no check digit covers is printed on the page as the MRZ has it, read there by
 * another engine (the page OCR): each name word exactly, the issuing state's and the nationality's codes, the sex
 * (unless "<"). A second reader's letters could then only disagree with the printed page as well, so the
 * arbitration is not needed (read-mrz.ts: PaddleOCR's band reading is then not made; issue 35).
 */
export function lettersCorroborated(format: MrzFormat, lines: readonly string[], zone: PrintedZone): boolean {
  const at = CODES[format];
  const field = nameFieldOf(format, lines);
  if (!field) return false;
  const { tokens } = crossCheckName(field.value, zone, true);
  if (tokens.length === 0 || tokens.some((t) => t.state !== "same")) return false;
  const code = ([line, start, end]: number[]) => lines[line!]?.slice(start, end).replace(/<+$/, "") ?? "";
  const printed = (text: string) => text.length > 0 && zone.words.has(text);
  const sex = code(at.sex);
  return printed(code(at.state)) && printed(code(at.nationality)) && (sex === "" || printed(sex));
}
