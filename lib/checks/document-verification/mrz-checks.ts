import type { Check } from "@/lib/checks/types";
import type { Examination } from "@/lib/engines/documents/examine-document";
import type { EncodedFields } from "./field-consistency";
import { nameTokens } from "./field-consistency";
import { alpha2OfMrzState, icaoNonState, isIcaoCode } from "@/lib/engines/documents/mrz/icao";
import { agreementNeeded, CHECK_DIGIT_FIELDS } from "@/lib/engines/documents/mrz/mrz-certainty";
import { isFrenchId } from "@/lib/engines/documents/mrz/mrz-lines";
import { hasValue, printedFieldsOnly, printsDate } from "@/lib/engines/documents/ocr/printed-zone";
import { check, notAllowedBy, type Declared, type Policy } from "./rules";

// The rules that only an MRZ has: its check digits and its layout (code, issuing state, position on the page).

/** The declared types an MRZ can be (ICAO 9303-4/-5/-6 document codes; residence permits are I/A/C cards, often "IR"/"AR"). */
export function typesOfMrz(format: string, code: string): string[] {
  if (format === "TD3" && code.startsWith("P")) return ["PASSPORT"];
  // MRV-A (TD3-sized) and MRV-B (TD2-sized) visas: document code V (ICAO 9303-7)
  if ((format === "TD3" || format === "TD2") && code.startsWith("V")) return ["VISA"];
  if ((format === "TD1" || format === "TD2") && /^[IAC]/.test(code))
    return code[1] === "R" ? ["RESIDENCE_PERMIT"] : ["NATIONAL_ID", "RESIDENCE_PERMIT"];
  if (format === "FRENCH_DRIVING_LICENSE" || format === "SWISS_DRIVING_LICENSE") return ["DRIVERS_LICENSE"];
  if (format === "FRENCH_NATIONAL_ID") return ["NATIONAL_ID"];
  return [];
}

export function checkDigits(exam: Examination, birth: string | null, expiry: string | null): Check {
  const { mrz } = exam;
  const details = mrz!.result.details;
  const failing = details.filter((d) => d.field && CHECK_DIGIT_FIELDS.has(d.field) && !d.valid);
  if (failing.length === 0) return check("CHECK_DIGITS", "PASSED", "Every check digit of the MRZ is valid.");
  const f = mrz!.result.fields;
  // a failing digit is the document's own when the field it protects is printed identically on the page (in a printed
  // field: the page OCR's copy of the MRZ would only repeat the reading)
  const zone = printedFieldsOnly(exam.zone);
  const printed = (field: string | null): boolean => {
    // exact, not across O/0-style look-alikes: a misread MRZ character must not count as confirmed
    if (field === "documentNumberCheckDigit")
      return Boolean(f.documentNumber && hasValue(zone, f.documentNumber, true));
    if (field === "birthDateCheckDigit") return Boolean(birth && printsDate(zone, birth));
    if (field === "expirationDateCheckDigit") return Boolean(expiry && printsDate(zone, expiry));
    return false;
  };
  const names = failing.map((d) => d.label).join(", ");
  const compositeFails = failing.some((d) => d.field === "compositeCheckDigit");
  const fields = failing.filter((d) => d.field !== "compositeCheckDigit");
  const agreement = mrz!.agreement;
  // Certain readings only. One misread character (in a field or in its check digit) breaks the field's digit AND the
  // composite, which covers both; so a failing field digit under a composite that holds means the characters were
  // read as printed (the composite vouches for them). A failing composite alone needs MIN_AGREEMENT_COMPOSITE
  // preprocessing variants reading the very same MRZ.
  const needed = agreementNeeded(failing.map((d) => d.field));
  let certain: string | null = null;
  if (needed !== null && !compositeFails && (agreement >= needed || fields.every((d) => printed(d.field)))) {
    certain =
      agreement >= needed
        ? `the composite check digit holds and ${agreement} OCR variants read the same MRZ`
        : "the composite check digit holds and the protected field is printed identically";
  } else if (needed !== null && compositeFails && agreement >= needed) {
    certain = `${agreement} OCR variants read the same MRZ`;
  }
  // Never a decline on its own: a real document can carry a wrong digit (specimens do, measured on real ones), and a
  // reader that is certain of its reading is still a reader. The reviewer sees how certain it was.
  if (certain)
    return check(
      "CHECK_DIGITS",
      "REVIEW",
      `Wrong check digit(s): ${names}, while ${certain}: the MRZ may not be the one issued (or the document carries a wrong digit).`,
    );
  const spent = exam.mrzBudgetSpent ? " The reading budget ran out before a reading held." : "";
  return check(
    "CHECK_DIGITS",
    "REVIEW",
    `Check digit(s) do not hold: ${names}; the reading is not certain enough (${agreement} of ${mrz!.variants} OCR variants agree${compositeFails && fields.length ? ", the composite fails too" : ""}), so OCR may have misread it.${spent}`,
  );
}

export function mrzTemplateMatching(
  exam: Examination,
  declared: Declared,
  policy: Policy,
): { check: Check; summary: string } {
  const { mrz } = exam;
  if (!mrz)
    return {
      check: check("TEMPLATE_MATCHING", "SKIPPED", "No MRZ: the layout cannot be matched to a document type."),
      summary: "NOT_CHECKED",
    };
  const code = mrz.result.fields.documentCode ?? "";
  const state = mrz.result.fields.issuingState ?? null;
  const country = alpha2OfMrzState(state);
  const types = typesOfMrz(mrz.format, code);
  const notAllowed = notAllowedBy(policy, types, country);
  if (notAllowed.length)
    return {
      check: check(
        "TEMPLATE_MATCHING",
        "FAILED",
        `The document read is ${mrz.format} "${code}" of ${state}: ${notAllowed.join("; ")}.`,
      ),
      summary: "FAILED",
    };
  const problems: string[] = [];
  // a code as printed in the zone (the parser gives no value for a code it does not know: ICAO's specimen UTO)
  const raw = (field: string) => {
    const d = mrz.result.details.find((x) => x.field === field);
    return d ? (mrz.lines[d.line]?.slice(d.start, d.end) ?? null) : null;
  };
  if (!types.length) problems.push(`the ${mrz.format} document code "${code}" is not an identity document type`);
  else if (declared.type && !types.includes(declared.type))
    problems.push(
      `a ${mrz.format} MRZ with code "${code}" is a ${types.join(" or ")}, not the declared ${declared.type}`,
    );
  const organisation = icaoNonState(state);
  if (organisation) problems.push(`the issuer "${state}" is no current state (ICAO: ${organisation})`);
  else if (!country) problems.push(`the issuing state "${state ?? raw("issuingState") ?? "?"}" is not a known country`);
  // covered by no check digit: a misread nationality would otherwise pass unnoticed into the data (a specimen's
  // unknown state as both issuer and nationality is said once)
  const nationality = raw("nationality");
  // a category ICAO lists is a nationality as printed (XXA stateless, XXB refugee, GBN British National (Overseas))
  if (!isIcaoCode(nationality) && nationality !== raw("issuingState"))
    problems.push(`the nationality "${nationality ?? "?"}" is not a known state`);
  else if (declared.country && country !== declared.country.toUpperCase())
    problems.push(`issued by ${country}, not the declared ${declared.country}`);
  if (mrz.position < 0.55) problems.push("the MRZ is not at the bottom of the page");
  if (problems.length)
    return {
      check: check("TEMPLATE_MATCHING", "REVIEW", `Layout differs from the declared document: ${problems.join("; ")}.`),
      summary: "REVIEW_NEEDED",
    };
  return {
    check: check(
      "TEMPLATE_MATCHING",
      "PASSED",
      `${mrz.format} MRZ, code "${code}", issued by ${country}, at the bottom of the page: consistent with a ${declared.type ?? types[0]} of ${country}.`,
    ),
    summary: "PASSED",
  };
}

/** The MRZ's fields in the shape FIELD_CONSISTENCY compares with the printed ones. */
export function mrzEncoded(exam: Examination, birth: string | null, expiry: string | null): EncodedFields | null {
  const { mrz } = exam;
  if (!mrz) return null;
  const f = mrz.result.fields;
  // the MRZ truncates long names: its last name token may be cut, so only whole tokens are compared
  const nameLine = mrz.format === "TD1" ? mrz.lines[2]! : mrz.lines[0]!;
  return {
    source: "the MRZ",
    surnameTokens: nameTokens(f.lastName, false),
    givenTokens: nameTokens(f.firstName, !nameLine.endsWith("<")),
    birth,
    expiry,
    documentNumber: f.documentNumber ?? null,
  };
}

/** A state code of the MRZ that names no state (ICAO's specimen state UTO, a misread code), with its field. */
export type UnknownCode = { field: "issuing_state" | "nationality"; code: string };

const CODE_FIELDS = [
  ["issuingState", "issuing_state"],
  ["nationality", "nationality"],
] as const;

/**
 * `data.mrz`: `valid` (the mrz package's judgement: every check digit AND known state codes) beside
 * `check_digits_valid` (every ICAO check digit alone), and the unknown codes named, so an integrator can tell a
 * misread zone (check digits fail) from a specimen or an unknown state (digits hold, a code is unknown).
 */
export function mrzData(mrz: NonNullable<Examination["mrz"]>, side: string | null) {
  const details = mrz.result.details;
  const unknown: UnknownCode[] = [];
  for (const [field, name] of CODE_FIELDS) {
    const d = details.find((x) => x.field === field);
    if (!d || d.valid) continue;
    unknown.push({ field: name, code: mrz.lines[d.line]?.slice(d.start, d.end) ?? String(d.value ?? "") });
  }
  return {
    // the old French card is 2×36 like a TD2 but laid out on its own (mrz-lines.ts, isFrenchId)
    format: isFrenchId(mrz.lines) ? "FRENCH_NATIONAL_ID" : mrz.format,
    side,
    lines: mrz.lines,
    valid: mrz.result.valid,
    check_digits_valid: details.every((d) => !d.field || !CHECK_DIGIT_FIELDS.has(d.field) || d.valid),
    unknown_codes: unknown,
    repairs: mrz.repairs,
    ocr_confidence: mrz.confidence,
  };
}
