import type { MrzFormat } from "./icao";
import { isProse, printedForms, type PrintedZone } from "@/lib/engines/documents/ocr/printed-zone";

// Check digits do not cover names, so the MRZ name is compared with the printed one (the visual inspection zone,
// read by the page OCR) word by word, character by character:
//  - the same word printed                                → the readings agree
//  - a printed word of the same length that differs only in look-alike letters (W/N, M/H, O/0 …) at ≤ 1 place
//    (≤ 2 in words of 6 letters or more)                  → agree; when the printed word was read confidently, has
//    letters there and the word has 4 letters or more, the MRZ takes them (its OCR-B glyphs blurred into another
//    letter; the printed name is larger and in another face, so the two rarely misread the same way); read without
//    confidence, or a shorter word, it is taken where the MRZ's own glyph looks more like the printed letters
//    (byGlyph)
//  - a printed word one doubled letter longer or shorter  → agree (OCR merges or splits doubled letters); when the
//    printed word is the longer one, read confidently, and the field has a filler to spare, the MRZ takes it
//  - the one confidently printed word that is the token with any one letter more (a narrow I or L merged into its
//    neighbour)                                           → the MRZ takes it, when the field has a filler to spare;
//    the one such word read without confidence (words of 4+ letters) → DIFFER
//  - the name's first word with one letter more before it than a printed word (a speck at the band's edge read as a
//    letter)                                              → the MRZ takes it when it was read confidently, else DIFFER
//  - a confidently printed word of the same length that differs in a letter that is no look-alike, or no printed
//    word near the token while other words of the name were found on a legible page → the readings DIFFER
//  - otherwise                                            → unread: no judgement (FIELD_CONSISTENCY's own rule)
// ICAO 9303-3 §4.6 writes hyphens, spaces and apostrophes of names as '<' or drops them (O'NEIL → ONEIL), so a
// token may be two printed words joined.

/** Pairs of capitals (and digits) that OCR of a blurred or small print confuses. */
export const NAME_LOOK_ALIKES: readonly (readonly [string, string])[] = [
  ["W", "N"],
  ["M", "N"],
  ["M", "H"],
  ["H", "N"],
  ["W", "M"],
  ["W", "H"],
  ["W", "V"],
  ["V", "U"],
  ["V", "Y"],
  ["O", "0"],
  ["O", "D"],
  ["O", "Q"],
  ["O", "C"],
  ["C", "G"],
  ["G", "6"],
  ["D", "0"],
  ["Q", "0"],
  ["I", "1"],
  ["I", "L"],
  ["L", "1"],
  ["I", "J"],
  ["T", "I"],
  ["S", "5"],
  ["B", "8"],
  ["B", "E"],
  ["E", "F"],
  ["P", "R"],
  ["R", "K"],
  ["K", "X"],
  ["Z", "2"],
  ["A", "4"],
];
/** The shortest name word a confidently printed look-alike replaces without its glyph's say (byGlyph). */
const MIN_TAKEN_BY_PAGE = 4;
const LOOK_ALIKE = new Set(NAME_LOOK_ALIKES.flatMap(([a, b]) => [a + b, b + a]));
export const isLookAlike = (a: string, b: string) => LOOK_ALIKE.has(a + b);

export type TokenMatch = {
  mrz: string;
  printed: string | null;
  state: "same" | "repaired" | "look-alike" | "doubled" | "differs" | "unread";
  /** the token the MRZ is to hold (the printed letters where state is "repaired") */
  result: string;
  /** repaired from a word printed without confidence because the MRZ's own glyphs look more like its letters */
  byGlyph?: true;
};
export type NameCheck = {
  /** the name as the MRZ reads it: "SURNAME, GIVEN NAMES" */
  mrz: string;
  /** the printed name as matched to the MRZ's words ("?" where a word was not found on the page); null when none was */
  printed: string | null;
  /** the MRZ name after look-alike repairs, null when nothing was repaired */
  repaired: string | null;
  /** false: a printed word differs from the MRZ; null: the printed name was not read at all */
  agree: boolean | null;
  repairs: string[];
  tokens: TokenMatch[];
};

type Word = { text: string; confident: boolean };

/** Printed words that can be a name token: each word, and each two neighbours on a line joined (O'NEIL, SMITH-JONES). */
function candidates(zone: PrintedZone): Word[] {
  const out = new Map<string, boolean>();
  const add = (text: string, confident: boolean) => text && out.set(text, (out.get(text) ?? false) || confident);
  for (const line of zone.lines) {
    if (/[<«‹]/.test(line)) continue; // the MRZ's own text, misread by the page OCR: not the printed name
    if (isProse(line)) continue; // a sentence printed on the page (a card's notice): not the printed name
    const words = line.split(/[^A-Z0-9]+/).filter(Boolean);
    words.forEach((w, i) => {
      add(w, zone.confident.has(w));
      const next = words[i + 1];
      if (next) add(w + next, zone.confident.has(w) && zone.confident.has(next));
    });
  }
  return [...out].map(([text, confident]) => ({ text, confident }));
}

function differences(a: string, b: string): number[] {
  const at: number[] = [];
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) at.push(i);
  return at;
}

/** `long` is `short` with one letter of a doubled pair repeated (HAMMOND / HAMOND). */
function isDoubling(short: string, long: string): boolean {
  if (long.length !== short.length + 1) return false;
  for (let i = 1; i < long.length; i++)
    if (long[i] === long[i - 1] && long.slice(0, i) + long.slice(i + 1) === short) return true;
  return false;
}

function matchToken(
  token: string,
  words: Word[],
  options: { truncated: boolean; nameBlockRead: boolean; first: boolean },
): TokenMatch {
  const unread: TokenMatch = { mrz: token, printed: null, state: "unread", result: token };
  if (words.some((w) => w.text === token || (options.truncated && w.text.startsWith(token))))
    return { mrz: token, printed: token, state: "same", result: token };
  // a national letter the MRZ writes with two (MUELLER), printed with its mark and read without it (MULLER)
  const forms = printedForms(token);
  const national = words.find((w) => forms.includes(w.text));
  if (national) return { mrz: token, printed: national.text, state: "same", result: token };
  if (token.length < 3) return dropped(token, words) ?? unread;
  const cut = (w: Word) => (options.truncated ? { ...w, text: w.text.slice(0, token.length) } : w);
  const sameLength = words.map(cut).filter((w) => w.text.length === token.length);
  const limit = token.length >= 6 ? 2 : 1;
  const alike = sameLength.filter((w) => {
    const at = differences(token, w.text);
    return at.length <= limit && at.every((i) => isLookAlike(token[i]!, w.text[i]!));
  });
  const distinct = [...new Set(alike.map((w) => w.text))];
  if (distinct.length === 1) {
    const printed = distinct[0]!;
    const confident = alike.some((w) => w.confident);
    const letters = differences(token, printed).every((i) => /[A-Z]/.test(printed[i]!));
    // a word of three letters one look-alike away is on most pages by chance (ALT beside the name ALI on a German
    // residence permit at 1.15×, docs/accuracy.md): there only the MRZ's own glyph may take it (byGlyph)
    if (confident && letters && token.length >= MIN_TAKEN_BY_PAGE)
      return { mrz: token, printed, state: "repaired", result: printed };
    return { mrz: token, printed, state: "look-alike", result: token };
  }
  if (distinct.length > 1) return { mrz: token, printed: distinct.join("|"), state: "look-alike", result: token };
  if (token.length >= 4) {
    const doubled = words.find((w) => isDoubling(token, w.text) || isDoubling(w.text, token));
    // OCR merges a doubled letter far more often than it invents one: only a longer printed word is taken
    if (doubled?.confident && doubled.text.length > token.length)
      return { mrz: token, printed: doubled.text, state: "repaired", result: doubled.text };
    if (doubled) return { mrz: token, printed: doubled.text, state: "doubled", result: token };
  }
  const restored = dropped(token, words);
  if (restored) return restored;
  if (token.length >= 5) {
    // a speck at the edge of the band read as a letter before the name (measured: DUBOIS read XDUBOIS on a
    // photographed screen): the printed word without it, read confidently, is taken; otherwise both go to review.
    // Only before the first word of the line: a printed word read one letter short (NWOSU as NWOS, the page OCR
    // cuts words too) must not shorten the MRZ's (measured on the hard hold-out set)
    const edge = options.first
      ? words.filter((w) => w.text.length === token.length - 1 && /^[A-Z]+$/.test(w.text) && token.slice(1) === w.text)
      : [];
    const sure = edge.find((w) => w.confident);
    if (sure) return { mrz: token, printed: sure.text, state: "repaired", result: sure.text };
    if (edge[0]) return { mrz: token, printed: edge[0].text, state: "differs", result: token };
    const rival = sameLength.find(
      (w) => w.confident && /^[A-Z]+$/.test(w.text) && differences(token, w.text).length <= 2,
    );
    if (rival) return { mrz: token, printed: rival.text, state: "differs", result: token };
  }
  if (
    options.nameBlockRead &&
    token.length >= 4 &&
    !words.some((w) => forms.some((f) => Math.abs(w.text.length - f.length) <= 2 && withinTwo(f, w.text)))
  ) {
    return { mrz: token, printed: null, state: "differs", result: token };
  }
  return unread;
}

/** `long` is `short` with one letter more, anywhere (LIN / LN, LIN / IN). */
function oneInserted(short: string, long: string): boolean {
  if (long.length !== short.length + 1) return false;
  for (let i = 0; i < long.length; i++) if (long.slice(0, i) + long.slice(i + 1) === short) return true;
  return false;
}

/**
 * A letter the MRZ reading dropped (PaddleOCR merges a narrow I or L into its neighbour: LIN read LN and IN on two
 * Taiwanese passports, PassportEye's development images): the one confidently printed word of letters that is the
 * token with one letter more is taken, as a longer doubled letter is (the field must have a filler to spare:
 * crossCheckName). Only a longer printed word, never a shorter one: the page OCR cuts words too.
 */
function dropped(token: string, words: Word[]): TokenMatch | null {
  if (token.length < 2) return null;
  const longer = words.filter((w) => /^[A-Z]+$/.test(w.text) && oneInserted(token, w.text));
  const sure = new Set(longer.filter((w) => w.confident).map((w) => w.text));
  if (sure.size === 1) return { mrz: token, printed: [...sure][0]!, state: "repaired", result: [...sure][0]! };
  // printed so, but not read confidently (nor two confident words alike): the readings differ by a letter, and
  // neither can be taken — a reviewer looks (a generated photo's WANJIRU read ANJIRU was APPROVED under that name)
  const unsure = new Set(longer.map((w) => w.text));
  if (sure.size === 0 && unsure.size === 1 && token.length >= 4)
    return { mrz: token, printed: [...unsure][0]!, state: "differs", result: token };
  return null;
}

function withinTwo(a: string, b: string): boolean {
  // edit distance ≤ 2 (small strings: a plain DP)
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    for (let j = 1; j <= b.length; j++)
      row[j] = Math.min(prev[j]! + 1, row[j - 1]! + 1, prev[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
    prev = row;
  }
  return prev[b.length]! <= 2;
}

/** The name field of an ICAO MRZ: where it starts in which line, and how long it is. */
export function nameFieldOf(
  format: MrzFormat,
  lines: readonly string[],
): { line: number; start: number; value: string } | null {
  if (format === "TD3" || format === "TD2") return lines[0] ? { line: 0, start: 5, value: lines[0].slice(5) } : null;
  if (format === "TD1") return lines[2] ? { line: 2, start: 0, value: lines[2] } : null;
  return null;
}

/**
 * The words a zone's name fields end in where the name fills a field to its last character: ICAO 9303 cuts a longer
 * name there, so the word may open a longer one (GUAD for GUADALUPE; screening, cut-word.ts). One field in the ICAO
 * layouts; the old French 2×36 card has two, the surname's (25 characters) and the given names' (14, so often cut).
 * None where a field ends in fillers or in one letter (an initial, compared as one).
 */
export function cutNameWords(format: string, lines: readonly string[]): string[] {
  const fields =
    format === "TD1" || format === "TD2" || format === "TD3"
      ? [nameFieldOf(format, lines)?.value]
      : format === "FRENCH_NATIONAL_ID"
        ? [lines[0]?.slice(5, 30), lines[1]?.slice(13, 27)]
        : [];
  return fields.flatMap((value) => {
    if (!value || !/[A-Z]$/.test(value)) return [];
    const word = value.split("<").filter(Boolean).pop() ?? "";
    return /^[A-Z]{2,}$/.test(word) ? [word] : [];
  });
}

/**
 * A name word found nowhere on the page (unread, or differing with nothing printed to compare), or printed with a
 * doubled letter merged (LIIS read LIS: FIELD_CONSISTENCY confirms a short word only exactly): the page read again
 * enlarged may have it (examine-document.ts). Measured: an Estonian passport's MARI-LIIS, whose surname MÄNNIK kept the
 * re-reading going until it was compared in its printed form, 2026-12-07.
 */
export function wantsPageAgain(check: NameCheck): boolean {
  return check.tokens.some(
    (t) =>
      t.state === "unread" ||
      (t.state === "differs" && t.printed === null) ||
      (t.state === "doubled" && (t.printed?.length ?? 0) < t.mrz.length),
  );
}

/**
 * Compares the MRZ name field (e.g. "OKAFOR<NNOSU<<ADAEZE<<<…") with the printed zone. `legible`: the page OCR read
 * the page well enough that a name word it did not find anywhere counts as different, not unread.
 */
export function crossCheckName(
  nameField: string,
  zone: PrintedZone,
  legible: boolean,
  glyphs?: FieldGlyphs,
): NameCheck {
  const truncated = !nameField.endsWith("<");
  const [surnamePart = "", ...rest] = nameField.split("<<");
  const givenPart = rest.join("<<");
  const split = (s: string) => s.split("<").filter(Boolean);
  const surname = split(surnamePart);
  const given = split(givenPart);
  const words = candidates(zone);
  const all = [...surname, ...given];
  const lastIndex = all.length - 1;
  const exact = all.some((t) => t.length >= 3 && words.some((w) => printedForms(t).includes(w.text)));
  const tokens = all.map((t, i) =>
    matchToken(t, words, { truncated: truncated && i === lastIndex, nameBlockRead: legible && exact, first: i === 0 }),
  );
  if (glyphs) byGlyph(nameField, tokens, glyphs);
  // a repair that changes the length (a doubled letter) must fit the fixed-width field: else it stays a reading
  if (rewrite(nameField, tokens) === null) {
    for (const m of tokens)
      if (m.state === "repaired" && m.result.length !== m.mrz.length)
        Object.assign(m, { state: "doubled", result: m.mrz });
  }
  const join = (list: TokenMatch[], key: "mrz" | "printed" | "result") => {
    const pick = (m: TokenMatch) => (key === "printed" ? (m.printed ?? "?") : m[key]);
    return `${list.slice(0, surname.length).map(pick).join(" ")}, ${list.slice(surname.length).map(pick).join(" ")}`;
  };
  const repaired = tokens.filter((m) => m.state === "repaired");
  const read = tokens.filter((m) => m.state !== "unread");
  return {
    mrz: join(tokens, "mrz"),
    printed: read.length ? join(tokens, "printed") : null,
    repaired: repaired.length ? join(tokens, "result") : null,
    agree: tokens.some((m) => m.state === "differs") ? false : read.length ? true : null,
    repairs: repaired.map((m) => `name ${m.mrz} → ${m.printed} (printed name; ${why(m)})`),
    tokens,
  };
}

const why = (m: TokenMatch) =>
  m.byGlyph
    ? "look-alike letters; the MRZ's glyph looks more like the printed letter"
    : m.result.length === m.mrz.length
      ? "look-alike letters"
      : m.result.length < m.mrz.length
        ? "a stray letter at the band's edge"
        : isDoubling(m.mrz, m.result)
          ? "a doubled letter"
          : "a letter the reading dropped";

/** The OCR-B glyph scores (letter → correlation) at an offset of the MRZ's name field, null where none was cut out. */
export type FieldGlyphs = (offset: number) => ReadonlyMap<string, number> | null;

/**
 * A word printed without confidence (or of fewer than MIN_TAKEN_BY_PAGE letters) that differs from the MRZ's token
 * only in look-alike letters ("look-alike": both readings stand, unjudged) is taken where the MRZ's own glyph at
 * every differing letter correlates better with the printed letter than with the one read: two weak readings that
 * agree against one (a 319-px Swedish card's `SPECIHEN`, its glyph 0.50–0.52 M against 0.37–0.42 H, printed
 * `SPECIMEN` unsure). In place on `tokens`.
 */
function byGlyph(nameField: string, tokens: TokenMatch[], glyphs: FieldGlyphs): void {
  const offsets = [...nameField.matchAll(/[A-Z0-9]+/g)].map((m) => m.index);
  tokens.forEach((m, k) => {
    const printed = m.printed;
    if (m.state !== "look-alike" || !printed || printed.includes("|") || printed.length !== m.mrz.length) return;
    const at = differences(m.mrz, printed);
    const prefers = at.every((i) => {
      const scores = glyphs(offsets[k]! + i);
      return !!scores && /[A-Z]/.test(printed[i]!) && (scores.get(printed[i]!) ?? 0) > (scores.get(m.mrz[i]!) ?? 0);
    });
    if (at.length > 0 && prefers) Object.assign(m, { state: "repaired", result: printed, byGlyph: true });
  });
}

/** The name field with each token replaced by its result, fillers added or taken at the end; null when it cannot fit. */
function rewrite(nameField: string, tokens: TokenMatch[]): string | null {
  let i = 0;
  const next = nameField.replace(/[A-Z0-9]+/g, (token) => {
    const m = tokens[i++];
    return m && m.mrz === token ? m.result : token;
  });
  if (next.length <= nameField.length) return next.padEnd(nameField.length, "<");
  const extra = next.length - nameField.length;
  return next.endsWith("<".repeat(extra)) ? next.slice(0, nameField.length) : null;
}

/** The MRZ name field with the repaired tokens written in (the field keeps its length: fillers absorb a doubled letter). */
export function repairedNameField(nameField: string, check: NameCheck): string {
  return rewrite(nameField, check.tokens) ?? nameField;
}
