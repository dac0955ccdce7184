import { alpha2OfMrzState, isIcaoCode } from "./icao";
import { withLines, type Candidate } from "./mrz-candidates";
import { LAYOUT, put, slice } from "./mrz-layout";

// The issuing state's and the nationality's codes carry no check digit, and mrz-states.ts repairs an unknown one only
// by one look-alike or by the zone's other code. Where the chosen reading's code is still no known state and the
// tesseract variants of its layout read one known code there by a clear majority, the variants' code is taken: the
// US card read `OOO` for `COD` by PaddleOCR alone at 0.75× (three variants read COD; none held), docs/accuracy.md —
// or, where that code is one character from the zone's other code, the other code.

const differences = (a: string, b: string) => [...a].filter((c, i) => c !== b[i]).length;

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
  const codes = [
    ["issuing state", layout.issuing, layout.nationality],
    ["nationality", layout.nationality, layout.issuing],
  ] as const;
  for (const [label, span, otherSpan] of codes) {
    const code = slice(lines, span);
    if (isIcaoCode(code)) continue;
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
    const near = alpha2OfMrzState(other) && differences(top[0], other) === 1;
    const taken = near ? other : top[0];
    lines = put(lines, span, taken);
    changes.push(`${label} ${code} → ${taken}`);
  }
  // a code the votes left unknown, where they settled the other: ≤ 2 characters from that one, it is that one, as
  // mrz-states.ts repairs a reading (a Japanese passport at 0.85×: issuer JP3 → JPN by the variants, nationality 3PN)
  const voted = changes.length;
  if (voted === 1)
    for (const [label, span, otherSpan] of codes) {
      const code = slice(lines, span);
      const other = slice(lines, otherSpan);
      if (isIcaoCode(code) || !alpha2OfMrzState(other) || differences(code, other) > 2) continue;
      lines = put(lines, span, other);
      changes.push(`${label} ${code} → ${other}`);
    }
  if (!changes.length) return best;
  const why =
    changes.length === voted
      ? "the code the tesseract variants read, or the zone's other code one character from it"
      : "the code the tesseract variants read, and the zone's other code ≤ 2 characters from it";
  return withLines(best, lines, `${changes.join(", ")} (${why})`) ?? best;
}
