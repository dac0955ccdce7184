import { blindIndex } from "@/lib/core/crypto/field-crypto";
import type { KeyInput } from "@/lib/core/crypto/keyring";

// What the blind indexes of sealed columns index, and how each value is normalised first (docs/security.md,
// README "What is encrypted"). Each kind is its own HMAC domain, so equal text in two kinds never matches.
//   e-mail            exact, case-insensitive                      (metadata.email, the EMAIL input)
//   reference         exact, and by prefix of 3 to 64 characters  (metadata.reference: the one prefix index)
//   document number   exact, letters and digits only, any case     (the document step's document_number)
//   name words        each word exact, case and accents ignored    (the document step's full_name)
//   address inputs    COUNTRY, POSTAL_CODE (compacted), CITY       (address duplicate detection)

export const REFERENCE_PREFIX_MIN = 3;
export const REFERENCE_PREFIX_MAX = 64;
/** The inputs whose value gets a blind index (e-mail search, address duplicate detection). */
export const INDEXED_INPUTS = ["EMAIL", "COUNTRY", "POSTAL_CODE", "CITY"] as const;

export function compactPostalCode(code: string): string {
  return code.replace(/[^\p{L}\p{N}]/gu, "").toUpperCase();
}

export function normaliseEmail(email: string): string {
  return email.normalize("NFKC").trim().toLowerCase();
}

export function normaliseDocumentNumber(number: string): string {
  return number.replace(/[^\p{L}\p{N}]/gu, "").toUpperCase();
}

/** The words of a name: case folded, accents removed ("Zoltán  KOVÁCS-Nagy" → zoltan, kovacs, nagy). */
export function nameWords(name: string): string[] {
  const folded = name.normalize("NFKD").replace(/\p{M}/gu, "").toLowerCase();
  return [...new Set(folded.split(/[^\p{L}\p{N}]+/u).filter(Boolean))];
}

function normaliseInput(fieldName: string, value: string): string {
  switch (fieldName) {
    case "EMAIL":
      return normaliseEmail(value);
    case "COUNTRY":
      return value.trim().toUpperCase();
    case "POSTAL_CODE":
      return compactPostalCode(value);
    default:
      return value.trim().toLowerCase();
  }
}

export function emailIndex(key: KeyInput, email: string): string {
  return blindIndex(key, "email", normaliseEmail(email));
}

export function referenceIndex(key: KeyInput, reference: string): string {
  return blindIndex(key, "reference", reference);
}

export function referencePrefixIndex(key: KeyInput, prefix: string): string {
  return blindIndex(key, "reference-prefix", prefix);
}

/** The prefix indexes of one reference: every prefix of REFERENCE_PREFIX_MIN to REFERENCE_PREFIX_MAX characters. */
export function referencePrefixes(key: KeyInput, reference: string): string[] {
  const chars = [...reference];
  const out: string[] = [];
  for (let n = REFERENCE_PREFIX_MIN; n <= Math.min(chars.length, REFERENCE_PREFIX_MAX); n++)
    out.push(referencePrefixIndex(key, chars.slice(0, n).join("")));
  return out;
}

export function documentNumberIndex(key: KeyInput, number: string): string | null {
  const normalised = normaliseDocumentNumber(number);
  return normalised ? blindIndex(key, "document-number", normalised) : null;
}

export function nameWordIndexes(key: KeyInput, name: string): string[] {
  return nameWords(name).map((w) => blindIndex(key, "name-word", w));
}

/** The index of an input's value, for the inputs in INDEXED_INPUTS (null for others and for blank values). */
export function inputIndex(key: KeyInput, fieldName: string, value: string | null | undefined): string | null {
  if (!value || !(INDEXED_INPUTS as readonly string[]).includes(fieldName)) return null;
  const normalised = normaliseInput(fieldName, value);
  return normalised ? blindIndex(key, `input:${fieldName}`, normalised) : null;
}
