import type { Check, DuplicateDocument, ProcessResult } from "@/lib/checks/types";
import { resultOfChecks } from "@/lib/checks/types";
import {
  barcodeEncoded,
  barcodeReadCheck,
  barcodeTemplateMatching,
  countryOfBarcode,
  typesOfBarcode,
  unreadableCheck,
} from "./barcode-checks";
import type { Examination } from "@/lib/engines/documents/examine-document";
import { printsDate } from "@/lib/engines/documents/ocr/printed-zone";
import { fieldConsistency } from "./field-consistency";
import { alpha2OfMrzState, mrzDate, mrzPartialBirth } from "@/lib/engines/documents/mrz/icao";
import { alterationSignals, duplicateCheck, qualityCheck, type Signal } from "./image-checks";
import { checkDigits, mrzData, mrzEncoded, mrzTemplateMatching, typesOfMrz } from "./mrz-checks";
import { check, type Declared, type Policy } from "./rules";

// The rules of DOCUMENT_VERIFICATION (also in docs/checks.md). The step's result is resultOfChecks: any FAILED →
// DECLINED, else any REVIEW → MANUAL_REVIEW, else APPROVED.
//
// | check               | PASSED                                 | FAILED (→ DECLINED)                                   | REVIEW (→ MANUAL_REVIEW)                                  |
// |---------------------|----------------------------------------|-------------------------------------------------------|-----------------------------------------------------------|
// | MRZ_READ            | a TD1/TD2/TD3 MRZ was read and parsed  | —                                                     | no MRZ found (types without one: driving licence, voter   |
// |                     |                                        |                                                       | card) or not parseable: fields cannot be verified         |
// | BARCODE_READ        | the PDF417 on the back of a US/Canadian| —                                                     | the card should carry one (US/CA licence or ID card) but  |
// | (instead of MRZ_READ| card decoded and parsed as AAMVA DL/ID |                                                       | none was read (back missing, blurred, glare), or the      |
// | and CHECK_DIGITS)   | (barcode-checks.ts)                    |                                                       | barcode holds no AAMVA data: never a decline              |
// | CHECK_DIGITS        | every ICAO 9303 check digit holds      | — (never: a real document can carry a wrong digit,    | any failure; the detail says how certain the reading is:  |
// |                     |                                        | and OCR can misread one; measured on real specimens)  | "may not be the one issued" when a field digit fails      |
// |                     |                                        |                                                       | under a composite that holds and ≥ 2 OCR variants agree   |
// |                     |                                        |                                                       | (or the composite alone fails and ≥ 3 agree)              |
// | DOCUMENT_EXPIRY     | expiry date ≥ today                    | expiry date < today on a certain reading: its check   | expiry date unreadable, or past on an uncertain reading   |
// |                     |                                        | digit and the composite hold, or the date is printed, |                                                           |
// |                     |                                        | or it was decoded from a barcode (error-corrected)    |                                                           |
// | DATE_OF_BIRTH       | a past date, age ≤ 130                 | a future date or age > 130                            | unreadable, or printed with unknown parts ('<': ICAO 9303 |
// |                     |                                        |                                                       | fills an unknown day, month or year so), which it names   |
// | TEMPLATE_MATCHING   | MRZ format/code = declared type, MRZ   | the type or state read is not allowed by the workflow | read type or state ≠ declared (a wrong choice in the form |
// |                     | issuing state = declared country, MRZ  |                                                       | or a substituted document); MRZ not at the bottom of the  |
// |                     | at the bottom of its side; or AAMVA    |                                                       | page; unknown issuing state or AAMVA issuer number        |
// |                     | DL/ID subfile = declared type and the  |                                                       |                                                           |
// |                     | issuer's country = declared country    |                                                       |                                                           |
// | FIELD_CONSISTENCY   | name, birth date, document number of   | —                                                     | one of them confidently differs (alteration suspected),   |
// |                     | the MRZ (or the back's barcode) printed|                                                       | or ≥ 2 cannot be confirmed (printed zone unreadable), or  |
// |                     | (≤ 1 not confirmed)                    |                                                       |                                                           |
// |                     |                                        |                                                       | a printed name word differs letter by letter from the MRZ |
// |                     |                                        |                                                       | other than by OCR look-alikes (name-crosscheck.ts)        |
// | ALTERATION_DETECTION| block-wise ELA < 3.9, no editor        | —                                                     | block-wise ELA ≥ 3.9 (a region with another compression   |
// |                     |                                        |                                                       | history) or the upload was saved by an image editor       |
// | DUPLICATE_DOCUMENT  | no other identity of the account used  | —                                                     | another identity used the same document number or a       |
// |                     | this document or image                 |                                                       | near-identical image (a person decides: fraud or a mix-up)|
// | IMAGE_QUALITY       | ≥ 700 px, sharp, no glare              | —                                                     | too small, blurred (Laplacian variance < 25) or glare     |
// |                     |                                        |                                                       | (washed-out blobs > 0.4 % of the image)                   |
//
// Why REVIEW rather than FAILED for alterations and declared-vs-read differences: each has innocent causes (OCR
// noise, a re-saved photo, a wrong dropdown choice) that a person resolves in seconds. So has a wrong check digit:
// three of PassportEye's seventeen real specimens print one. OCR must never decline a genuine document.

export type Evidence = {
  exam: Examination;
  declared: Declared;
  fileMeta: Record<string, unknown> | null;
  duplicates: DuplicateDocument[] | null;
};
export type Decision = { result: ProcessResult; data: Record<string, unknown>; checks: Check[] };

/** What the machine-readable data says, whichever carried it (an MRZ or an AAMVA barcode). */
type Encoded = {
  surname: string | null;
  given: string | null;
  fullName: string | null;
  birth: string | null;
  /** a birth date the MRZ prints with unknown parts ('<'): what is known of it ("1985-01", "1985", "") */
  birthPartial?: string | null;
  expiry: string | null;
  /** a past expiry declines only when it is certainly the one printed */
  expiryCertain: boolean;
  types: string[];
  country: string | null;
};

function encodedOf(exam: Examination, today: Date): Encoded | null {
  const barcode = exam.barcode;
  if (barcode) {
    const r = barcode.reading;
    const given = [r.firstName, r.middleName].filter(Boolean).join(" ") || null;
    return {
      surname: r.lastName,
      given,
      fullName: r.fullName ?? ([given, r.lastName].filter(Boolean).join(" ") || null),
      birth: r.dateOfBirth,
      expiry: r.expiryDate,
      expiryCertain: true,
      types: typesOfBarcode(r),
      country: countryOfBarcode(r),
    };
  }
  const { mrz, zone } = exam;
  if (!mrz) return null;
  const f = mrz.result.fields;
  const birth = mrzDate(f.birthDate, "birth", today);
  const expiry = mrzDate(f.expirationDate, "expiry", today);
  // an expiry declines only when it is certainly the one printed: its own check digit AND the composite (which
  // covers it again) hold, or the same date is printed on the page. A misread digit can make a valid document look
  // expired; that goes to a reviewer.
  const holds = (field: string) => mrz.result.details.find((d) => d.field === field)?.valid ?? true;
  const surname = f.lastName?.trim() || null;
  const given = f.firstName?.trim() || null;
  return {
    surname,
    given,
    fullName: [given, surname].filter(Boolean).join(" ") || null,
    birth,
    birthPartial: birth ? null : mrzPartialBirth(f.birthDate, today),
    expiry,
    expiryCertain:
      (holds("expirationDateCheckDigit") && holds("compositeCheckDigit")) ||
      (expiry !== null && printsDate(zone, expiry)),
    types: typesOfMrz(mrz.format, f.documentCode ?? ""),
    country: alpha2OfMrzState(f.issuingState),
  };
}

/** The reviewer's reason for a birth date printed with unknown parts (mrzPartialBirth). */
function partialBirth(known: string): string {
  const unknown =
    known === ""
      ? "wholly unknown"
      : known.length === 4
        ? `unknown but for the year, ${known}`
        : `unknown but for the year and month, ${known}`;
  return `The document prints the date of birth as ${unknown} ('<' in the MRZ, as ICAO 9303 fills what is not known): the holder's age cannot be confirmed from it.`;
}

function dateChecks(encoded: Encoded, today: string, source: string): Check[] {
  const { expiry, birth } = encoded;
  const checks: Check[] = [];
  if (!expiry) checks.push(check("DOCUMENT_EXPIRY", "REVIEW", "The expiry date could not be read."));
  else if (expiry < today && encoded.expiryCertain)
    checks.push(check("DOCUMENT_EXPIRY", "FAILED", `The document expired on ${expiry}.`));
  else if (expiry < today)
    checks.push(
      check(
        "DOCUMENT_EXPIRY",
        "REVIEW",
        `${source} reads an expiry of ${expiry}, but the reading is not certain (its check digits do not all hold and the date is not printed legibly on the page).`,
      ),
    );
  else checks.push(check("DOCUMENT_EXPIRY", "PASSED", `Valid until ${expiry}.`));
  if (!birth && encoded.birthPartial != null)
    checks.push(check("DATE_OF_BIRTH", "REVIEW", partialBirth(encoded.birthPartial)));
  else if (!birth) checks.push(check("DATE_OF_BIRTH", "REVIEW", "The date of birth could not be read."));
  else if (birth > today || Number(today.slice(0, 4)) - Number(birth.slice(0, 4)) > 130)
    checks.push(check("DATE_OF_BIRTH", "FAILED", `The date of birth ${birth} is not plausible.`));
  else checks.push(check("DATE_OF_BIRTH", "PASSED", `Born ${birth}.`));
  return checks;
}

export function decide({ exam, declared, fileMeta, duplicates }: Evidence, policy: Policy): Decision {
  const checks: Check[] = [];
  const { mrz, barcode } = exam;
  const today = policy.today.toISOString().slice(0, 10);
  const encoded = encodedOf(exam, policy.today);

  if (barcode) checks.push(barcodeReadCheck(barcode));
  else if (mrz) {
    checks.push(
      check(
        "MRZ_READ",
        "PASSED",
        `${mrz.format} MRZ read on the ${exam.mrzSide?.toLowerCase()} side${mrz.repairs.length ? `; repaired: ${mrz.repairs.join("; ")}` : ""}.`,
      ),
    );
    checks.push(checkDigits(exam, encoded!.birth, encoded!.expiry));
  } else checks.push(unreadableCheck(exam, declared));
  if (encoded) checks.push(...dateChecks(encoded, today, barcode ? "The barcode" : "The MRZ"));

  const template = barcode
    ? barcodeTemplateMatching(barcode, declared, policy)
    : mrz
      ? mrzTemplateMatching(exam, declared, policy)
      : {
          check: check("TEMPLATE_MATCHING", "SKIPPED", "No MRZ: the layout cannot be matched to a document type."),
          summary: "NOT_CHECKED",
        };
  checks.push(template.check);
  const fields = barcode
    ? barcodeEncoded(barcode.reading)
    : mrzEncoded(exam, encoded?.birth ?? null, encoded?.expiry ?? null);
  const consistency = fields && fieldConsistency(exam, fields, barcode ? null : (exam.nameCheck ?? null));
  if (consistency) checks.push(consistency);
  const alteration = alterationSignals(exam, fileMeta);
  checks.push(alteration.check);
  const duplicate = duplicateCheck(duplicates);
  checks.push(duplicate);
  const quality = qualityCheck(exam);
  checks.push(quality);

  const signals: Signal[] = [...alteration.signals];
  if (consistency?.result === "REVIEW" && consistency.detail.startsWith("Printed"))
    signals.push({ signal: barcode ? "FRONT_BACK_MISMATCH" : "MRZ_PRINTED_MISMATCH", detail: consistency.detail });
  if (duplicates?.length) signals.push({ signal: "DUPLICATE_ACROSS_IDENTITIES", detail: duplicate.detail });
  const readTypes = encoded?.types ?? [];
  const f = mrz?.result.fields ?? {};
  const r = barcode?.reading;
  return {
    result: resultOfChecks(checks),
    checks,
    data: {
      full_name: encoded?.fullName ?? null,
      surname: encoded?.surname ?? null,
      given_names: encoded?.given ?? null,
      date_of_birth: encoded?.birth ?? null,
      document_type:
        declared.type && readTypes.includes(declared.type) ? declared.type : (readTypes[0] ?? declared.type),
      declared_document_type: declared.type,
      country_of_issuance: encoded?.country ?? declared.country,
      declared_country: declared.country,
      document_number: r ? r.documentNumber : (f.documentNumber ?? null),
      expiry_date: encoded?.expiry ?? null,
      ...(r ? { issue_date: r.issueDate } : {}),
      nationality: r ? null : alpha2OfMrzState(f.nationality),
      sex: r ? r.sex : f.sex === "male" ? "M" : f.sex === "female" ? "F" : f.sex ? "X" : null,
      address: r?.address ? addressOfBarcode(r.address) : exam.address,
      template_matching_result: template.summary,
      alteration_detection_results:
        alteration.check.result === "SKIPPED"
          ? "NOT_CHECKED"
          : signals.length
            ? "ALTERATIONS_SUSPECTED"
            : "NO_ALTERATIONS_DETECTED",
      alteration_signals: signals,
      mrz: mrz && mrzData(mrz, exam.mrzSide),
      ...(barcode
        ? {
            barcode: {
              format: "PDF417",
              standard: "AAMVA",
              side: barcode.side,
              version: barcode.reading.version,
              issuer: barcode.reading.jurisdiction?.code ?? null,
              iin: barcode.reading.iin,
              subfile: barcode.reading.documentType,
            },
          }
        : {}),
      image_quality: { ...exam.quality, result: quality.result },
      error_level_analysis: exam.ela,
      image_hash: exam.imageHash,
      name_check: exam.nameCheck
        ? {
            mrz: exam.nameCheck.mrz,
            printed: exam.nameCheck.printed,
            repaired: exam.nameCheck.repaired,
            agree: exam.nameCheck.agree,
          }
        : null,
    },
  };
}

/** The shape ADDRESS_VERIFICATION's DOCUMENT_CROSS_REFERENCE reads (document-cross-reference.ts). */
function addressOfBarcode(a: NonNullable<NonNullable<Examination["barcode"]>["reading"]["address"]>) {
  return {
    address_line: [a.street, a.street2].filter(Boolean).join(", ") || null,
    city: a.city,
    province: a.province,
    postal_code: a.postalCode,
    country: a.country,
  };
}
