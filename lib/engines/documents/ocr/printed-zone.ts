// The visual inspection zone (the printed fields) as OCR text, and the questions the rules ask of it: is this
// MRZ value printed on the page, which dates are printed, which address. OCR of printed text is noisier than of
// the MRZ, so comparisons tolerate one wrong character in longer words and say "not found" rather than guess.

import { monthOf } from "./month-names";

export type PrintedZone = {
  text: string;
  lines: string[];
  words: Set<string>;
  squashed: string;
  dates: Set<string>;
  /** dates that can only confirm, as YY-MM-DD (printedConfirmingDates), outside the page OCR's copy of the MRZ */
  confirmingDates: Set<string>;
  /** words tesseract read with confidence ≥ CONFIDENT_WORD (empty when no confidences were given) */
  confident: Set<string>;
};

/** page OCR mean confidence from which an unfound printed name counts as different, not unreadable */
export const MIN_LEGIBLE_PAGE = 60;

/** A printed word counts as confidently read from this tesseract word confidence (0–100) on. */
export const CONFIDENT_WORD = 85;

const squash = (s: string) => s.toUpperCase().replace(/[^A-Z0-9]/g, "");

/** `dateOrder`: how numeric dates are printed, day first (most of the world) or month first (US cards). */
export function printedZone(
  texts: readonly string[],
  ocrWords: readonly { text: string; confidence: number }[] = [],
  dateOrder: DateOrder = "DMY",
): PrintedZone {
  const text = texts.join("\n").toUpperCase();
  const lines = text
    .split("\n")
    .map((l) => l.trim())
    .filter(Boolean);
  const words = wordsOf(text);
  const confident = new Set(
    ocrWords
      .filter((w) => w.confidence >= CONFIDENT_WORD)
      .flatMap((w) => w.text.toUpperCase().split(/[^A-Z0-9]+/))
      .filter((w) => w.length > 0),
  );
  const confirmingDates = printedConfirmingDates(lines.filter((l) => !isMrzText(l)).join("\n"), dateOrder);
  const dates = printedDates(text, dateOrder);
  return { text, lines, words, squashed: squash(text), dates, confirmingDates, confident };
}

// a printed name keeps its diacritics, the MRZ writes them in A–Z (ICAO 9303-3 §6: Ä → AE or A, Ñ → N …): the words
// are taken in all three spellings
const wordsOf = (text: string) =>
  new Set(
    [text, transliterate(text), stripMarks(text)].flatMap((t) => t.split(/[^A-Z0-9]+/)).filter((w) => w.length > 0),
  );

/**
 * A line of the page OCR that is the MRZ's own text (its fillers read as `<`, `«` or `‹`, or one run of 20 or more
 * letters and digits, longer than any printed field): a copy of the zone, not a printed field.
 */
const isMrzText = (line: string) => /[<«‹]/.test(line) || /^[A-Z0-9]{20,}$/.test(line);

/**
 * The printed fields alone: the zone with its words and squashed text taken again without the lines that are the
 * MRZ's own text, the dates and confidences kept (an MRZ date is no printed date). What the MRZ is compared with in
 * FIELD_CONSISTENCY: the page OCR's copy of the MRZ holds the MRZ's name and number, so it confirmed them by itself
 * (a glare photo's name line read `RIE<ANNE` confirmed the reading RIE for the printed MARIE).
 */
export function printedFieldsOnly(zone: PrintedZone): PrintedZone {
  const lines = zone.lines.filter((l) => !isMrzText(l));
  if (lines.length === zone.lines.length) return zone;
  const text = lines.join("\n");
  return { ...zone, text, lines, words: wordsOf(text), squashed: squash(text) };
}

// English function words: a line holding three of them is a printed sentence (a card's notice on its back), not a field
const FUNCTION_WORDS = new Set(["THE", "THIS", "IS", "IF", "AND", "MAY", "BE", "BY", "NOT", "OR", "OF", "TO", "ARE"]);

/**
 * A line of prose: three or more English function words ("THIS DOCUMENT IS VOID IF ALTERED, AND MAY BE REVOKED BY
 * THE …" on the back of a US card). A word of the holder's name read there is a word of the notice, not the name.
 * In the 40 development page readings only the US card's notice held one: its holder's given name VOID (the MRZ's
 * SPECIMEN<<TEST<VOID), for which the card was called altered, its surname printed nowhere.
 */
export const isProse = (line: string) => line.split(/[^A-Z0-9]+/).filter((w) => FUNCTION_WORDS.has(w)).length >= 3;

/** The printed fields without the lines of prose (isProse): where a holder's name is looked for. */
export function withoutProse(zone: PrintedZone): PrintedZone {
  const lines = zone.lines.filter((l) => !isProse(l));
  if (lines.length === zone.lines.length) return zone;
  const text = lines.join("\n");
  return { ...zone, text, lines, words: wordsOf(text), squashed: squash(text) };
}

// ICAO 9303-3 §6 (transliteration of Latin characters with marks) for the letters that become two; the others
// lose their mark (stripMarks)
const TWO_LETTERS: Record<string, string> = {
  Ä: "AE",
  Æ: "AE",
  Å: "AA",
  Ö: "OE",
  Ø: "OE",
  Œ: "OE",
  Ü: "UE",
  ß: "SS",
  Þ: "TH",
  Ĳ: "IJ",
};
const stripMarks = (t: string) =>
  t
    .normalize("NFD")
    .replace(/\p{M}/gu, "")
    .replace(/Ø/g, "O")
    .replace(/Æ/g, "AE")
    .replace(/Œ/g, "OE")
    .replace(/ß/g, "SS");
const transliterate = (t: string) => stripMarks(t.replace(/[ÄÆÅÖØŒÜßÞĲ]/g, (c) => TWO_LETTERS[c] ?? c));

// …and the other way: the page OCR (tesseract's English model) reads a printed letter without its mark (MÜLLER as
// MULLER, ÅSA as ASA, GÖRAN as GORAN: measured on rendered names), so an MRZ token's two-letter transliteration may
// stand for one printed letter; ICAO's older forms AXX, OXX, UXX (Ä, Ö, Ü) and NXX (Ñ) likewise
const ONE_LETTER: readonly [string, string][] = [
  ["AXX", "A"],
  ["OXX", "O"],
  ["UXX", "U"],
  ["NXX", "N"],
  ["AE", "A"],
  ["AA", "A"],
  ["OE", "O"],
  ["UE", "U"],
];
const MAX_FORMS = 64;

/**
 * The spellings an MRZ name token may have on the page as the page OCR reads it: the token itself, and with each of
 * its ICAO two-letter transliterations (or older XX forms) written as the one letter it stands for, in every
 * combination (HAEMAELAEINEN: HAMALAINEN, HAEMALAINEN …; at most MAX_FORMS).
 */
export function printedForms(token: string): string[] {
  const forms = new Set<string>();
  const walk = (at: number, built: string) => {
    if (forms.size >= MAX_FORMS) return;
    if (at >= token.length) {
      forms.add(built);
      return;
    }
    walk(at + 1, built + token[at]);
    for (const [written, letter] of ONE_LETTER)
      if (token.startsWith(written, at)) walk(at + written.length, built + letter);
  };
  walk(0, "");
  return [token, ...[...forms].filter((f) => f !== token)];
}

function iso(year: number, month: number, day: number): string | null {
  if (month < 1 || month > 12 || day < 1 || day > 31 || year < 1900 || year > 2100) return null;
  return `${year}-${String(month).padStart(2, "0")}-${String(day).padStart(2, "0")}`;
}

export type DateOrder = "DMY" | "MDY";

/** The text upper-cased without marks (DÉC as DEC), with OCR's O for 0 next to a digit read as 0. */
const ocrDigits = (text: string) => stripMarks(text.toUpperCase()).replace(/(?<=\d)O|O(?=\d)/g, "0");

/**
 * [day, month, year] of each date printed with a month name (10 MAR 1965, 12 AUG/AOUT 74, 15 JUIN/JUN 1985, 3 DIC
 * 2030: month-names.ts), the first name that is a month counting; `year`: its pattern.
 */
function monthNameDates(t: string, year: string): [number, number, string][] {
  const pattern = new RegExp(`\\b(\\d{1,2})\\s*(\\p{L}{3,10})\\s*(?:\\/\\s*(\\p{L}{3,10})\\s*)?(${year})\\b`, "gu");
  return [...t.matchAll(pattern)].flatMap((m) => {
    const month = monthOf(m[2]!) ?? (m[3] ? monthOf(m[3]) : null);
    return month ? [[Number(m[1]), month, m[4]!] as [number, number, string]] : [];
  });
}

/** [month, day] of a numeric date's first two numbers, in the order the document prints them. */
const monthDay = (first: string, second: string, order: DateOrder): [number, number] =>
  order === "MDY" ? [Number(first), Number(second)] : [Number(second), Number(first)];

/**
 * Dates printed as 10 MAR 1965, 10.03.1965, 10/03/1965, 10-03-1965 or 1965-03-10 (with OCR's O for 0); with
 * `MDY`, numeric dates are month first (03/10/1965, as US cards print them).
 */
export function printedDates(text: string, order: DateOrder = "DMY"): Set<string> {
  const t = ocrDigits(text);
  const out = new Set<string>();
  const add = (year: string, [month, day]: [number, number]) => {
    const d = iso(Number(year), month, day);
    if (d) out.add(d);
  };
  for (const [day, month, year] of monthNameDates(t, "\\d{4}")) add(year, [month, day]);
  for (const m of t.matchAll(/\b(\d{1,2})\s*[./-]\s*(\d{1,2})\s*[./-]\s*(\d{4})\b/g))
    add(m[3]!, monthDay(m[1]!, m[2]!, order));
  // year first: ISO 8601, and Canadian cards (1980/02/15)
  for (const m of t.matchAll(/\b(\d{4})\s*([-/.])\s*(\d{2})\s*\2\s*(\d{2})\b/g))
    add(m[1]!, [Number(m[3]), Number(m[4])]);
  return out;
}

/**
 * Dates that can only confirm, as `YY-MM-DD`: printed with a two-digit year (`12 AUG/AOUT 74`, as ICAO 9303's own
 * specimens and the passports laid out like them print it; `14-01-14`, day first, or month first with `MDY`), or with
 * spaces alone between its numbers (a Lithuanian passport's `23 11 1959`; numbers parted by spaces may be anything
 * else too). An MRZ date has no century either, so such a date can confirm an MRZ date (printsDate), and is never taken
 * for another date of birth.
 */
export function printedConfirmingDates(text: string, order: DateOrder = "DMY"): Set<string> {
  const t = ocrDigits(text);
  const out = new Set<string>();
  const add = (year: string, [month, day]: [number, number]) => {
    const d = iso(2000 + Number(year.slice(-2)), month, day); // any year of the century: only month and day are judged
    if (d) out.add(d.slice(2));
  };
  for (const [day, month, year] of monthNameDates(t, "\\d{2}")) add(year, [month, day]);
  for (const m of t.matchAll(/\b(\d{1,2})\s*([./-])\s*(\d{1,2})\s*\2\s*(\d{2})\b/g))
    add(m[4]!, monthDay(m[1]!, m[3]!, order));
  for (const m of t.matchAll(/\b(\d{1,2}) +(\d{1,2}) +(\d{2}|\d{4})\b/g)) add(m[3]!, monthDay(m[1]!, m[2]!, order));
  return out;
}

/** Is this date (YYYY-MM-DD, as the MRZ is read) printed on the page, in full or as a date that can only confirm? */
export function printsDate(zone: PrintedZone, date: string): boolean {
  return zone.dates.has(date) || zone.confirmingDates.has(date.slice(2));
}

export function levenshtein(a: string, b: string): number {
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    for (let j = 1; j <= b.length; j++)
      row[j] = Math.min(prev[j]! + 1, row[j - 1]! + 1, prev[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
    prev = row;
  }
  return prev[b.length]!;
}

/** A word printed on the page: exactly, or with one wrong character when it has 5 or more. */
export function hasWord(zone: PrintedZone, word: string): boolean {
  if (zone.words.has(word)) return true;
  if (word.length < 5) return false;
  for (const w of zone.words) if (Math.abs(w.length - word.length) <= 1 && levenshtein(w, word) <= 1) return true;
  return false;
}

/** The smallest edit distance from `word` to a printed word (Infinity when nothing is printed). */
export function nearestWordDistance(zone: PrintedZone, word: string, pool: Iterable<string> = zone.words): number {
  let best = Infinity;
  for (const w of pool) if (Math.abs(w.length - word.length) < best) best = Math.min(best, levenshtein(w, word));
  return best;
}

/** The unique printed word at one edit from `token` (for snapping an MRZ name the OCR got one letter wrong). */
export function nearWord(zone: PrintedZone, token: string): string | null {
  if (token.length < 4) return null;
  const near = [...zone.words].filter(
    (w) => w.length === token.length && levenshtein(w, token) === 1 && /^[A-Z]+$/.test(w),
  );
  return near.length === 1 ? near[0]! : null;
}

// Printed sans-serif O/0, I/1, S/5, B/8, Z/2, G/6 are near-identical to OCR: a number compares with them folded.
const FOLD: Record<string, string> = { O: "0", Q: "0", D: "0", I: "1", L: "1", S: "5", B: "8", Z: "2", G: "6" };
const fold = (s: string) => s.replace(/[OQDILSBZG]/g, (c) => FOLD[c]!);

/** An alphanumeric value (a document number) printed on the page, ignoring spaces, punctuation and look-alikes. */
export function hasValue(zone: PrintedZone, value: string, exact = false): boolean {
  if (value.length === 0) return false;
  return exact ? zone.squashed.includes(squash(value)) : fold(zone.squashed).includes(fold(squash(value)));
}

/**
 * Eight digits that read as a calendar date (DDMMYYYY, MMDDYYYY or YYYYMMDD): a printed date whose separators OCR
 * lost (a Lithuanian passport's expiry `01 01 2013` read as `01012013`), not a document number.
 */
function runTogetherDate(token: string): boolean {
  if (!/^\d{8}$/.test(token)) return false;
  const n = (from: number, to: number) => Number(token.slice(from, to));
  return !!(iso(n(4, 8), n(2, 4), n(0, 2)) ?? iso(n(4, 8), n(0, 2), n(2, 4)) ?? iso(n(0, 4), n(4, 6), n(6, 8)));
}

/**
 * How a value of the MRZ compares with the printed alphanumeric tokens (a document number): "confirmed" when printed
 * (look-alikes folded), "differs" when a confidently read token of its length with as many digits differs from it in
 * 2 or more places and no token comes within 1 (OCR noise); "unconfirmed" otherwise. A token that reads as a date
 * whose separators were lost (runTogetherDate) is no rival.
 */
export function compareNumber(zone: PrintedZone, value: string): "confirmed" | "unconfirmed" | "differs" {
  if (hasValue(zone, value)) return "confirmed";
  const v = fold(squash(value));
  const tokens = [...zone.words].filter((w) => w.length >= 6 && /\d/.test(w));
  if (tokens.some((w) => levenshtein(fold(w), v) <= 1)) return "unconfirmed";
  const digits = (s: string) => s.replace(/\D/g, "").length;
  const rival = [...zone.confident].filter(
    (w) =>
      w.length === v.length &&
      Math.abs(digits(fold(w)) - digits(v)) <= 1 &&
      levenshtein(fold(w), v) >= 2 &&
      !runTogetherDate(fold(w)),
  );
  return rival.length ? "differs" : "unconfirmed";
}

/**
 * How near a value (a document number) comes to a printed token of about its length: the fewest edits, look-alikes
 * folded, to one of `words` with a digit; Infinity when none is within 2 characters of its length.
 */
function nearestNumberDistance(words: Iterable<string>, value: string): number {
  const v = fold(squash(value));
  let best = Infinity;
  for (const w of words)
    if (/\d/.test(w) && Math.abs(w.length - v.length) <= 2) best = Math.min(best, levenshtein(fold(w), v));
  return best;
}

/**
 * A number the check digits cannot tell from `value` (`keeps` says which) and the page prints more nearly: `value`
 * with one or two characters taken from a printed token of its length where the two differ, within one edit of that
 * token (look-alikes folded) and nearer it than `value` is. Null when there is none.
 */
export function printedRival(zone: PrintedZone, value: string, keeps: (candidate: string) => boolean): string | null {
  const v = squash(value);
  // among the printed fields only, not the page OCR's copy of the MRZ
  const { words } = printedFieldsOnly(zone);
  const near = nearestNumberDistance(words, v);
  for (const w of words) {
    if (w.length !== v.length || !/\d/.test(w)) continue;
    const at = [...v].flatMap((c, i) => (c === w[i] ? [] : [i]));
    for (const [k, i] of at.entries())
      for (const take of [[i], ...at.slice(k + 1).map((j) => [i, j])]) {
        const candidate = [...v].map((c, n) => (take.includes(n) ? w[n]! : c)).join("");
        const d = levenshtein(fold(w), fold(candidate));
        if (d <= 1 && d < near && keeps(candidate)) return candidate;
      }
  }
  return null;
}

const LABELS = "ADDRESS|ADRESSE|ADRES|ANSCHRIFT|DOMICILIO|INDIRIZZO|DOMICILE|ADRESA|ADRESS|OSOITE|MORADA|RESIDENCE";
const ADDRESS_LABEL = new RegExp(`\\b(${LABELS})\\b`);
const ANY_LABEL = new RegExp(`\\b(${LABELS})\\b`, "g");

/**
 * The printed address, when a line is labelled with one of the common words for it: the rest of that line after
 * the label, else the next line. Null when the page has no such label (most passports print no address).
 */
export function printedAddress(zone: PrintedZone): string | null {
  for (let i = 0; i < zone.lines.length; i++) {
    const line = zone.lines[i]!;
    const label = ADDRESS_LABEL.exec(line);
    if (!label) continue;
    const rest = line
      .slice(label.index)
      .replace(ANY_LABEL, "")
      .replace(/^[\s/:]+/, "")
      .trim();
    const value = rest.length >= 6 ? rest : (zone.lines[i + 1] ?? "").trim();
    if (value.length >= 6 && /\d/.test(value)) return value.replace(/\s+/g, " ");
  }
  return null;
}
