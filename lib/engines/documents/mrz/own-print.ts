import { correlation, type Grey } from "./glyphs";
import { CELL_HEIGHT, CELL_WIDTH, cellInk, charClasses, lineGeometries, type BoxedReading } from "./glyph-grid";
import type { Candidate } from "./mrz-candidates";
import { isVisa, readingHolds, safeParse, VISA_OPTIONAL_FROM } from "./mrz-lines";

// A visa's optional data (ICAO 9303-7: MRV-A and MRV-B line 2 from position 29) holds letters and digits alike, and
// no check digit covers it. Between O and 0 the OCR-B reference shapes are no evidence on real prints: measured on
// both development halves (docs/accuracy.md), glyphs.ts's shapes preferred O to 0 for 182 of 258 printed zeros, and
// the grid's grey cells (glyph-grid.ts) 114 of 258. The document's own print is: its dates' zeros are zeros (their
// check digits hold) and its names' O's are O's (a name has no digits), printed by the same printer at the same size.
// A character of the optional data read as O or 0 is compared with both, in grey, and changed only when it looks
// clearly more like the other.

/**
 * How much more a character must look like the document's own zeros than its own O's (or the reverse) to be changed:
 * the mean of its two best correlations with each. Chosen on both development halves (docs/accuracy.md): among the
 * 258 printed O's and 0's with both kinds printed elsewhere in a reading that holds, none was nearer the other kind by
 * 0.05 or more (the nearest wrong: 0.039, a 352-px blurred card); 105 were nearer their own kind by at least that.
 */
export const OWN_PRINT_MARGIN = 0.05;

/** A cell's window is this many pitches wide (its neighbours' edges in it), the character's cell in its middle. */
const WINDOW_PITCHES = 1.5;
/** The comparison: the middle of one window against the other's, moved by up to this many window pixels. */
const SHIFT_X = 3;
const SHIFT_Y = 2;
const WINDOW_W = CELL_WIDTH;
const WINDOW_H = CELL_HEIGHT;
const MIDDLE_X = 4;
const MIDDLE_Y = 3;

/** The middle of a window, moved by (dx, dy) window pixels. */
function middle(w: Float64Array, dx: number, dy: number): Float64Array {
  const width = WINDOW_W - 2 * MIDDLE_X;
  const height = WINDOW_H - 2 * MIDDLE_Y;
  const out = new Float64Array(width * height);
  for (let y = 0; y < height; y++)
    out.set(
      w.subarray(
        (MIDDLE_Y + dy + y) * WINDOW_W + MIDDLE_X + dx,
        (MIDDLE_Y + dy + y) * WINDOW_W + MIDDLE_X + dx + width,
      ),
      y * width,
    );
  return out;
}

/** How much window `a` looks like window `b`: the best correlation over the small shifts. */
export function likeness(a: Float64Array, b: Float64Array): number {
  const still = middle(a, 0, 0);
  let best = -1;
  for (let dx = -SHIFT_X; dx <= SHIFT_X; dx++)
    for (let dy = -SHIFT_Y; dy <= SHIFT_Y; dy++) best = Math.max(best, correlation(still, middle(b, dx, dy)));
  return best;
}

/** The mean of the two best likenesses of `window` to `exemplars` (the one, when there is one); null for none. */
export function likenessTo(window: Float64Array, exemplars: readonly Float64Array[]): number | null {
  if (exemplars.length === 0) return null;
  const best = exemplars.map((e) => likeness(window, e)).sort((x, y) => y - x);
  return best.length === 1 ? best[0]! : (best[0]! + best[1]!) / 2;
}

/**
 * Whether a character read as `read` ('O' or '0') is the other one: the one it looks more like, among the
 * document's own zeros and O's, by OWN_PRINT_MARGIN; null when it stays (or either kind is missing).
 */
export function zeroOrO(
  window: Float64Array,
  zeros: readonly Float64Array[],
  os: readonly Float64Array[],
  read: "O" | "0",
): "O" | "0" | null {
  const zero = likenessTo(window, zeros);
  const o = likenessTo(window, os);
  if (zero === null || o === null) return null;
  if (read === "O" && zero - o >= OWN_PRINT_MARGIN) return "0";
  if (read === "0" && o - zero >= OWN_PRINT_MARGIN) return "O";
  return null;
}

/**
 * A visa reading that holds with the O's and 0's of its optional data told apart by the document's own print, its
 * cells placed on the zone's pitch from `boxed`'s boxes (glyph-grid.ts). The reading unchanged when it is no visa,
 * does not hold, has nothing to change, or its zone is not the boxed one's layout.
 */
export function visaZerosByOwnPrint(grey: Grey, boxed: BoxedReading | null, c: Candidate): Candidate {
  const { lines, format } = c;
  const free = [...(lines[1] ?? "")].flatMap((ch, i) =>
    i >= VISA_OPTIONAL_FROM && (ch === "O" || ch === "0") ? [i] : [],
  );
  if (!boxed || !isVisa(lines) || free.length === 0 || !readingHolds(c.result)) return c;
  const { picked } = boxed;
  if (picked.format !== format || picked.lines.some((l, i) => l.length !== lines[i]?.length)) return c;
  const geometries = lineGeometries(grey, boxed);
  if (!geometries) return c;
  const window = (line: number, i: number) => {
    const { left, pitch, height, centre } = geometries[line]!;
    const cx = left + (i + 0.5) * pitch;
    return cellInk(grey, cx, centre(cx), pitch * WINDOW_PITCHES, height);
  };
  const classes = charClasses(format, true);
  const exemplars = (ch: string, kind: string) =>
    lines.flatMap((l, line) =>
      [...l].flatMap((x, i) => (x === ch && classes[line]![i] === kind ? [window(line, i)] : [])),
    );
  const zeros = exemplars("0", "9");
  const os = exemplars("O", "A");
  const out = [...lines[1]!];
  const changes: string[] = [];
  for (const i of free) {
    const read = out[i] as "O" | "0";
    const other = zeroOrO(window(1, i), zeros, os, read);
    if (!other) continue;
    out[i] = other;
    changes.push(`line 2 position ${i + 1} ${read}→${other}`);
  }
  const changed = [lines[0]!, out.join("")];
  const result = changes.length ? safeParse(changed) : null;
  if (!result || !readingHolds(result)) return c;
  return {
    ...c,
    lines: changed,
    result,
    repairs: [...c.repairs, `${changes.join(", ")} (a visa's optional data: by the document's own 0 and O)`],
  };
}
