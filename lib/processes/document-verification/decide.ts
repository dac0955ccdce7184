import type { Check, CheckResult, ProcessResult } from "@/lib/processes/types";
import { resultOfChecks } from "@/lib/processes/types";
import type { Examination } from "./examine-document";
import { alpha2OfMrzState, mrzDate } from "./icao";
import { agreementNeeded, CHECK_DIGIT_FIELDS } from "./mrz-certainty";
import { compareNumber, hasValue, hasWord, nearestWordDistance, type PrintedZone } from "./printed-zone";

// The rules of DOCUMENT_VERIFICATION (also in docs/checks.md). The step's result is resultOfChecks: any FAILED →
// DECLINED, else any REVIEW → MANUAL_REVIEW, else APPROVED.
//
// | check               | PASSED                                 | FAILED (→ DECLINED)                                   | REVIEW (→ MANUAL_REVIEW)                                  |
// |---------------------|----------------------------------------|-------------------------------------------------------|-----------------------------------------------------------|
// | MRZ_READ            | a TD1/TD2/TD3 MRZ was read and parsed  | —                                                     | no MRZ found (types without one: driving licence, voter   |
// |                     |                                        |                                                       | card) or not parseable: fields cannot be verified         |
// | CHECK_DIGITS        | every ICAO 9303 check digit holds      | — (never: a real document can carry a wrong digit,    | any failure; the detail says how certain the reading is:  |
// |                     |                                        | and OCR can misread one; measured on real specimens)  | "may not be the one issued" when a field digit fails      |
// |                     |                                        |                                                       | under a composite that holds and ≥ 2 OCR variants agree   |
// |                     |                                        |                                                       | (or the composite alone fails and ≥ 3 agree)              |
// | DOCUMENT_EXPIRY     | expiry date ≥ today                    | expiry date < today on a certain reading: its check   | expiry date unreadable, or past on an uncertain reading   |
// |                     |                                        | digit and the composite hold, or the date is printed  |                                                           |
// | DATE_OF_BIRTH       | a past date, age ≤ 130                 | a future date or age > 130                            | unreadable                                                |
// | TEMPLATE_MATCHING   | MRZ format/code = declared type, MRZ   | the type or state read is not allowed by the workflow | read type or state ≠ declared (a wrong choice in the form |
// |                     | issuing state = declared country, MRZ  |                                                       | or a substituted document); MRZ not at the bottom of the  |
// |                     | at the bottom of its side              |                                                       | page; unknown issuing state                               |
// | FIELD_CONSISTENCY   | name, birth date, document number of   | —                                                     | one of them confidently differs (alteration suspected),   |
// |                     | the MRZ printed (≤ 1 not confirmed)    |                                                       | or ≥ 2 cannot be confirmed (printed zone unreadable), or  |
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

/**
 * Block-wise ELA (image-forensics.ts): the robust z-score of a 48 px window's error level against the page's own.
 * Measured on the evaluation set: untouched documents (camera copies and every degradation) 0–3.5, pasted fields,
 * re-saved regions and swapped portraits 4.3–5.9 (docs/accuracy.md).
 */
export const ELA_THRESHOLD = 3.9;
export { MIN_AGREEMENT, MIN_AGREEMENT_COMPOSITE } from "./mrz-certainty";
/** page OCR mean confidence from which an unfound printed name counts as different, not unreadable */
export const MIN_LEGIBLE_PAGE = 60;
export const MIN_LONG_SIDE = 700;
export const MIN_SHARPNESS = 25;
export const MAX_GLARE = 0.004;
const EDITORS =
  /photoshop|gimp|lightroom|snapseed|picsart|canva|affinity|pixelmator|paint\.net|facetune|illustrator|inkscape|photopea|fotor|meitu|remini/i;

export type Declared = { type: string | null; country: string | null };
export type Policy = { today: Date; allowedTypes: readonly string[]; allowedCountries: readonly string[] };
export type Duplicate = { verificationId: string; reason: "DOCUMENT_NUMBER" | "IMAGE" };
export type Evidence = {
  exam: Examination;
  declared: Declared;
  fileMeta: Record<string, unknown> | null;
  duplicates: Duplicate[] | null;
};
export type Decision = { result: ProcessResult; data: Record<string, unknown>; checks: Check[] };

const NO_MRZ_TYPES = new Set(["DRIVERS_LICENSE", "VOTER_ID"]);

/** The declared types an MRZ can be (ICAO 9303-4/-5/-6 document codes; residence permits are I/A/C cards, often "IR"/"AR"). */
export function typesOfMrz(format: string, code: string): string[] {
  if (format === "TD3" && code.startsWith("P")) return ["PASSPORT"];
  if ((format === "TD1" || format === "TD2") && /^[IAC]/.test(code))
    return code[1] === "R" ? ["RESIDENCE_PERMIT"] : ["NATIONAL_ID", "RESIDENCE_PERMIT"];
  if (format === "FRENCH_DRIVING_LICENSE" || format === "SWISS_DRIVING_LICENSE") return ["DRIVERS_LICENSE"];
  if (format === "FRENCH_NATIONAL_ID") return ["NATIONAL_ID"];
  return [];
}

const check = (name: string, result: CheckResult, detail: string): Check => ({ name, result, detail });

export function decide({ exam, declared, fileMeta, duplicates }: Evidence, policy: Policy): Decision {
  const checks: Check[] = [];
  const { mrz, zone } = exam;
  const f = mrz?.result.fields ?? {};
  const birth = mrzDate(f.birthDate, "birth", policy.today);
  const expiry = mrzDate(f.expirationDate, "expiry", policy.today);
  const today = policy.today.toISOString().slice(0, 10);

  if (!mrz) {
    const why =
      declared.type && NO_MRZ_TYPES.has(declared.type)
        ? `No machine-readable zone was found; a ${declared.type} usually has none, so its fields cannot be verified automatically.`
        : "No machine-readable zone could be read (cropped, blurred or covered?): the fields cannot be verified automatically.";
    checks.push(check("MRZ_READ", "REVIEW", why));
  } else {
    checks.push(
      check(
        "MRZ_READ",
        "PASSED",
        `${mrz.format} MRZ read on the ${exam.mrzSide?.toLowerCase()} side${mrz.repairs.length ? `; repaired: ${mrz.repairs.join("; ")}` : ""}.`,
      ),
    );
    checks.push(checkDigits(exam, birth, expiry));
  }

  if (mrz) {
    // an expiry declines only when it is certainly the one printed: its own check digit AND the composite (which
    // covers it again) hold, or the same date is printed on the page. A misread digit can make a valid document
    // look expired; that goes to a reviewer.
    const holds = (field: string) => mrz.result.details.find((d) => d.field === field)?.valid ?? true;
    const expiryCertain =
      (holds("expirationDateCheckDigit") && holds("compositeCheckDigit")) ||
      (expiry !== null && zone.dates.has(expiry));
    if (!expiry) checks.push(check("DOCUMENT_EXPIRY", "REVIEW", "The expiry date could not be read."));
    else if (expiry < today && expiryCertain)
      checks.push(check("DOCUMENT_EXPIRY", "FAILED", `The document expired on ${expiry}.`));
    else if (expiry < today)
      checks.push(
        check(
          "DOCUMENT_EXPIRY",
          "REVIEW",
          `The MRZ reads an expiry of ${expiry}, but the reading is not certain (its check digits do not all hold and the date is not printed legibly on the page).`,
        ),
      );
    else checks.push(check("DOCUMENT_EXPIRY", "PASSED", `Valid until ${expiry}.`));
    if (!birth) checks.push(check("DATE_OF_BIRTH", "REVIEW", "The date of birth could not be read."));
    else if (Number(today.slice(0, 4)) - Number(birth.slice(0, 4)) > 130)
      checks.push(check("DATE_OF_BIRTH", "FAILED", `The date of birth ${birth} is not plausible.`));
    else checks.push(check("DATE_OF_BIRTH", "PASSED", `Born ${birth}.`));
  }

  const template = templateMatching(exam, declared, policy);
  checks.push(template.check);
  const consistency = fieldConsistency(exam, birth, expiry);
  if (consistency) checks.push(consistency);
  const alteration = alterationSignals(exam, fileMeta);
  checks.push(alteration.check);
  const duplicate = duplicateCheck(duplicates);
  checks.push(duplicate);
  const quality = qualityCheck(exam);
  checks.push(quality);

  const signals = [...alteration.signals];
  if (consistency?.result === "REVIEW" && consistency.detail.startsWith("Printed"))
    signals.push({ signal: "MRZ_PRINTED_MISMATCH", detail: consistency.detail });
  if (duplicates?.length) signals.push({ signal: "DUPLICATE_ACROSS_IDENTITIES", detail: duplicate.detail });
  const issuing = alpha2OfMrzState(f.issuingState);
  const readTypes = mrz ? typesOfMrz(mrz.format, f.documentCode ?? "") : [];
  const surname = f.lastName?.trim() || null;
  const given = f.firstName?.trim() || null;
  return {
    result: resultOfChecks(checks),
    checks,
    data: {
      full_name: [given, surname].filter(Boolean).join(" ") || null,
      surname,
      given_names: given,
      date_of_birth: birth,
      document_type:
        declared.type && readTypes.includes(declared.type) ? declared.type : (readTypes[0] ?? declared.type),
      declared_document_type: declared.type,
      country_of_issuance: issuing ?? declared.country,
      declared_country: declared.country,
      document_number: f.documentNumber ?? null,
      expiry_date: expiry,
      nationality: alpha2OfMrzState(f.nationality),
      sex: f.sex === "male" ? "M" : f.sex === "female" ? "F" : f.sex ? "X" : null,
      address: exam.address,
      template_matching_result: template.summary,
      alteration_detection_results:
        alteration.check.result === "SKIPPED"
          ? "NOT_CHECKED"
          : signals.length
            ? "ALTERATIONS_SUSPECTED"
            : "NO_ALTERATIONS_DETECTED",
      alteration_signals: signals,
      mrz: mrz && {
        format: mrz.format,
        side: exam.mrzSide,
        lines: mrz.lines,
        valid: mrz.result.valid,
        repairs: mrz.repairs,
        ocr_confidence: mrz.confidence,
      },
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

function checkDigits(exam: Examination, birth: string | null, expiry: string | null): Check {
  const { mrz, zone } = exam;
  const details = mrz!.result.details;
  const failing = details.filter((d) => d.field && CHECK_DIGIT_FIELDS.has(d.field) && !d.valid);
  if (failing.length === 0) return check("CHECK_DIGITS", "PASSED", "Every check digit of the MRZ is valid.");
  const f = mrz!.result.fields;
  // a failing digit is the document's own when the field it protects is printed identically on the page
  const printed = (field: string | null): boolean => {
    // exact, not across O/0-style look-alikes: a misread MRZ character must not count as confirmed
    if (field === "documentNumberCheckDigit")
      return Boolean(f.documentNumber && hasValue(zone, f.documentNumber, true));
    if (field === "birthDateCheckDigit") return Boolean(birth && zone.dates.has(birth));
    if (field === "expirationDateCheckDigit") return Boolean(expiry && zone.dates.has(expiry));
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
  return check(
    "CHECK_DIGITS",
    "REVIEW",
    `Check digit(s) do not hold: ${names}; the reading is not certain enough (${agreement} of ${mrz!.variants} OCR variants agree${compositeFails && fields.length ? ", the composite fails too" : ""}), so OCR may have misread it.`,
  );
}

function templateMatching(exam: Examination, declared: Declared, policy: Policy): { check: Check; summary: string } {
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
  const notAllowed: string[] = [];
  if (policy.allowedTypes.length && types.length && !types.some((t) => policy.allowedTypes.includes(t)))
    notAllowed.push(`a ${types.join("/")} is not accepted by this workflow`);
  if (policy.allowedCountries.length && country && !policy.allowedCountries.includes(country))
    notAllowed.push(`documents of ${country} are not accepted by this workflow`);
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
  if (!types.length) problems.push(`the ${mrz.format} document code "${code}" is not an identity document type`);
  else if (declared.type && !types.includes(declared.type))
    problems.push(
      `a ${mrz.format} MRZ with code "${code}" is a ${types.join(" or ")}, not the declared ${declared.type}`,
    );
  if (!country) problems.push(`the issuing state "${state ?? "?"}" is not a known country`);
  // covered by no check digit: a misread nationality would otherwise pass unnoticed into the data (a specimen's
  // unknown state as both issuer and nationality is said once)
  const raw = (field: string) => {
    const d = mrz.result.details.find((x) => x.field === field);
    return d ? (mrz.lines[d.line]?.slice(d.start, d.end) ?? null) : null;
  };
  const nationality = raw("nationality");
  if (!alpha2OfMrzState(nationality) && nationality !== raw("issuingState"))
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

type Comparison = "confirmed" | "unconfirmed" | "differs";

/**
 * A name token: printed (≤ 1 edit); "differs" when no printed word comes within 2 edits although the page is legible
 * and another token of the name WAS found (the name block was read: one part of it was replaced); else unconfirmed.
 */
function compareName(zone: PrintedZone, token: string, nameBlockRead: boolean): Comparison {
  if (hasWord(zone, token)) return "confirmed";
  return nameBlockRead && token.length >= 4 && nearestWordDistance(zone, token) > 2 ? "differs" : "unconfirmed";
}

/** A date: printed; "differs" when another printed date (not the expiry) differs from it in 2 or more digits. */
function compareDate(zone: PrintedZone, date: string | null, others: (string | null)[]): Comparison {
  if (!date) return "unconfirmed";
  if (zone.dates.has(date)) return "confirmed";
  const rivals = [...zone.dates].filter((d) => !others.includes(d));
  if (rivals.some((d) => [...d].filter((c, i) => c !== date[i]).length <= 1)) return "unconfirmed";
  return rivals.length ? "differs" : "unconfirmed";
}

function fieldConsistency(exam: Examination, birth: string | null, expiry: string | null): Check | null {
  const { mrz, zone } = exam;
  if (!mrz) return null;
  const f = mrz.result.fields;
  // the MRZ truncates long names: its last name token may be cut, so only whole tokens are compared
  const nameTokens = (value: string | null | undefined, truncated: boolean) => {
    const tokens = (value ?? "").split(/\s+/).filter((t) => t.length >= 2);
    return truncated ? tokens.slice(0, -1) : tokens;
  };
  const nameLine = mrz.format === "TD1" ? mrz.lines[2]! : mrz.lines[0]!;
  const truncated = !nameLine.endsWith("<");
  const surnameTokens = nameTokens(f.lastName, false);
  const givenTokens = nameTokens(f.firstName, truncated);
  const nameBlockRead =
    exam.pageConfidence >= MIN_LEGIBLE_PAGE && [...surnameTokens, ...givenTokens].some((t) => hasWord(zone, t));
  const worst = (list: Comparison[]): Comparison =>
    list.includes("differs") ? "differs" : list.includes("unconfirmed") ? "unconfirmed" : "confirmed";
  const items: { field: string; state: Comparison }[] = [
    { field: "surname", state: worst(surnameTokens.map((t) => compareName(zone, t, nameBlockRead))) },
    { field: "given names", state: worst(givenTokens.map((t) => compareName(zone, t, nameBlockRead))) },
    { field: "date of birth", state: compareDate(zone, birth, [expiry]) },
    { field: "document number", state: f.documentNumber ? compareNumber(zone, f.documentNumber) : "unconfirmed" },
  ];
  const differs = items.filter((i) => i.state === "differs").map((i) => i.field);
  const unconfirmed = items.filter((i) => i.state === "unconfirmed").map((i) => i.field);
  // names carry no check digit: a printed name word that differs letter by letter (not by OCR look-alikes) is a
  // review; only a word replaced outright (or another field differing) counts as a suspected alteration ("Printed …")
  const names = exam.nameCheck;
  if (names?.agree === false) {
    const readings = `MRZ "${names.mrz}", printed "${names.printed ?? "not found"}"`;
    if (differs.length)
      return check(
        "FIELD_CONSISTENCY",
        "REVIEW",
        `Printed ${differs.join(" and ")} differ from the MRZ (${readings}): the page may have been altered.`,
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
      `Printed ${differs.join(" and ")} differ from the MRZ: the page may have been altered.`,
    );
  if (unconfirmed.length >= 2)
    return check(
      "FIELD_CONSISTENCY",
      "REVIEW",
      `The printed fields could not be read well enough to compare with the MRZ (not confirmed: ${unconfirmed.join(", ")}).`,
    );
  if (unconfirmed.length) {
    // names carry no check digit: say so rather than claim the digits vouch for them
    const vouch =
      unconfirmed[0] === "surname" || unconfirmed[0] === "given names"
        ? "names carry no check digit, so the MRZ's reading of them stands unconfirmed"
        : "the MRZ check digits vouch for it";
    return check(
      "FIELD_CONSISTENCY",
      "PASSED",
      `The MRZ agrees with the printed fields; the printed ${unconfirmed[0]} could not be read exactly (OCR): ${vouch}.`,
    );
  }
  return check(
    "FIELD_CONSISTENCY",
    "PASSED",
    "Name, date of birth and document number of the MRZ are printed on the page.",
  );
}

function alterationSignals(
  exam: Examination,
  meta: Record<string, unknown> | null,
): { check: Check; signals: { signal: string; detail: string }[] } {
  const signals: { signal: string; detail: string }[] = [];
  const { ela } = exam;
  if (ela.score >= ELA_THRESHOLD) {
    const where = ela.box ? ` around x=${ela.box.x}, y=${ela.box.y} (${ela.box.w}×${ela.box.h} px)` : "";
    signals.push({
      signal: "ERROR_LEVEL_ANALYSIS",
      detail: `A region has another compression history than the rest of the page (error level ${ela.score} robust deviations from the page's own at quality ${ela.quality}, threshold ${ELA_THRESHOLD})${where}.`,
    });
  }
  const editor = [meta?.software, meta?.creatorTool].find((v): v is string => typeof v === "string" && EDITORS.test(v));
  if (editor) signals.push({ signal: "EDITING_SOFTWARE", detail: `The uploaded file was saved by ${editor}.` });
  // normalize-upload strips metadata but keeps Software/CreatorTool in StoredFile.meta: absent meta is no evidence
  const metaNote = meta ? "" : " Upload metadata was not available, so editing software was not checked.";
  if (signals.length)
    return {
      check: check("ALTERATION_DETECTION", "REVIEW", signals.map((s) => s.detail).join(" ") + metaNote),
      signals,
    };
  return {
    check: check(
      "ALTERATION_DETECTION",
      "PASSED",
      `No region with its own compression history (block-wise ELA ${ela.score} < ${ELA_THRESHOLD}) and no editing software recorded.${metaNote}`,
    ),
    signals,
  };
}

function duplicateCheck(duplicates: Duplicate[] | null): Check {
  if (duplicates === null)
    return check(
      "DUPLICATE_DOCUMENT",
      "SKIPPED",
      "The duplicate lookup did not run (no document number or image hash).",
    );
  if (duplicates.length === 0)
    return check("DUPLICATE_DOCUMENT", "PASSED", "No other identity of this account used this document or image.");
  const ids = duplicates
    .slice(0, 5)
    .map((d) => `${d.verificationId} (${d.reason === "IMAGE" ? "same image" : "same document number"})`);
  return check(
    "DUPLICATE_DOCUMENT",
    "REVIEW",
    `Another identity of this account submitted this document: ${ids.join(", ")}.`,
  );
}

function qualityCheck(exam: Examination): Check {
  const q = exam.quality;
  const issues: string[] = [];
  if (Math.max(q.width, q.height) < MIN_LONG_SIDE)
    issues.push(`only ${q.width}×${q.height} px (at least ${MIN_LONG_SIDE} px on the long side)`);
  if (q.sharpness < MIN_SHARPNESS) issues.push(`blurred (sharpness ${q.sharpness} < ${MIN_SHARPNESS})`);
  if (q.glare > MAX_GLARE) issues.push(`washed out by glare over ${(q.glare * 100).toFixed(1)} % of the image`);
  if (issues.length)
    return check(
      "IMAGE_QUALITY",
      "REVIEW",
      `The front image is ${issues.join(", ")}: the authenticity checks are less reliable.`,
    );
  return check("IMAGE_QUALITY", "PASSED", `${q.width}×${q.height} px, sharpness ${q.sharpness}, no glare.`);
}
