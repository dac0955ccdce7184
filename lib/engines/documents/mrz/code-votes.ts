import { alpha2OfMrzState } from "./icao";
import { withLines, type Candidate } from "./mrz-candidates";
import { LAYOUT, put, slice } from "./mrz-layout";

// The issuing state's and the nationality's codes carry no check digit, and mrz-states.ts repairs an unknown one only
// by one look-alike or by the zone's other code. Where the chosen reading's code is still no known state and the
// tesseract variants of its layout read one known code there by a clear majority, the variants' code is taken: the
// US card read `OOO` for `COD` by PaddleOCR alone at 0.75× (three variants read COD; none held), docs/accuracy.md —
// or, where that code is one character from the zone's other code, the other code.

/** At least this many variants must read the code, and more than half of those of the layout. */
export const CODE_VOTES = 2;

/**
 * `best` with each unknown state code replaced by the known code most of the other variants of its layout read at
 * the same place (and nothing else changed); `best` itself where none is, or the reading would no longer hold.
 */
export function codesByVariants(best: Candidate, candidates: readonly Candidate[]): Candidate {
  const voters = candidates.filter((c) => c !== best && c.format === best.format && c.variant !== "paddleocr");
  const layout = LAYOUT[best.format];
  let lines = best.lines;
  const changes: string[] = [];
  for (const [label, span, otherSpan] of [
    ["issuing state", layout.issuing, layout.nationality],
    ["nationality", layout.nationality, layout.issuing],
  ] as const) {
    const code = slice(lines, span);
    if (alpha2OfMrzState(code)) continue;
    const counts = new Map<string, number>();
    for (const v of voters) {
      const theirs = slice(v.lines, span);
      if (alpha2OfMrzState(theirs)) counts.set(theirs, (counts.get(theirs) ?? 0) + 1);
    }
    const [top] = [...counts].sort((a, b) => b[1] - a[1]);
    if (!top || top[1] < CODE_VOTES || top[1] * 2 <= voters.length) continue;
    // a code one character from the zone's other, known code is that code (as mrz-states.ts repairs a reading: a
    // passport's issuer is its holder's state): PassportEye's Taiwanese passport at 0.85× had its issuer read `WNL`
    // and, by the variants of one run, `TUN` — its nationality `TWN`
    const other = slice(lines, otherSpan);
    const near = alpha2OfMrzState(other) && [...top[0]].filter((c, i) => c !== other[i]).length === 1;
    const taken = near ? other : top[0];
    lines = put(lines, span, taken);
    changes.push(`${label} ${code} → ${taken}`);
  }
  if (!changes.length) return best;
  const why = "the code the tesseract variants read, or the zone's other code one character from it";
  return withLines(best, lines, `${changes.join(", ")} (${why})`) ?? best;
}
