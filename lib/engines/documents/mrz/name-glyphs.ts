import { cellScores, lineGeometries, type BoxedReading, type LineGeometry } from "./glyph-grid";
import type { Grey, ShapeLookup } from "./glyphs";
import type { MrzFormat } from "./icao";
import type { Candidate } from "./mrz-candidates";
import { nameFieldOf, type NameCheck } from "./name-crosscheck";

// A name's letter carries no check digit, and tesseract's choice of a letter is not the OCR-B reference shapes' — at
// small sizes it reads the OCR-B M as H (`SPECIHEN`) on every variant alike, so no second reading disagrees and the
// glyph arbitration (letter-arbiter.ts) is never asked. Two looks at the same print can still tell: the glyph cut out
// at tesseract's box for the letter (glyphs.ts) and the cell the zone's fixed pitch puts there (glyph-grid.ts), each
// correlated with the reference shapes. Where both prefer the same other letter to the one read, that letter is
// proposed, and taken in a word the page does not print (withLookedLetters). Measured on both development halves
// (docs/accuracy.md, "A name's letters by two looks at its glyph"; 1,245 letters read right and 77 read wrong where the
// print has a letter, in 74 readings at 1×, 0.85× and 1.15×): the box alone preferred another letter for 5 % of the
// letters read right, the cell alone for 9 %, both the same other letter for none; for 53 of the 77 wrong ones both
// preferred the right letter — but where a reading is shifted by a character (a Japanese `P<JP3AIQU` for `P<JPNGAIMU`),
// each position's two looks show the print's letter at that position, and a letter taken here and there turns a name
// the printed-name check could still repair into one it cannot: so at most MAX_CHANGES letters of a name are changed,
// none otherwise. A filler's cell looks most like `K` among the letters: the cell's best over every character (digits
// and the filler too) must be the letter.

/** More letters than this to change means the reading is not of the print position by position: none is changed. */
export const MAX_CHANGES = 2;

/**
 * Letters that are another OCR-B letter with a stroke less (F is E without its foot, L is E with its foot alone, P is
 * R without its leg or B without its lower bowl, C is G without its bar, O is Q without its tail, I is T's stem): ink
 * fades, it does not appear, so on a faint print both looks may prefer the letter with the stroke less; the one read,
 * with the stroke, stands. Seen: the ICAO specimen's `ERIKSSON` at 6 px per character, turned, both looks preferred F.
 */
const FADED: ReadonlySet<string> = new Set(["EF", "EL", "RP", "BP", "GC", "QO", "TI"]);

/** Whether `letter` is `other` with a stroke more (T is I with its bar, E is F with its foot …: FADED). */
export const strokeMore = (letter: string, other: string) => FADED.has(letter + other);

/**
 * Each position's cell on the zone's fixed pitch (glyph-grid.ts), placed from `boxed` — the band's first reading
 * tesseract boxed, in `grey` — and scored against the OCR-B reference cells; undefined when that reading is of
 * another layout, and null at a line whose geometry cannot be placed. The line's geometry is placed once, when first
 * asked.
 */
export function cellLookup(grey: Grey, boxed: BoxedReading | null, format: MrzFormat): ShapeLookup | undefined {
  if (!boxed || boxed.picked.format !== format) return undefined;
  let geometries: (LineGeometry | null)[] | null | undefined;
  return (line, position) => {
    geometries ??= lineGeometries(grey, boxed);
    const geometry = geometries?.[line];
    if (!geometry) return null;
    const cx = geometry.left + (position + 0.5) * geometry.pitch;
    return cellScores(grey, cx, geometry.centre(cx), geometry.pitch, geometry.height);
  };
}

const isLetter = (c: string | undefined) => c !== undefined && c >= "A" && c <= "Z";

/** The character a glyph's scores prefer (a letter only, `letters`), with its score. */
export function top(scores: ReadonlyMap<string, number>, letters: boolean): [string, number] {
  let best: [string, number] = ["", -Infinity];
  for (const [c, v] of scores) if ((!letters || isLetter(c)) && v > best[1]) best = [c, v];
  return best;
}

/** A letter of the name line both looks at its glyph prefer to the one read (`position` in the line). */
export type LookedLetter = { position: number; read: string; letter: string };

/**
 * The name letters of `best` that both its glyph at tesseract's box (`best.shapes`) and its cell on the zone's fixed
 * pitch (placed by `boxed`, the band's first reading tesseract boxed, in `grey`) prefer to the letter read; none
 * when more than MAX_CHANGES are, or the glyphs cannot be placed. Taken only for name words the page did not print
 * (withLookedLetters): measured on the generated hard set, both looks preferred a wrong letter on a curved page and a
 * phone photo (`MUELLER` → `PUELLER`, `WOODWARD`'s D → R) whose printed name the page check reads.
 */
export function lettersByTwoLooks(best: Candidate, grey: Grey, boxed: BoxedReading | null): LookedLetter[] {
  const field = nameFieldOf(best.format, best.lines);
  const cells = cellLookup(grey, boxed, best.format);
  if (!best.shapes || !cells || !field) return [];
  const line = best.lines[field.line]!;
  const looked: LookedLetter[] = [];
  for (let i = field.start; i < line.length; i++) {
    const own = line[i]!;
    const box = isLetter(own) ? best.shapes(field.line, i) : null;
    if (!box) continue;
    const [letter, score] = top(box, true);
    if (letter === own || score <= (box.get(own) ?? -Infinity) || strokeMore(own, letter)) continue;
    const cell = cells(field.line, i);
    if (!cell) return [];
    const [gridLetter, gridScore] = top(cell, false);
    if (gridLetter === letter && gridScore > (cell.get(own) ?? -Infinity))
      looked.push({ position: i, read: own, letter });
  }
  return looked.length > MAX_CHANGES ? [] : looked;
}

/**
 * The name field `value` (starting at `start` in its line) with the looked letters taken in the words the page's
 * name check left unread (nothing printed to compare); null when none is, or when the check repaired a word from
 * the page (a repair may move the letters after it). Each change is described for the repairs list.
 */
export function withLookedLetters(
  value: string,
  start: number,
  looked: readonly LookedLetter[],
  check: NameCheck,
): { value: string; repairs: string[] } | null {
  if (!looked.length || check.repaired) return null;
  const unread = new Set(check.tokens.filter((t) => t.state === "unread").map((t) => t.mrz));
  const out = [...value];
  const changes: string[] = [];
  for (const { position, read, letter } of looked) {
    const at = position - start;
    if (value[at] !== read) continue;
    const word = wordAt(value, at);
    if (!unread.has(word)) continue;
    out[at] = letter;
    changes.push(`${word} position ${at - value.lastIndexOf("<", at)} ${read}→${letter}`);
  }
  return changes.length
    ? {
        value: out.join(""),
        repairs: [
          `name ${changes.join(", ")} (unread on the page; the glyph at its box and its cell on the pitch agree)`,
        ],
      }
    : null;
}

/** The word of a name field (between fillers) that holds offset `at`. */
function wordAt(value: string, at: number): string {
  const from = value.lastIndexOf("<", at) + 1;
  const to = value.indexOf("<", at);
  return value.slice(from, to < 0 ? value.length : to);
}
