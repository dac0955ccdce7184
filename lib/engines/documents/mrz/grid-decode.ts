import { checkDigit, type MrzFormat } from "./icao";
import { LAYOUT, type Span } from "./mrz-layout";

// The characters of a zone read on its grid (glyph-grid.ts), chosen with the check digits (issue 32). Each position
// has a score for every character; the best one of the position's class is read, except where a check digit
// disagrees and another character scores within GRID_SPREAD of the best: then, field by field, the combination of
// such near characters that makes the field's check digit hold with the highest total score, and across fields
// the combination that makes the composite hold too. A character scoring far below the best is never taken, and
// the optional data (no check digit of its own) is never changed to make the composite hold, so a zone printed
// with a wrong check digit stays wrong: a document number changed to keep its own digit changes the composite
// by as much (both weigh its positions alike), and measured on PassportEye's US card printed with a wrong digit,
// a free choice in the optional data made both hold.

/**
 * How far below a position's best character (grid correlation, −1 … 1) another may score and still be considered
 * where a check digit fails. Chosen on the development halves of ../shared/data/mrz-specimens and
 * ../shared/data/documents (docs/accuracy.md, "Reading the zone on its grid"): the right characters of the
 * misread positions scored 0.00–0.05 below the best (a blurred 2 read as 7 or Z, O for 0).
 */
export const GRID_SPREAD = 0.06;
/**
 * How far the best combination of near characters that makes a field's check digit hold must score above the next
 * one: closer, the check digit cannot tell them apart (8 and S weigh alike modulo 10: `A81234S67` keeps both digits
 * of a generated passport's `AB1234567`), and the grid's reading is not offered.
 */
export const GRID_MARGIN = 0.03;
/** Most near characters tried at one position (the best included). */
const MAX_NEAR = 3;
/** Most combinations of near characters tried for one field (3 near characters at 10 positions: 59,049). */
const MAX_COMBINATIONS = 60_000;
/** Most combinations kept per field for the composite's search. */
const KEEP_PER_FIELD = 4;

export type PositionScores = ReadonlyMap<string, number>;
type Choice = { chars: string[]; score: number };

const DIGITS = /[0-9<]/;
const LETTERS = /[A-Z<]/;
const allowedBy = (cls: string) => (cls === "9" ? DIGITS : cls === "A" ? LETTERS : /./);

/** The near characters of one position: in its class, within GRID_SPREAD of its best, best first. */
function near(scores: PositionScores, cls: string): [string, number][] {
  const allowed = [...scores].filter(([ch]) => allowedBy(cls).test(ch)).sort((a, b) => b[1] - a[1]);
  const best = allowed[0]?.[1] ?? 0;
  return allowed.filter(([, v]) => v >= best - GRID_SPREAD).slice(0, MAX_NEAR);
}

const isDigit = (ch: string | undefined) => ch !== undefined && ch >= "0" && ch <= "9";

/**
 * In a run of positions that may hold letters or digits (a document number, optional data), a position whose near
 * characters include both reads the digit first when the run's certain characters (one near character only) are
 * mostly digits: OCR-B's O and 0, B and 8, Z and 2 differ by little once blurred, and such runs are mostly digits
 * (every number of the development specimens but the Dutch and Spanish formats, which number-formats.ts restores).
 */
function leanToDigits(row: [string, number][][], classes: string): [string, number][][] {
  const out = row.map((o) => [...o]);
  for (let i = 0; i < row.length;) {
    if (classes[i] !== "X") {
      i++;
      continue;
    }
    let end = i;
    while (end < row.length && classes[end] === "X") end++;
    const certain = row.slice(i, end).filter((o) => o.length === 1 && o[0]![0] !== "<");
    const digits = certain.filter((o) => isDigit(o[0]![0])).length;
    if (digits >= certain.length - digits) {
      for (let k = i; k < end; k++) {
        const digit = out[k]!.find(([ch]) => isDigit(ch));
        if (!digit || out[k]![0] === digit) continue;
        const best = out[k]![0]![1];
        out[k] = [
          [digit[0], best],
          ...out[k]!.filter((o) => o !== digit).map(([ch, v]): [string, number] => [ch, Math.min(v, best - 1e-3)]),
        ];
      }
    }
    i = end;
  }
  return out;
}

/** Every combination of the positions' near characters (best first by score), `holds` deciding which are kept. */
function combinations(options: [string, number][][], holds: (chars: string[]) => boolean): Choice[] {
  const out: Choice[] = [];
  const walk = (i: number, chars: string[], score: number) => {
    if (i === options.length) {
      if (holds(chars)) out.push({ chars: [...chars], score });
      return;
    }
    for (const [ch, v] of options[i]!) {
      chars.push(ch);
      walk(i + 1, chars, score + v);
      chars.pop();
    }
  };
  walk(0, [], 0);
  return out.sort((a, b) => b.score - a.score);
}

/** YYMMDD with a month 01–12 and a day 01–31 (a date the check digit cannot tell from a misread one). */
const plausibleDate = (yymmdd: string) => {
  const month = Number(yymmdd.slice(2, 4));
  const day = Number(yymmdd.slice(4, 6));
  return /^\d{6}$/.test(yymmdd) && month >= 1 && month <= 12 && day >= 1 && day <= 31;
};

type Position = [line: number, index: number];
const positionsOf = ([line, start, length]: Span): Position[] =>
  Array.from({ length }, (_, i) => [line, start + i] as Position);

/**
 * The zone's lines from each position's scores and class (`classes`: glyph-grid.ts's charClasses), the check digits
 * deciding between near characters (see the top of the file), and whether a field's check digit could not decide
 * between two of them (GRID_MARGIN). `visa`: no composite check digit.
 */
export function decodeGrid(
  format: MrzFormat,
  classes: readonly string[],
  scores: readonly (readonly PositionScores[])[],
  visa: boolean,
): { lines: string[]; ambiguous: boolean } {
  const options = scores.map((row, l) =>
    leanToDigits(
      row.map((s, i) => near(s, classes[l]![i]!)),
      classes[l]!,
    ),
  );
  const lines = options.map((row) => row.map((o) => o[0]?.[0] ?? "<"));
  const l = LAYOUT[format];
  const fields: Span[] = [l.number, l.birth, l.expiry];
  if (format === "TD3" && !visa) fields.push([1, 28, 14]);
  const optionsAt = ([line, i]: Position) => options[line]![i]!;
  // per field: its value and check digit, the holding combinations best first (none: the best characters stand)
  const perField = fields.map((span) => {
    const at = [...positionsOf(span), [span[0], span[1] + span[2]] as Position];
    const date = span === l.birth || span === l.expiry;
    // a field with near characters at too many positions is no reading to choose from (a band of noise)
    const count = at.reduce((n, p) => n * optionsAt(p).length, 1);
    if (count > MAX_COMBINATIONS) return { at, choices: [], undecided: true };
    const choices = combinations(
      at.map(optionsAt),
      (chars) =>
        checkDigit(chars.slice(0, -1).join("")) === chars.at(-1) &&
        (!date || plausibleDate(chars.slice(0, 6).join(""))),
    );
    return { at, choices: choices.slice(0, KEEP_PER_FIELD), undecided: false };
  });
  const put = (at: Position[], chars: string[]) => at.forEach(([line, i], k) => (lines[line]![i] = chars[k]!));
  for (const f of perField) if (f.choices[0]) put(f.at, f.choices[0].chars);
  const ambiguous = perField.some(
    ({ choices: [first, second], undecided }) =>
      undecided || (first && second && first.score - second.score < GRID_MARGIN),
  );
  const out = () => ({ lines: lines.map((row) => row.join("")), ambiguous });
  if (visa) return out();
  // the composite: over the fields' kept combinations and its own digit's near characters — never the optional
  // data's, which no digit of its own covers: a second change there could make up for a wrong printed check digit
  const [cl, ci] = l.composite;
  const compositeOptions = optionsAt([cl, ci]);
  const fieldOptions = perField.map((f) => (f.choices.length ? f.choices : [null]));
  let best: { score: number; picks: (Choice | null)[]; digit: string } | null = null;
  const walk = (k: number, picks: (Choice | null)[]) => {
    if (k < fieldOptions.length) {
      for (const choice of fieldOptions[k]!) walk(k + 1, [...picks, choice]);
      return;
    }
    picks.forEach((choice, i) => choice && put(perField[i]!.at, choice.chars));
    const digit = checkDigit(l.compositeOf.map(([line, s, n]) => lines[line]!.slice(s, s + n).join("")).join(""));
    const own = compositeOptions.find(([ch]) => ch === digit);
    const score = picks.reduce((sum, c) => sum + (c?.score ?? 0), 0) + (own?.[1] ?? 0);
    if (own && (!best || score > best.score)) best = { score, picks, digit };
  };
  walk(0, []);
  const chosen = best as { picks: (Choice | null)[]; digit: string } | null;
  const picks = chosen?.picks ?? perField.map((f) => f.choices[0] ?? null);
  picks.forEach((choice, i) => choice && put(perField[i]!.at, choice.chars));
  if (chosen) lines[cl]![ci] = chosen.digit;
  return out();
}
