import type { ShapeLookup } from "./mrz-repair";

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
