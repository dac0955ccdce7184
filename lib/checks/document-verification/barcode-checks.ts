import { automationOf } from "@/lib/shared/document-automation";
import { DOCUMENT_TYPE_NAMES, type DocumentTypeName } from "@/lib/shared/document-type-names";
import type { Check } from "@/lib/checks/types";
import type { AamvaReading } from "@/lib/engines/documents/barcode/aamva";
import type { BarcodeEvidence, Examination } from "@/lib/engines/documents/examine-document";
import { nameTokens, type EncodedFields } from "./field-consistency";
import { check, notAllowedBy, type Declared, type Policy } from "./rules";

// The rules of a card read from its PDF417 barcode (the AAMVA DL/ID standard of US and Canadian licences and
// identity cards). The barcode carries no check digits, but PDF417's Reed–Solomon error correction means a decoded
// barcode is the one printed (or none is read at all): its dates are certain readings, as an MRZ's are when every
// check digit holds.

const KIND = { DL: "driving licence", ID: "identity card" } as const;
const aKind = (type: "DL" | "ID") => `${type === "ID" ? "an" : "a"} ${KIND[type]}`;

/** The declared types an AAMVA subfile can be: a DL subfile is a driving licence, an ID subfile an identity card. */
export function typesOfBarcode(reading: AamvaReading): string[] {
  return reading.documentType === "DL" ? ["DRIVERS_LICENSE"] : ["NATIONAL_ID"];
}

export function countryOfBarcode(reading: AamvaReading): string | null {
  return reading.country ?? reading.jurisdiction?.country ?? null;
}

export function barcodeReadCheck(barcode: BarcodeEvidence): Check {
  const r = barcode.reading;
  const issuer = !r.jurisdiction
    ? `an unknown issuer (IIN ${r.iin})`
    : r.jurisdictionFrom === "STATE"
      ? `${r.jurisdiction.name} (named by its state element; IIN ${r.iin} unlisted)`
      : `${r.jurisdiction.name} (IIN ${r.iin})`;
  const warnings = r.warnings.length ? `; read despite: ${r.warnings.join("; ")}` : "";
  return check(
    "BARCODE_READ",
    "PASSED",
    `PDF417 barcode read on the ${barcode.side.toLowerCase()} side: AAMVA version ${r.version}, ${aKind(r.documentType)} of ${issuer}${warnings}.`,
  );
}

/**
 * When neither an MRZ nor a barcode was read: what was expected and why nothing can be verified. Always REVIEW: an
 * unreadable back is a person's call, never a decline.
 */
export function unreadableCheck(exam: Examination, declared: Declared): Check {
  if (exam.barcodeError)
    return check(
      "BARCODE_READ",
      "REVIEW",
      `A PDF417 barcode was read, but it holds no AAMVA licence or ID data (${exam.barcodeError}): the fields cannot be verified automatically.`,
    );
  const type = DOCUMENT_TYPE_NAMES.includes(declared.type as DocumentTypeName)
    ? (declared.type as DocumentTypeName)
    : null;
  const expected = type && declared.country ? automationOf(type, declared.country) : null;
  if (expected === "PDF417")
    return check(
      "BARCODE_READ",
      "REVIEW",
      exam.backSubmitted === false
        ? "The back of the card was not submitted: its PDF417 barcode carries the data to verify, so a person must look at it."
        : "No PDF417 barcode could be read on the back of the card (blurred, glare, cut off or covered?): the fields cannot be verified automatically.",
    );
  const why = exam.mrzBudgetSpent
    ? "No machine-readable zone was read within the reading budget (the image gave text no reading made an MRZ of): a person must look at it."
    : expected === "REVIEW"
      ? `No machine-readable zone was found; a ${type} of ${declared.country} usually has none, so its fields cannot be verified automatically.`
      : "No machine-readable zone could be read (cropped, blurred or covered?): the fields cannot be verified automatically.";
  return check("MRZ_READ", "REVIEW", why);
}

export function barcodeTemplateMatching(
  barcode: BarcodeEvidence,
  declared: Declared,
  policy: Policy,
): { check: Check; summary: string } {
  const r = barcode.reading;
  const types = typesOfBarcode(r);
  const country = countryOfBarcode(r);
  const what = `an AAMVA ${KIND[r.documentType]} of ${r.jurisdiction?.name ?? `IIN ${r.iin}`}`;
  const notAllowed = notAllowedBy(policy, types, country);
  if (notAllowed.length)
    return {
      check: check("TEMPLATE_MATCHING", "FAILED", `The barcode encodes ${what}: ${notAllowed.join("; ")}.`),
      summary: "FAILED",
    };
  const problems: string[] = [];
  if (declared.type && !types.includes(declared.type))
    problems.push(`the barcode encodes ${aKind(r.documentType)}, not the declared ${declared.type}`);
  if (!r.jurisdiction) problems.push(`the issuer number ${r.iin} is not an AAMVA jurisdiction`);
  // the card's fields are read, but nothing vouches for an issuer that only names itself: a person looks
  else if (r.jurisdictionFrom === "STATE")
    problems.push(`the issuer number ${r.iin} is not an AAMVA jurisdiction's (the card names ${r.jurisdiction.name})`);
  else if (r.country && r.country !== r.jurisdiction.country)
    problems.push(`the barcode's country ${r.country} is not that of its issuer ${r.jurisdiction.name}`);
  if (!country) problems.push("the issuing country is not encoded");
  else if (declared.country && country !== declared.country.toUpperCase())
    problems.push(`issued in ${country}, not the declared ${declared.country}`);
  if (problems.length)
    return {
      check: check(
        "TEMPLATE_MATCHING",
        "REVIEW",
        `The barcode differs from the declared document: ${problems.join("; ")}.`,
      ),
      summary: "REVIEW_NEEDED",
    };
  return {
    check: check(
      "TEMPLATE_MATCHING",
      "PASSED",
      `The barcode encodes ${what} (${country}): consistent with a ${declared.type ?? types[0]} of ${country}.`,
    ),
    summary: "PASSED",
  };
}

/** The barcode's fields in the shape FIELD_CONSISTENCY compares with the printed front. */
export function barcodeEncoded(reading: AamvaReading): EncodedFields {
  const truncated = (designator: string) => reading.elements[designator]?.toUpperCase() === "T";
  const given = [reading.firstName, reading.middleName].filter(Boolean).join(" ");
  return {
    source: "the barcode",
    surnameTokens: nameTokens(reading.lastName, truncated("DDE")),
    givenTokens: nameTokens(given, truncated("DDF") || truncated("DDG")),
    birth: reading.dateOfBirth,
    expiry: reading.expiryDate,
    documentNumber: reading.documentNumber,
  };
}
