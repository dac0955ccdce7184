import { describe, expect, it } from "vitest";
import type { AamvaReading } from "@/lib/engines/documents/barcode/aamva";
import { checkResults, evidenceOf, untouchedImage } from "@/test/decide-fixtures";
import { decide } from "./decide";
import type { Policy } from "./rules";
import type { Examination } from "@/lib/engines/documents/examine-document";
import { printedZone } from "@/lib/engines/documents/ocr/printed-zone";

// The rules of a US/Canadian card read from its PDF417 barcode, without images: an examination built from a known
// AAMVA reading and the printed text of the front.

const today = new Date("2026-11-25T00:00:00Z");
const policy: Policy = { today, allowedTypes: [], allowedCountries: [] };

const reading: AamvaReading = {
  version: 10,
  iin: "636014",
  jurisdiction: { code: "CA", name: "California", country: "US" },
  jurisdictionVersion: 0,
  subfiles: [{ type: "DL", offset: 41, length: 230 }],
  documentType: "DL",
  elements: { DAQ: "D1234562", DCS: "HARRIS", DAC: "JAMIE", DAD: "LEE", DDE: "N", DDF: "N", DDG: "N" },
  lastName: "HARRIS",
  firstName: "JAMIE",
  middleName: "LEE",
  suffix: null,
  fullName: "JAMIE LEE HARRIS",
  dateOfBirth: "1984-07-19",
  expiryDate: "2030-07-19",
  issueDate: "2022-07-01",
  sex: "F",
  address: {
    street: "2570 24TH STREET",
    street2: null,
    city: "SACRAMENTO",
    province: "CA",
    postalCode: "95818",
    country: "US",
  },
  documentNumber: "D1234562",
  documentDiscriminator: "00/00/0000NNNAN/ANFD/YY",
  country: "US",
  jurisdictionFrom: "IIN",
  revisionDate: null,
  truncated: { lastName: false, firstName: false, middleName: false },
  physical: { height: { value: 66, unit: "in" }, weight: null, eyeColor: "BRO", hairColor: "BRO" },
  ethnicity: null,
  licence: { vehicleClass: "C", restrictions: null, endorsements: null },
  compliance: "F",
  temporaryLawfulStatus: false,
  organDonor: null,
  veteran: null,
  under18Until: null,
  under19Until: null,
  under21Until: null,
  inventoryControlNumber: null,
  auditInformation: null,
  placeOfBirth: null,
  warnings: [],
};

const front = (r: AamvaReading, over: Partial<Record<"name" | "dob" | "number", string>> = {}) =>
  [
    "CALIFORNIA DRIVER LICENSE",
    `DL ${over.number ?? r.documentNumber}`,
    `EXP 07/19/2030`,
    `LN ${over.name ?? r.lastName}`,
    `FN ${r.firstName} ${r.middleName}`,
    `DOB ${over.dob ?? "07/19/1984"}`,
    "2570 24TH STREET",
    "SACRAMENTO, CA 95818",
  ].join("\n");

function examination(
  options: { reading?: AamvaReading | null; printed?: string; error?: string; back?: boolean } = {},
): Examination {
  const r = options.reading === undefined ? reading : options.reading;
  const printed = options.printed ?? front(reading);
  // as tesseract gives them: every word read with high confidence
  const words = printed.split(/\s+/).map((text) => ({ text, confidence: 92 }));
  return {
    mrz: null,
    mrzSide: null,
    barcode: r ? { side: "BACK", reading: r, variant: "as-is" } : null,
    barcodeError: options.error ?? null,
    backSubmitted: options.back ?? true,
    zone: printedZone([printed], words, "MDY"),
    address: null,
    pageConfidence: 85,
    ...untouchedImage(1027, 648),
  };
}
const evidence = (exam: Examination, declared = { type: "DRIVERS_LICENSE", country: "US" }) =>
  evidenceOf(exam, declared);
const results = checkResults;

describe("decide: a licence read from its PDF417 barcode", () => {
  it("approves a consistent, valid licence and fills the same data as a passport, with the address", () => {
    const d = decide(evidence(examination()), policy);
    expect(d.result).toBe("APPROVED");
    expect(results(d.checks)).toMatchObject({
      BARCODE_READ: "PASSED",
      DOCUMENT_EXPIRY: "PASSED",
      DATE_OF_BIRTH: "PASSED",
      TEMPLATE_MATCHING: "PASSED",
      FIELD_CONSISTENCY: "PASSED",
    });
    expect(d.checks.map((c) => c.name)).not.toContain("MRZ_READ");
    expect(d.data).toMatchObject({
      full_name: "JAMIE LEE HARRIS",
      surname: "HARRIS",
      given_names: "JAMIE LEE",
      date_of_birth: "1984-07-19",
      document_type: "DRIVERS_LICENSE",
      country_of_issuance: "US",
      document_number: "D1234562",
      expiry_date: "2030-07-19",
      issue_date: "2022-07-01",
      sex: "F",
      address: {
        address_line: "2570 24TH STREET",
        city: "SACRAMENTO",
        province: "CA",
        postal_code: "95818",
        country: "US",
      },
      template_matching_result: "PASSED",
      alteration_detection_results: "NO_ALTERATIONS_DETECTED",
      barcode: { format: "PDF417", standard: "AAMVA", version: 10, issuer: "CA", side: "BACK" },
      mrz: null,
    });
  });

  it("declines an expired licence: the barcode's error correction makes its dates certain", () => {
    const d = decide(evidence(examination({ reading: { ...reading, expiryDate: "2026-01-31" } })), policy);
    expect(results(d.checks).DOCUMENT_EXPIRY).toBe("FAILED");
    expect(d.result).toBe("DECLINED");
  });

  it("declines an impossible birth date", () => {
    const d = decide(evidence(examination({ reading: { ...reading, dateOfBirth: "2031-01-01" } })), policy);
    expect(results(d.checks).DATE_OF_BIRTH).toBe("FAILED");
  });

  it.each([
    ["name", { name: "MORRISON" }],
    ["birth date", { dob: "03/02/1979" }],
    ["document number", { number: "F7731904" }],
  ] as const)("suspects an alteration when the printed %s differs from the barcode", (_, over) => {
    const d = decide(evidence(examination({ printed: front(reading, over) })), policy);
    expect(results(d.checks).FIELD_CONSISTENCY).toBe("REVIEW");
    expect(d.checks.find((c) => c.name === "FIELD_CONSISTENCY")!.detail).toMatch(/differ from the barcode/);
    expect(d.data.alteration_detection_results).toBe("ALTERATIONS_SUSPECTED");
    expect(d.data.alteration_signals).toEqual([expect.objectContaining({ signal: "FRONT_BACK_MISMATCH" })]);
    expect(d.result).toBe("MANUAL_REVIEW");
  });

  it("sends an unreadable or missing back to review, never declines it", () => {
    const unread = decide(evidence(examination({ reading: null })), policy);
    expect(unread.result).toBe("MANUAL_REVIEW");
    expect(unread.checks[0]).toMatchObject({ name: "BARCODE_READ", result: "REVIEW" });
    expect(unread.checks[0]!.detail).toMatch(/No PDF417 barcode could be read/);
    expect(unread.checks.some((c) => c.result === "FAILED")).toBe(false);
    const missing = decide(evidence(examination({ reading: null, back: false })), policy);
    expect(missing.checks[0]!.detail).toMatch(/back of the card was not submitted/);
    expect(missing.result).toBe("MANUAL_REVIEW");
    const foreign = decide(evidence(examination({ reading: null, error: "no DL or ID subfile" })), policy);
    expect(foreign.checks[0]!.detail).toMatch(/holds no AAMVA licence or ID data \(no DL or ID subfile\)/);
    // a German licence has no machine-readable data at all: said as such
    const german = decide(evidence(examination({ reading: null }), { type: "DRIVERS_LICENSE", country: "DE" }), policy);
    expect(german.checks[0]).toMatchObject({ name: "MRZ_READ", result: "REVIEW" });
    expect(german.checks[0]!.detail).toMatch(/DRIVERS_LICENSE of DE usually has none/);
  });

  it("reviews an identity card declared as a licence, another country, an unknown issuer; declines what the workflow refuses", () => {
    const id = { ...reading, documentType: "ID" as const };
    const asLicence = decide(evidence(examination({ reading: id })), policy);
    expect(asLicence.result).toBe("MANUAL_REVIEW");
    expect(asLicence.checks.find((c) => c.name === "TEMPLATE_MATCHING")!.detail).toMatch(
      /encodes an identity card, not the declared DRIVERS_LICENSE/,
    );
    expect(decide(evidence(examination({ reading: id }), { type: "NATIONAL_ID", country: "US" }), policy).result).toBe(
      "APPROVED",
    );
    expect(
      decide(evidence(examination(), { type: "DRIVERS_LICENSE", country: "CA" }), policy).data.template_matching_result,
    ).toBe("REVIEW_NEEDED");
    expect(
      decide(evidence(examination({ reading: { ...reading, iin: "999999", jurisdiction: null } })), policy).result,
    ).toBe("MANUAL_REVIEW");
    const named = decide(
      evidence(examination({ reading: { ...reading, iin: "999998", jurisdictionFrom: "STATE" } })),
      policy,
    );
    expect(named.result).toBe("MANUAL_REVIEW");
    expect(named.checks.find((c) => c.name === "TEMPLATE_MATCHING")!.detail).toMatch(
      /issuer number 999998 is not an AAMVA jurisdiction's \(the card names California\)/,
    );
    expect(named.data.barcode).toMatchObject({ issuer: "CA", iin: "999998" });
    expect(decide(evidence(examination()), { ...policy, allowedTypes: ["PASSPORT"] })).toMatchObject({
      result: "DECLINED",
      data: { template_matching_result: "FAILED" },
    });
  });
});
