import { findLegalForm } from "@/lib/engines/names/legal-forms";

// Numbers in organisations' and vessels' names as digits, so that one number written three ways is one token:
// number words and ordinals (Brigade Forty-Four = Brigade 44, 1st = First, 20th = Twentieth), tens joined with their
// unit, hundreds, thousands and millions read whole (One Hundred Percent = 100 Percent), and a series' Roman numeral
// (Carlyle Partners VII, Citigroup Capital Trust I, Bowne Global Solutions II Denmark); and the % sign as its word.

type Word = { text: string };

/**
 * An organisation's % sign as the word it stands for, as lists spell it out (3%ers: THREE PERCENTERS, 100% Capital:
 * ONE HUNDRED PERCENT CAPITAL): the letters that follow it are its word's ending. Elsewhere % parts words.
 */
export const signsAsWords = (text: string) => text.replace(/%(?=\p{L})/gu, " PERCENT").replace(/%/g, " PERCENT ");

const UNITS =
  "ZERO ONE TWO THREE FOUR FIVE SIX SEVEN EIGHT NINE TEN ELEVEN TWELVE THIRTEEN FOURTEEN FIFTEEN SIXTEEN SEVENTEEN EIGHTEEN NINETEEN".split(
    " ",
  );
const ORDINALS = (
  "ZEROTH FIRST SECOND THIRD FOURTH FIFTH SIXTH SEVENTH EIGHTH NINTH TENTH ELEVENTH TWELFTH THIRTEENTH FOURTEENTH " +
  "FIFTEENTH SIXTEENTH SEVENTEENTH EIGHTEENTH NINETEENTH"
).split(" ");
const TENS: Record<string, number> = {
  TWENTY: 20,
  THIRTY: 30,
  FORTY: 40,
  FOURTY: 40,
  FIFTY: 50,
  SIXTY: 60,
  SEVENTY: 70,
  EIGHTY: 80,
  NINETY: 90,
  TWENTIETH: 20,
  THIRTIETH: 30,
  FORTIETH: 40,
  FIFTIETH: 50,
  SIXTIETH: 60,
  SEVENTIETH: 70,
  EIGHTIETH: 80,
  NINETIETH: 90,
};

function numberOf(text: string): number | null {
  if (/^\d+(ST|ND|RD|TH)$/.test(text)) return Number(text.replace(/\D/g, ""));
  const unit = UNITS.indexOf(text);
  if (unit >= 0) return unit;
  const ordinal = ORDINALS.indexOf(text);
  if (ordinal >= 0) return ordinal;
  return TENS[text] ?? null;
}

// I to XXXIX only: a series numbers its funds, trusts and vessels low, and the larger numerals are words too (MIX,
// LIV, CD, DC, CV — the Dutch legal form)
const ROMAN = /^(X{0,3})(IX|IV|V?I{0,3})$/;
const ROMAN_VALUE: Record<string, number> = { I: 1, V: 5, X: 10 };

function romanValue(text: string): number | null {
  if (!text || !ROMAN.test(text)) return null;
  let value = 0;
  for (let k = 0; k < text.length; k++) {
    const v = ROMAN_VALUE[text[k]!]!;
    const next = ROMAN_VALUE[text[k + 1] ?? ""] ?? 0;
    value += v < next ? -v : v;
  }
  return value;
}

/**
 * A Roman numeral after the first word. A one-letter one (I, V, X) only at the end of the name or before its legal
 * form (Fund X L.P.), and never after another single letter (B.V.): elsewhere one letter is an initial (X Corp, Bank
 * I Moscow).
 */
function isSeriesNumeral(list: readonly Word[], i: number): boolean {
  if (i === 0 || romanValue(list[i]!.text) === null) return false;
  if (list[i]!.text.length > 1) return true;
  // a letter after another one is a dotted abbreviation's (B.V., N.V., S.A. de C.V.), not a numeral
  if (list[i - 1]!.text.length === 1) return false;
  const rest = list.slice(i + 1).map((w) => w.text);
  if (rest.length === 0) return true;
  // a dotted legal form comes as its letters (L.P. → L P) until the acronyms are joined
  const joined = rest.every((t) => t.length === 1) ? [rest.join("")] : rest;
  return findLegalForm(joined, 0)?.length === joined.length;
}

/** What the last word of a number written in words was: a unit (0–19), a tens word without its unit or with it, a
 * scale word (HUNDRED; THOUSAND, MILLION). */
type Last = "unit" | "tens" | "tensUnit" | "hundred" | "scale";
const SCALES: Record<string, number> = { HUNDRED: 100, THOUSAND: 1000, MILLION: 1_000_000 };

/** A number word, or a digit standing after a tens word (FORTY 4). */
const wordValue = (text: string, afterTens: boolean) =>
  numberOf(text) ?? (afterTens && /^\d$/.test(text) ? Number(text) : null);

/**
 * The number written in words from list[i] (ONE HUNDRED AND FIFTY, TWO THOUSAND TWENTY-FOUR, FORTY 4) and how many
 * words it takes, or null where list[i] is no number word. A unit after a unit (ONE TWO), or a scale word with no
 * number before it (HUNDRED), ends the number: those are two numbers, or a word.
 */
function spelledNumber(list: readonly Word[], i: number): { value: number; length: number } | null {
  const first = numberOf(list[i]!.text);
  if (first === null) return null;
  let [total, group, end] = [0, first, i + 1];
  let last: Last = first >= 20 && first % 10 === 0 ? "tens" : "unit";
  for (let k = i + 1; k < list.length; k++) {
    const text = list[k]!.text;
    const scale = SCALES[text];
    if (scale !== undefined) {
      if (group === 0 || last === "scale" || (scale === 100 && (last === "hundred" || group >= 100))) break;
      if (scale === 100) {
        group *= 100;
        last = "hundred";
      } else {
        total += group * scale;
        group = 0;
        last = "scale";
      }
      end = k + 1;
      continue;
    }
    // AND inside a number only after a scale word and before its tens or units (ONE HUNDRED AND FIFTY). (The types
    // are written out: `last` is narrowed by the assignment at the loop's end, which depends on them.)
    const isAnd: boolean = text === "AND" && (last === "hundred" || last === "scale");
    const at: number = isAnd ? k + 1 : k;
    const value: number | null = list[at] ? wordValue(list[at]!.text, last === "tens") : null;
    if (value === null || value === 0) break;
    const isTens: boolean = value >= 20 && value % 10 === 0 && numberOf(list[at]!.text) !== null;
    const fits = last === "tens" ? value < 10 : last === "hundred" || last === "scale" ? value < 100 : false;
    if (!fits) break;
    group += value;
    last = last === "tens" ? "tensUnit" : isTens ? "tens" : "unit";
    k = at;
    end = at + 1;
  }
  return { value: total + group, length: end - i };
}

export function numbersAsDigits<W extends Word>(list: readonly W[]): W[] {
  const out: W[] = [];
  for (let i = 0; i < list.length; i++) {
    if (isSeriesNumeral(list, i)) {
      out.push({ ...list[i]!, text: String(romanValue(list[i]!.text)) });
      continue;
    }
    const spelled = spelledNumber(list, i);
    if (spelled === null) {
      out.push(list[i]!);
      continue;
    }
    out.push({ ...list[i]!, text: String(spelled.value) });
    i += spelled.length - 1;
  }
  return out;
}
