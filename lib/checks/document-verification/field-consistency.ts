import type { Check } from "@/lib/checks/types";
import type { Examination } from "@/lib/engines/documents/examine-document";
import type { NameCheck } from "@/lib/engines/documents/mrz/name-crosscheck";
import {
  compareNumber,
  hasWord,
  MIN_LEGIBLE_PAGE,
  nearestWordDistance,
  printedFieldsOnly,
  printedForms,
  printedRival,
  printsDate,
  withoutProse,
  type PrintedZone,
} from "@/lib/engines/documents/ocr/printed-zone";
import { checkDigit } from "@/lib/engines/documents/mrz/icao";
import { ocrLookAlikes } from "@/lib/engines/documents/mrz/mrz-states";
import { check } from "./rules";

// FIELD_CONSISTENCY: the machine-readable data (the MRZ, or the PDF417 barcode on the back of a licence) against the
// printed fields OCR read. A field printed otherwise than encoded is a suspected alteration (the detail starts with
// "Printed …", which decide() turns into an alteration signal); fields OCR could not read stay unconfirmed.

/** The fields the machine-readable source encodes, in the shape the printed ones are compared with. */
export type EncodedFields = {
  /** "the MRZ" or "the barcode": how the details name the source */
  source: string;
  surnameTokens: string[];
  givenTokens: string[];
  birth: string | null;
  expiry: string | null;
  documentNumber: string | null;
};

type Comparison = "confirmed" | "unconfirmed" | "differs";

/** Whole name tokens of at least 2 letters; a truncated name's last token may be cut, so it is left out. */
export function nameTokens(value: string | null | undefined, truncated: boolean): string[] {
  const tokens = (value ?? "").split(/[\s,]+/).filter((t) => t.length >= 2);
  return truncated ? tokens.slice(0, -1) : tokens;
}

/**
 * A name token: printed (≤ 1 edit); "differs" when no printed word comes within 2 edits although the page is legible
 * and another token of the name WAS found (the name block was read: one part of it was replaced); else unconfirmed.
 */
function compareName(zone: PrintedZone, token: string, nameBlockRead: boolean): Comparison {
  // each spelling the page may show of a national letter the MRZ writes with two (MUELLER printed MÜLLER, read MULLER)
  const forms = printedForms(token);
  if (forms.some((f) => hasWord(zone, f))) return "confirmed";
  const far = forms.every((f) => nearestWordDistance(zone, f) > 2);
  return nameBlockRead && token.length >= 4 && far ? "differs" : "unconfirmed";
}

/**
 * Where no date of birth stands: from ten years and a month before a document's expiry on. Its date of issue may stand
 * there (ten years: the longest validity of a passport; most documents print their date of issue beside the date of
 * birth and the expiry), and past the expiry only the expiry misread or another validity can: a Romanian card's
 * validity `17.10.03-09.05.2013` read as `…09.05.2018` turned upside down.
 */
function laterThanBirth(date: string, expiry: string | null): boolean {
  if (!expiry) return false;
  const [y, m, d] = expiry.split("-").map(Number) as [number, number, number];
  return date >= new Date(Date.UTC(y - 10, m - 1, d - 31)).toISOString().slice(0, 10);
}

/**
 * A date of birth: printed; "differs" when another printed date differs from it in 2 or more digits, other than a
 * date where no date of birth stands (laterThanBirth: a genuine page whose printed birth date OCR missed would
 * otherwise be called altered by its date of issue: three real specimens, docs/accuracy.md).
 */
function compareDate(zone: PrintedZone, date: string | null, expiry: string | null): Comparison {
  if (!date) return "unconfirmed";
  if (printsDate(zone, date)) return "confirmed";
  const rivals = [...zone.dates].filter((d) => !laterThanBirth(d, expiry)); // the expiry too
  if (rivals.some((d) => [...d].filter((c, i) => c !== date[i]).length <= 1)) return "unconfirmed";
  return rivals.length ? "differs" : "unconfirmed";
}

/** How FIELD_CONSISTENCY's detail starts when every compared field is printed as encoded (eval:documents counts it). */
export const EVERY_FIELD_PRINTED = "Name, date of birth and document number of";

export function fieldConsistency(exam: Examination, encoded: EncodedFields, names: NameCheck | null): Check {
  const zone = printedFieldsOnly(exam.zone);
  // the holder's name is looked for outside the page's sentences (a notice's VOID is no given name VOID)
  const nameZone = withoutProse(zone);
  const { source, surnameTokens, givenTokens, birth, expiry, documentNumber } = encoded;
  const nameBlockRead =
    exam.pageConfidence >= MIN_LEGIBLE_PAGE &&
    [...surnameTokens, ...givenTokens].some((t) => printedForms(t).some((f) => hasWord(nameZone, f)));
  const worst = (list: Comparison[]): Comparison =>
    list.includes("differs") ? "differs" : list.includes("unconfirmed") ? "unconfirmed" : "confirmed";
  const items: { field: string; state: Comparison }[] = [
    { field: "surname", state: worst(surnameTokens.map((t) => compareName(nameZone, t, nameBlockRead))) },
    { field: "given names", state: worst(givenTokens.map((t) => compareName(nameZone, t, nameBlockRead))) },
    { field: "date of birth", state: compareDate(zone, birth, expiry) },
    { field: "document number", state: documentNumber ? compareNumber(zone, documentNumber) : "unconfirmed" },
  ];
  const differs = items.filter((i) => i.state === "differs").map((i) => i.field);
  const unconfirmed = items.filter((i) => i.state === "unconfirmed").map((i) => i.field);
  // names carry no check digit: a printed name word that differs letter by letter (not by OCR look-alikes) is a
  // review; only a word replaced outright (or another field differing) counts as a suspected alteration ("Printed …")
  if (names?.agree === false) {
    const readings = `MRZ "${names.mrz}", printed "${names.printed ?? "not found"}"`;
    if (differs.length)
      return check(
        "FIELD_CONSISTENCY",
        "REVIEW",
        `Printed ${differs.join(" and ")} differ from ${source} (${readings}): the page may have been altered.`,
      );
    return check(
      "FIELD_CONSISTENCY",
      "REVIEW",
      `The MRZ name and the printed name differ in a letter that is no OCR look-alike (${readings}): OCR may have misread it, or the page was altered.`,
    );
  }
  if (differs.length)
    return check(
      "FIELD_CONSISTENCY",
      "REVIEW",
      `Printed ${differs.join(" and ")} differ from ${source}: the ${source === "the MRZ" ? "page" : "card"} may have been altered.`,
    );
  // "the check digits vouch for it" only where no other number keeps them: two look-alike swaps whose weights cancel
  // (N for W, S for 5) keep every digit, and a printed number read nearer the other reading names the doubt. Only
  // look-alikes: the page OCR's own misreads (5 for 6, E for 8) cancel in the digits as often, by chance
  const read = documentNumber?.replace(/</g, "") ?? "";
  const keeps = (c: string) =>
    checkDigit(c) === checkDigit(read) && [...c].every((ch, i) => ch === read[i] || ocrLookAlikes(ch, read[i]!));
  const rival =
    source === "the MRZ" && read && unconfirmed.includes("document number") ? printedRival(zone, read, keeps) : null;
  if (rival)
    return check(
      "FIELD_CONSISTENCY",
      "REVIEW",
      `The MRZ's check digits cannot tell its document number ${documentNumber} from ${rival}, which comes nearer the printed number: OCR may have misread either.`,
    );
  if (unconfirmed.length >= 2)
    return check(
      "FIELD_CONSISTENCY",
      "REVIEW",
      `The printed fields could not be read well enough to compare with ${source} (not confirmed: ${unconfirmed.join(", ")}).`,
    );
  const capital = source.charAt(0).toUpperCase() + source.slice(1);
  if (unconfirmed.length) {
    // names carry no check digit: say so rather than claim the digits vouch for them
    const vouch =
      source !== "the MRZ"
        ? "the barcode's error correction vouches for its own reading"
        : unconfirmed[0] === "surname" || unconfirmed[0] === "given names"
          ? "names carry no check digit, so the MRZ's reading of them stands unconfirmed"
          : "the MRZ check digits vouch for it";
    return check(
      "FIELD_CONSISTENCY",
      "PASSED",
      `${capital} agrees with the printed fields; the printed ${unconfirmed[0]} could not be read exactly (OCR): ${vouch}.`,
    );
  }
  return check(
    "FIELD_CONSISTENCY",
    "PASSED",
    source === "the MRZ"
      ? `${EVERY_FIELD_PRINTED} the MRZ are printed on the page.`
      : `${EVERY_FIELD_PRINTED} ${source} are printed on the front.`,
  );
}
