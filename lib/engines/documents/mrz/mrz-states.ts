import { alpha2OfMrzState, isIcaoCode, type MrzFormat } from "./icao";
import { SHAPE_SILENT, type ShapeLookup } from "./glyphs";
import { LAYOUT, put, slice, type Span } from "./mrz-layout";

// The issuing state and nationality codes of an MRZ, its sex, and a digit read in its name, repaired (mrz-repair.ts
// calls them): no check digit covers them, so a code is changed only into a known one, by OCR look-alikes or by the
// other code of the same zone, and a name's digit only into a letter its glyph looks like.

// OCR look-alikes among capital letters, for the 3-letter state codes
const LETTER_LOOKALIKES: Record<string, string> = {
  N: "WHMK",
  W: "NVM",
  H: "NMKW",
  M: "NWH",
  O: "DQCU",
  D: "OQ",
  Q: "OD",
  C: "OGE",
  G: "CO",
  E: "FBL",
  F: "EP",
  B: "ER",
  P: "FR",
  R: "PBK",
  K: "RXH",
  X: "K",
  V: "UWY",
  U: "VO",
  Y: "V",
  I: "LTJ",
  L: "IE",
  T: "I",
  J: "I",
};

const differences = (a: string, b: string) => [...a].filter((c, i) => c !== b[i]).length;

/**
 * Both state codes, repaired together. One unknown code ≤ 2 characters from the other, known, one is that one (a
 * passport's issuer is its holder's state); else each by its one look-alike known code (repairState) — and when
 * only one of two unknown codes has such a repair, the other takes it too if ≤ 2 characters away (measured: a
 * Taiwanese passport read "TNL"/"THN", where TNL's one look-alike is Tokelau's TKL and THN's is TWN).
 */
export function repairStates(
  issuing: string,
  nationality: string,
): { issuing: string; nationality: string; why: string } {
  const known = isIcaoCode;
  const same = "the other state code of the MRZ, ≤ 2 characters away";
  // two characters away only where no known state is one look-alike away: a Swiss holder of an Indian card read
  // "CNE" is CHE (N/H), not IND; "NL0" beside MCO is NLD
  const near = (code: string, other: string) =>
    known(other) &&
    (differences(code, other) <= 1 || (differences(code, other) === 2 && lookAlikeStates(code, isIcaoCode).size === 0));
  if (!known(issuing) && near(issuing, nationality)) return { issuing: nationality, nationality, why: same };
  if (!known(nationality) && near(nationality, issuing)) return { issuing, nationality: issuing, why: same };
  const lookIssuing = repairState(issuing, null);
  const lookNationality = repairState(nationality, null);
  const why = "known state code one look-alike away";
  if (!known(issuing) && !known(nationality)) {
    if (lookNationality && !lookIssuing && differences(issuing, lookNationality) <= 2)
      return { issuing: lookNationality, nationality: lookNationality, why };
    if (lookIssuing && !lookNationality && differences(nationality, lookIssuing) <= 2)
      return { issuing: lookIssuing, nationality: lookIssuing, why };
    if (lookNationality && lookIssuing && lookNationality !== lookIssuing) {
      // two different repairs: the one the other code is nearer to wins for both
      const pick = differences(issuing, lookNationality) <= 2 ? lookNationality : lookIssuing;
      if (differences(issuing, pick) <= 2 && differences(nationality, pick) <= 2)
        return { issuing: pick, nationality: pick, why };
    }
  }
  return { issuing: lookIssuing ?? issuing, nationality: lookNationality ?? nationality, why };
}

// UNK is ICAO's code for the travel documents UNMIK issued to residents of Kosovo (Kosovo's own print RKS); the country
// data gives it to Kosovo as alpha-3, but as a repair it is no state's code: it would only stand beside DNK for "ONK"
const NO_REPAIR_TARGET = new Set(["UNK"]);

// a digit read in a state code, as the letters it looks like (the `mrz` package's autocorrection leaves 4 and 7: BWA
// read BW4 was taken for the issuer ZWE, two characters away)
const STATE_DIGITS: Record<string, string> = {
  "0": "OQDU",
  "1": "IL",
  "2": "Z",
  "4": "A",
  "5": "S",
  "6": "G",
  "7": "T",
  "8": "B",
};

// a code ICAO lists is kept; an unknown one is repaired into a state's code, never into an organisation's or a category's
function repairState(code: string, other: string | null): string | null {
  if (isIcaoCode(code)) return null;
  if (other && alpha2OfMrzState(other) && [...code].filter((c, i) => c !== other[i]).length <= 1) return other;
  const found = lookAlikeStates(code);
  return found.size === 1 ? [...found][0]! : null;
}

/**
 * The states' codes one look-alike from an unknown code (none for a code ICAO lists); with `listed` = isIcaoCode, the
 * codes ICAO lists that name no state as well (GBO read CBO is no Liberian beside LBR, though never repaired into GBO).
 */
function lookAlikeStates(code: string, listed: (code: string) => boolean = (c) => !!alpha2OfMrzState(c)): Set<string> {
  const found = new Set<string>();
  if (isIcaoCode(code)) return found;
  for (let i = 0; i < code.length; i++) {
    for (const c of LETTER_LOOKALIKES[code[i]!] ?? STATE_DIGITS[code[i]!] ?? "") {
      const v = code.slice(0, i) + c + code.slice(i + 1);
      if (listed(v) && !NO_REPAIR_TARGET.has(v)) found.add(v);
    }
  }
  return found;
}

const SEX_CODES = ["M", "F", "X"];

/**
 * The sex is M, F, X or '<' (ICAO 9303-3): a letter that is none of these is read as the one sex code it is a
 * look-alike of (a bold M binarised into an H: a 345-px Peruvian card), else left as read.
 */
export function repairSex(sex: string): string {
  if (sex === "<" || SEX_CODES.includes(sex)) return sex;
  const alike = SEX_CODES.filter((code) => LETTER_LOOKALIKES[code]?.includes(sex));
  return alike.length === 1 ? alike[0]! : sex;
}

/** Both state codes (repairStates) and the sex (repairSex) of `lines`, repaired, each change noted in `repairs`. */
export function repairCodes(
  lines: string[],
  l: { issuing: Span; nationality: Span; sex: Span },
  repairs: string[],
): string[] {
  const states = repairStates(slice(lines, l.issuing), slice(lines, l.nationality));
  const sex = slice(lines, l.sex);
  let out = lines;
  for (const [span, label, code, fixed, why] of [
    [l.issuing, "issuing state", slice(lines, l.issuing), states.issuing, states.why],
    [l.nationality, "nationality", slice(lines, l.nationality), states.nationality, states.why],
    [l.sex, "sex", sex, repairSex(sex), "the only sex code it looks like"],
  ] as const) {
    if (fixed === code) continue;
    out = put(out, span, fixed);
    repairs.push(`${label} ${code} → ${fixed} (${why})`);
  }
  return out;
}

/** The letters a digit read in a letter field may stand for (OCR-B look-alikes; number-formats.ts maps them back). */
const DIGIT_LETTERS: Record<string, string> = { "0": "OQDU", "1": "IL", "2": "Z", "5": "S", "6": "G", "8": "B" };

// a digit and a letter OCR takes for each other beyond DIGIT_LETTERS (mrz-repair.ts's swaps)
const DIGIT_LETTER_PAIRS = new Set(["S8", "T7", "A4"]);

/** Two characters OCR takes for each other in the MRZ's font: letters, or a digit and a letter (not two digits). */
export function ocrLookAlikes(a: string, b: string): boolean {
  const pair = (x: string, y: string) =>
    !!LETTER_LOOKALIKES[x]?.includes(y) || !!DIGIT_LETTERS[x]?.includes(y) || DIGIT_LETTER_PAIRS.has(x + y);
  return pair(a, b) || pair(b, a);
}

/**
 * A digit read in the name field is made a letter by the field's character class, always the same one (0 → O:
 * the `mrz` package's autocorrection); the glyph chooses among the letters the digit looks like instead, where one
 * correlates at least SHAPE_SILENT and better than the letter given (a 282-px Swiss card's `0U0` read `OUO`: the
 * first glyph correlates 0.53 with Q and 0.37 with O). `read`: the lines before the autocorrection, `lines` after.
 */
export function nameDigitsByGlyph(
  format: MrzFormat,
  read: readonly string[],
  lines: readonly string[],
  shapes: ShapeLookup,
): { lines: string[]; changes: string[] } {
  const [line, start, end] = LAYOUT[format].name;
  const changes: string[] = [];
  const out = [...lines];
  for (let i = start; i < end; i++) {
    const digit = read[line]?.[i];
    const given = out[line]?.[i];
    const options = digit && DIGIT_LETTERS[digit];
    if (!options || !given || !/[A-Z]/.test(given)) continue;
    const scores = shapes(line, i);
    if (!scores) continue;
    const score = (c: string) => scores.get(c) ?? 0;
    const best = [...options].reduce((a, b) => (score(b) > score(a) ? b : a));
    if (best === given || score(best) < SHAPE_SILENT || score(best) <= score(given)) continue;
    out[line] = out[line]!.slice(0, i) + best + out[line]!.slice(i + 1);
    changes.push(`line ${line + 1} position ${i + 1} ${digit}→${best}`);
  }
  return { lines: out, changes };
}
