// When a wrong check digit is the document's own and not OCR's: ONE rule, used by the reader's early stop
// (read-mrz.ts stops trying variants once a reading is this certain) and by the CHECK_DIGITS check (decide.ts).
// One misread character breaks its field's digit AND the composite, so a field digit failing under a composite that
// holds means the characters were read as printed once MIN_AGREEMENT variants read the same MRZ; a composite
// failing alone needs MIN_AGREEMENT_COMPOSITE. A field digit failing together with the composite is never certain.

/** The check-digit fields of an ICAO 9303 MRZ (the `field` names of the mrz package's details). */
export const CHECK_DIGIT_FIELDS: ReadonlySet<string> = new Set([
  "documentNumberCheckDigit",
  "birthDateCheckDigit",
  "expirationDateCheckDigit",
  "personalNumberCheckDigit",
  "compositeCheckDigit",
]);

/** OCR variants that must read the same MRZ before a failing field check digit (composite holding) is certain. */
export const MIN_AGREEMENT = 2;
/** The same, when only the composite check digit fails. */
export const MIN_AGREEMENT_COMPOSITE = 3;

/**
 * How many identical readings make these failing check digits certain, or null when no number can: a field digit
 * failing with the composite (one misread character), or a failure that is not a check digit.
 */
export function agreementNeeded(failingFields: readonly (string | null | undefined)[]): number | null {
  if (!failingFields.length || !failingFields.every((f) => f && CHECK_DIGIT_FIELDS.has(f))) return null;
  const compositeFails = failingFields.includes("compositeCheckDigit");
  const fieldFails = failingFields.some((f) => f !== "compositeCheckDigit");
  if (compositeFails && fieldFails) return null;
  return compositeFails ? MIN_AGREEMENT_COMPOSITE : MIN_AGREEMENT;
}
