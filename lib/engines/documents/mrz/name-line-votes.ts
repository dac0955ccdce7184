import { nameLine, withLines, type Candidate } from "./mrz-candidates";

// The name line (a TD1's third, every other layout's first) carries no check digit: a reading that holds may still
// have a character there that no other reading of the band has — a letter doubled with the line's last filler
// dropped (`ERRIKSSON` for ERIKSSON on a 6-px-per-character passport), a filler read as a letter (`PS`, `PZ` for
// `P<`), a filler dropped with a letter doubled after it (`PTWNLLIN` for `P<TWNLIN`). The glyph arbitration
// (letter-arbiter.ts) weighs one letter against another at the same place; it cannot see a character that moved
// the rest of the line. Here every other reading of the band (each tesseract variant's text as read, PaddleOCR's
// band and whole-image lines) is aligned with the chosen name line, and where nearly all of them put a filler where
// the chosen line has a letter, nothing where it has one of a doubled pair, or a character where it has none, theirs
// is taken. Letters against letters are left to the glyphs, and a filler is never outvoted by a letter: PaddleOCR
// reads fillers as `K` (a Peruvian card's `CARDENASKKJORGE` in its band and whole-image readings alike). PaddleOCR's
// two readings are one reader's, so a change needs a tesseract variant among those agreeing: PaddleOCR drops narrow
// letters (`SPECMEN`).
// Measured on the development halves at five sizes (docs/accuracy.md, "A name line outvoted").

/** One reading's lines, and whether PaddleOCR read them (else a tesseract variant). */
export type Source = { lines: readonly string[]; paddle: boolean };
/** One reading's line nearest the chosen one. */
export type Reading = { text: string; paddle: boolean };

/** Share of the other readings that must agree on a change (and at least MIN_VOTERS of them). */
export const VOTE_SHARE = 0.75;
export const MIN_VOTERS = 2;

/**
 * A reading is aligned only within this share, in edits, of the line up to its trailing fillers: beyond, it read
 * something else (an empty line, padded, is all fillers: an Australian photo's noise once outvoted its name).
 */
const MAX_DISTANCE_SHARE = 0.4;

/** One reading aligned with the chosen line: at[i] its character at position i ("" none), before[i] its extra ones. */
type Alignment = { at: string[]; before: string[]; distance: number };

/** Levenshtein alignment of `other` to `line`; of equal ones, a character of `line` is matched as late as it can. */
export function align(line: string, other: string): Alignment {
  const n = line.length;
  const m = other.length;
  const d: number[][] = Array.from({ length: n + 1 }, (_, i) => Array.from({ length: m + 1 }, (_, j) => i + j));
  for (let i = 1; i <= n; i++)
    for (let j = 1; j <= m; j++)
      d[i]![j] = Math.min(
        d[i - 1]![j - 1]! + (line[i - 1] === other[j - 1] ? 0 : 1),
        d[i - 1]![j]! + 1,
        d[i]![j - 1]! + 1,
      );
  const at = Array<string>(n).fill("");
  const before = Array<string>(n + 1).fill("");
  let [i, j] = [n, m];
  while (i > 0 || j > 0) {
    if (i > 0 && j > 0 && d[i]![j] === d[i - 1]![j - 1]! + (line[i - 1] === other[j - 1] ? 0 : 1)) {
      at[i - 1] = other[j - 1]!;
      i--;
      j--;
    } else if (i > 0 && d[i]![j] === d[i - 1]![j]! + 1) i--;
    else {
      before[i] = other[j - 1]! + before[i];
      j--;
    }
  }
  return { at, before, distance: d[n]![m]! };
}

const isFiller = (c: string) => c === "<";

/** The line outvoted, what changed, and where each of its characters stood in the line before (-1: inserted). */
export type Outvoted = { line: string; changes: string[]; from: number[] };

/** The value most of `values` share, with its count, and whether a tesseract variant is among those sharing it. */
function most(values: readonly { v: string; paddle?: boolean }[]): [string, number, boolean] {
  const counts = new Map<string, { n: number; tesseract: boolean }>();
  for (const { v, paddle } of values) {
    const c = counts.get(v) ?? { n: 0, tesseract: false };
    counts.set(v, { n: c.n + 1, tesseract: c.tesseract || !paddle });
  }
  const [v, c] = [...counts].reduce((a, b) => (b[1].n > a[1].n ? b : a), ["", { n: 0, tesseract: false }]);
  return [v, c.n, c.tesseract];
}

/**
 * `line` with what nearly every one of `readings` has where it stands alone (a doubled letter none of them has, a
 * character they all have and it lacks, a filler where it has a letter — never a letter for a filler), kept at its
 * length by the fillers at its end; null when nothing changes or the line's end is no filler run to give or take from.
 * `readings`: each source's line nearest to `line`, shorter ones padded with fillers; farther than
 * MAX_DISTANCE_SHARE, left out.
 */
export function outvotedLine(line: string, readings: readonly Reading[]): Outvoted | null {
  const end = line.replace(/<+$/, "").length; // the trailing filler run is the line's slack, not a reading
  const aligned = readings
    .map((r) => ({ ...align(line, r.text.padEnd(line.length, "<")), paddle: r.paddle }))
    .filter((a) => a.distance <= end * MAX_DISTANCE_SHARE);
  const need = Math.max(MIN_VOTERS, Math.ceil(aligned.length * VOTE_SHARE));
  if (aligned.length < MIN_VOTERS) return null;
  const out: string[] = [];
  const from: number[] = [];
  const keep = (c: string, at: number) => {
    out.push(c);
    from.push(at);
  };
  const changes: string[] = [];
  for (let i = 0; i <= end; i++) {
    const [extra, insertions, byTesseract] = most(aligned.map((a) => ({ v: a.before[i]!, paddle: a.paddle })));
    if (extra && insertions >= need && byTesseract && i < end) {
      keep(extra, -1);
      changes.push(`${extra} before position ${i + 1}`);
    }
    if (i === end) break;
    const own = line[i]!;
    const [theirs, count, tesseract] = most(aligned.map((a) => ({ v: a.at[i]!, paddle: a.paddle })));
    // a letter read as a filler, or a doubled letter dropped (never a filler outvoted by a letter: PaddleOCR's K).
    // A letter of no pair is not dropped: glare washing out a word's first letters leaves the others nothing there
    // (a generated glare photo's MARIE, read IE, M1E, XWE, NDIE by the variants, became RIE and was APPROVED)
    const doubled = own === line[i - 1] || own === line[i + 1];
    const structural = !isFiller(own) && (isFiller(theirs) || (theirs === "" && doubled));
    if (theirs !== own && count >= need && tesseract && structural) {
      if (theirs) keep(theirs, i);
      changes.push(theirs ? `position ${i + 1} ${own}→${theirs}` : `position ${i + 1} ${own} dropped`);
    } else keep(own, i);
  }
  if (!changes.length) return null;
  const body = out.join("");
  if (body.length > line.length || (body.length > end && !/^<*$/.test(body.slice(end)))) return null;
  const length = line.length;
  for (let i = end; from.length < length; i++) from.push(i < length ? i : -1);
  return { line: (body + line.slice(end)).slice(0, length).padEnd(length, "<"), changes, from: from.slice(0, length) };
}

/** Each source's line nearest to `line` (compacted OCR lines of one reading each). */
export function nearestLines(line: string, sources: readonly Source[]): Reading[] {
  return sources.flatMap(({ lines, paddle }) => {
    const nearest = lines.reduce<{ text: string; distance: number } | null>((best, text) => {
      const distance = align(line, text.padEnd(line.length, "<")).distance;
      return !best || distance < best.distance ? { text, distance } : best;
    }, null);
    return nearest ? [{ text: nearest.text, paddle }] : [];
  });
}

/**
 * `best` with its name line outvoted by the band's other readings (outvotedLine), where the reading still holds;
 * `best` unchanged otherwise. `sources`: every other reading's lines, the one `best` was taken from left out.
 */
export function outvotedNameLine(best: Candidate, sources: readonly Source[]): Candidate {
  const own = nameLine(best);
  const voted = outvotedLine(own, nearestLines(own, sources));
  if (!voted) return best;
  const index = best.format === "TD1" ? 2 : 0;
  const lines = best.lines.map((l, i) => (i === index ? voted.line : l));
  const taken = withLines(
    best,
    lines,
    `name line ${voted.changes.join(", ")} (as nearly every other reading of the band)`,
  );
  if (!taken) return best;
  const { shapes } = best;
  // each glyph follows its character to where it moved
  const from = (position: number) => voted.from[position] ?? -1;
  return {
    ...taken,
    shapes:
      shapes &&
      ((line, position) =>
        line !== index ? shapes(line, position) : from(position) < 0 ? null : shapes(line, from(position))),
  };
}
