import { findLegalForm } from "@/lib/engines/names/legal-forms";

// Numbers in organisations' and vessels' names as digits, so that one number written three ways is one token:
// number words and ordinals (Brigade Forty-Four = Brigade 44, 1st = First), tens joined with their unit, and a
// series' Roman numeral (Carlyle Partners VII, Citigroup Capital Trust I, Bowne Global Solutions II Denmark).

type Word = { text: string };

const UNITS =
  "ZERO ONE TWO THREE FOUR FIVE SIX SEVEN EIGHT NINE TEN ELEVEN TWELVE THIRTEEN FOURTEEN FIFTEEN SIXTEEN SEVENTEEN EIGHTEEN NINETEEN".split(
    " ",
  );
const ORDINALS = "ZEROTH FIRST SECOND THIRD FOURTH FIFTH SIXTH SEVENTH EIGHTH NINTH TENTH".split(" ");
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

export function numbersAsDigits<W extends Word>(list: readonly W[]): W[] {
  const out: W[] = [];
  for (let i = 0; i < list.length; i++) {
    if (isSeriesNumeral(list, i)) {
      out.push({ ...list[i]!, text: String(romanValue(list[i]!.text)) });
      continue;
    }
    const value = numberOf(list[i]!.text);
    if (value === null) {
      out.push(list[i]!);
      continue;
    }
    const next = list[i + 1]
      ? (numberOf(list[i + 1]!.text) ?? (/^\d$/.test(list[i + 1]!.text) ? Number(list[i + 1]!.text) : null))
      : null;
    const isTens = value >= 20 && value % 10 === 0;
    if (isTens && next !== null && next > 0 && next < 10) {
      out.push({ ...list[i]!, text: String(value + next) });
      i++;
    } else out.push({ ...list[i]!, text: String(value) });
  }
  return out;
}
