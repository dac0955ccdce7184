import { parse } from "mrz";
import { describe, expect, it } from "vitest";
import { mrzLines, passportDate } from "@/test/document-images";
import { checkResults } from "@/test/decide-fixtures";
import { evidence, examination, person, policy } from "@/test/passport-examination";
import { decide } from "./decide";
import { typesOfMrz } from "./mrz-checks";
import { checkDigit } from "@/lib/engines/documents/mrz/icao";

// The rules without OCR: an examination built from known MRZ lines and printed text (test/passport-examination.ts).
// FIELD_CONSISTENCY's own cases: field-consistency.test.ts.

const results = checkResults;

describe("decide", () => {
  it("approves a consistent, valid passport and fills the spec's data", () => {
    const d = decide(evidence(examination(person)), policy);
    expect(d.result).toBe("APPROVED");
    expect(d.data).toMatchObject({
      full_name: "WILLEKE DE BRUIJN",
      date_of_birth: "1965-03-10",
      document_type: "PASSPORT",
      country_of_issuance: "NL",
      document_number: "SPECI2014",
      expiry_date: "2034-04-15",
      nationality: "NL",
      sex: person.sex,
      template_matching_result: "PASSED",
      alteration_detection_results: "NO_ALTERATIONS_DETECTED",
    });
  });

  it("never declines on a wrong check digit, and tells the reviewer how certain the reading is", () => {
    // the composite holds over the failing field and its digit: the characters were read as printed
    const certain = decide(evidence(examination(person, { corrupt: "birth", agreement: 2 })), policy);
    expect(results(certain.checks).CHECK_DIGITS).toBe("REVIEW");
    expect(certain.checks.find((c) => c.name === "CHECK_DIGITS")!.detail).toMatch(/may not be the one issued/);
    expect(certain.result).toBe("MANUAL_REVIEW");
    expect(decide(evidence(examination(person, { corrupt: "composite", agreement: 3 })), policy).result).toBe(
      "MANUAL_REVIEW",
    );
    // a composite alone, read by one variant only: OCR may have misread that digit
    expect(
      results(decide(evidence(examination(person, { corrupt: "composite", agreement: 1 })), policy).checks)
        .CHECK_DIGITS,
    ).toBe("REVIEW");
    const unconfirmed = decide(
      evidence(examination(person, { corrupt: "document", agreement: 1, printed: "PASSPORT\nDE BRUIJN\nWILLEKE" })),
      policy,
    );
    expect(results(unconfirmed.checks).CHECK_DIGITS).toBe("REVIEW");
    expect(unconfirmed.result).toBe("MANUAL_REVIEW");
    // the page OCR's copy of the MRZ repeats the reading: it does not make the digit the document's own
    const copied = `PASSPORT\nDE BRUIJN\nWILLEKE\n${mrzLines(person, "TD3", "document").join("\n")}`;
    const repeated = decide(
      evidence(examination(person, { corrupt: "document", agreement: 1, printed: copied })),
      policy,
    );
    expect(repeated.checks.find((c) => c.name === "CHECK_DIGITS")!.detail).toMatch(/OCR may have misread it/);
    // a misread check digit breaks the composite too: never a decline, however many variants agree
    const lines = mrzLines(person, "TD3");
    const misread = [
      lines[0]!,
      lines[1]!.slice(0, 19) + String((Number(lines[1]![19]) + 1) % 10) + lines[1]!.slice(20),
    ];
    const exam = examination(person);
    const d = decide(
      evidence({ ...exam, mrz: { ...exam.mrz!, lines: misread, result: parse(misread), agreement: 5 } }),
      policy,
    );
    expect(results(d.checks).CHECK_DIGITS).toBe("REVIEW");
    expect(d.result).toBe("MANUAL_REVIEW");
  });

  it("names a date of birth printed with unknown parts instead of calling it unreadable", () => {
    const exam = examination(person);
    const withBirth = (birth: string) => {
      const l2 = exam.mrz!.lines[1]!;
      const body = l2.slice(0, 13) + birth + checkDigit(birth) + l2.slice(20, 43);
      const lines = [exam.mrz!.lines[0]!, body + checkDigit(body.slice(0, 10) + body.slice(13, 20) + body.slice(21))];
      return decide(evidence({ ...exam, mrz: { ...exam.mrz!, lines, result: parse(lines) } }), policy);
    };
    const detail = (d: ReturnType<typeof decide>) => d.checks.find((c) => c.name === "DATE_OF_BIRTH")!;
    const dayUnknown = withBirth("6503<<");
    expect(detail(dayUnknown)).toMatchObject({ result: "REVIEW" });
    expect(detail(dayUnknown).detail).toContain("unknown but for the year and month, 1965-03");
    expect(dayUnknown.data.date_of_birth).toBeNull();
    expect(results(dayUnknown.checks).CHECK_DIGITS).toBe("PASSED");
    expect(detail(withBirth("65<<<<")).detail).toContain("unknown but for the year, 1965");
    expect(detail(withBirth("<<<<<<")).detail).toContain("wholly unknown");
    expect(detail(withBirth("650310")).result).toBe("PASSED");
  });

  it("tells a misread zone (a check digit fails) from an unknown state code (every digit holds) in data.mrz", () => {
    const known = decide(evidence(examination(person)), policy).data.mrz;
    expect(known).toMatchObject({ valid: true, check_digits_valid: true, unknown_codes: [] });
    const misread = decide(evidence(examination(person, { corrupt: "birth" })), policy).data.mrz;
    expect(misread).toMatchObject({ valid: false, check_digits_valid: false, unknown_codes: [] });
    // ICAO 9303-4's specimen: every check digit holds, but UTO (Utopia) is no state
    const utopia = ["P<UTOERIKSSON<<ANNA<MARIA<<<<<<<<<<<<<<<<<<<", "L898902C36UTO7408122F1204159ZE184226B<<<<<10"];
    const exam = examination(person);
    const specimen = decide(evidence({ ...exam, mrz: { ...exam.mrz!, lines: utopia, result: parse(utopia) } }), policy)
      .data.mrz;
    expect(specimen).toMatchObject({
      valid: false,
      check_digits_valid: true,
      unknown_codes: [
        { field: "issuing_state", code: "UTO" },
        { field: "nationality", code: "UTO" },
      ],
    });
  });

  it("declines an expired document on a certain reading of its expiry, reviews an uncertain one", () => {
    const d = decide(evidence(examination({ ...person, expiryDate: "2025-01-31" })), policy);
    expect(results(d.checks).DOCUMENT_EXPIRY).toBe("FAILED");
    expect(d.result).toBe("DECLINED");
    // the expiry's own check digit fails (one misread digit) and the date is not printed: it may not be past at all
    const expired = { ...person, expiryDate: "2025-01-31" };
    const misread = decide(
      evidence(examination(expired, { corrupt: "expiry", printed: `PASSPORT\n${person.surname}\n${person.given}` })),
      policy,
    );
    expect(results(misread.checks).DOCUMENT_EXPIRY).toBe("REVIEW");
    expect(misread.result).toBe("MANUAL_REVIEW");
    // the same reading with the date printed on the page: certain again
    expect(results(decide(evidence(examination(expired, { corrupt: "expiry" })), policy).checks).DOCUMENT_EXPIRY).toBe(
      "FAILED",
    );
    // printed with a two-digit year, as ICAO's specimens print it: the MRZ has none either
    const short = `PASSPORT\n${person.surname}\n${person.given}\n31 JAN/JANV 25`;
    expect(
      results(decide(evidence(examination(expired, { corrupt: "expiry", printed: short })), policy).checks)
        .DOCUMENT_EXPIRY,
    ).toBe("FAILED");
  });

  it("sends a declared type or country that differs from the MRZ to review, and declines one the workflow does not accept", () => {
    expect(decide(evidence(examination(person), { type: "NATIONAL_ID", country: "NL" }), policy)).toMatchObject({
      result: "MANUAL_REVIEW",
      data: { template_matching_result: "REVIEW_NEEDED" },
    });
    expect(decide(evidence(examination(person), { type: "PASSPORT", country: "BE" }), policy).result).toBe(
      "MANUAL_REVIEW",
    );
    expect(
      decide(evidence(examination(person), { type: "PASSPORT", country: "BE" }), {
        ...policy,
        allowedCountries: ["BE"],
      }).result,
    ).toBe("DECLINED");
  });

  it("flags a printed field that differs from the MRZ, an ELA hot spot and editing software", () => {
    const pasted = decide(
      evidence(examination(person, { printed: `PASSPORT\nKARLSSON\nWILLEKE\n10 MAR 1965\nSPECI2014` })),
      policy,
    );
    expect(pasted).toMatchObject({
      result: "MANUAL_REVIEW",
      data: { alteration_detection_results: "ALTERATIONS_SUSPECTED" },
    });
    expect(decide(evidence(examination(person, { ela: 6 })), policy).data.alteration_detection_results).toBe(
      "ALTERATIONS_SUSPECTED",
    );
    const edited = decide({ ...evidence(examination(person)), fileMeta: { software: "Adobe Photoshop 25.3" } }, policy);
    expect(edited.checks.find((c) => c.name === "ALTERATION_DETECTION")?.detail).toContain("Photoshop");
  });

  it("does not call a page altered by its date of issue or a misread expiry where OCR missed the date of birth", () => {
    // three real specimens (a Serbian card, a Czech passport, a US visa): the page OCR read the date of issue and
    // not the date of birth, and the date of issue "differed" from the MRZ's date of birth
    const page = (birth: string) =>
      `PASSPORT\n${person.surname}\n${person.given}\n${birth}\n${person.documentNumber}\n16 APR 2024\n${passportDate(person.expiryDate)}`;
    const unread = decide(evidence(examination(person, { printed: page("") })), policy);
    expect(unread.result).toBe("APPROVED");
    expect(unread.checks.find((c) => c.name === "FIELD_CONSISTENCY")?.detail).toContain(
      "date of birth could not be read",
    );
    // nor by its expiry misread in a digit that puts it years later (a Romanian card's 2013 read as 2018)
    const misread = decide(evidence(examination(person, { printed: `${page("")}\n15 APR 2039` })), policy);
    expect(misread.result).toBe("APPROVED");
    // a printed date of birth changed by years is still one
    const altered = decide(evidence(examination(person, { printed: page("21 JUL 1971") })), policy);
    expect(altered).toMatchObject({
      result: "MANUAL_REVIEW",
      data: { alteration_detection_results: "ALTERATIONS_SUSPECTED" },
    });
  });

  it("confirms a date of birth printed with a two-digit year, and never calls one a different date of birth", () => {
    const page = (birth: string) =>
      `PASSPORT\n${person.surname}\n${person.given}\n${birth}\n${person.documentNumber}\n${passportDate(person.expiryDate)}`;
    const short = decide(evidence(examination(person, { printed: page("10 MAR/MARS 65") })), policy);
    expect(short.result).toBe("APPROVED");
    expect(short.checks.find((c) => c.name === "FIELD_CONSISTENCY")?.detail).toBe(
      "Name, date of birth and document number of the MRZ are printed on the page.",
    );
    // the century is not printed: 21 JUL 71 may be a date of issue in 1971 or 2071's misread, not a rival birth date
    const other = decide(evidence(examination(person, { printed: page("21 JUL/JUIL 71") })), policy);
    expect(other.result).toBe("APPROVED");
    expect(other.checks.find((c) => c.name === "FIELD_CONSISTENCY")?.detail).toContain(
      "date of birth could not be read",
    );
  });

  it("never approves without an MRZ, and says why for a driving licence", () => {
    const d = decide(
      evidence(examination(person, { noMrz: true }), { type: "DRIVERS_LICENSE", country: "NL" }),
      policy,
    );
    expect(d.result).toBe("MANUAL_REVIEW");
    expect(d.checks.find((c) => c.name === "MRZ_READ")?.detail).toContain("usually has none");
    expect(d.data).toMatchObject({ full_name: null, date_of_birth: null, template_matching_result: "NOT_CHECKED" });
  });

  it("says so when the MRZ reading budget ran out, and sends the document to review", () => {
    const nothing = decide(evidence({ ...examination(person, { noMrz: true }), mrzBudgetSpent: true }), policy);
    expect(nothing.result).toBe("MANUAL_REVIEW");
    expect(nothing.checks.find((c) => c.name === "MRZ_READ")).toMatchObject({
      result: "REVIEW",
      detail: expect.stringContaining("reading budget"),
    });
    const failing = decide(
      evidence({
        ...examination(person, { corrupt: "document", agreement: 1, printed: "PASSPORT\nDE BRUIJN\nWILLEKE" }),
        mrzBudgetSpent: true,
      }),
      policy,
    );
    expect(failing.result).toBe("MANUAL_REVIEW");
    expect(failing.checks.find((c) => c.name === "CHECK_DIGITS")?.detail).toContain("reading budget ran out");
  });

  it("reviews a document another identity of the account submitted", () => {
    const d = decide(
      { ...evidence(examination(person)), duplicates: [{ verificationId: "v-1", reason: "DOCUMENT_NUMBER" }] },
      policy,
    );
    expect(results(d.checks).DUPLICATE_DOCUMENT).toBe("REVIEW");
    expect(d.data.alteration_signals).toEqual(
      expect.arrayContaining([expect.objectContaining({ signal: "DUPLICATE_ACROSS_IDENTITIES" })]),
    );
  });
});

describe("typesOfMrz", () => {
  it("sends a nationality that is no known state to review (no check digit covers it)", () => {
    const exam = examination(person);
    const lines = [exam.mrz!.lines[0]!, exam.mrz!.lines[1]!.slice(0, 10) + "BNE" + exam.mrz!.lines[1]!.slice(13)];
    const d = decide(evidence({ ...exam, mrz: { ...exam.mrz!, lines, result: parse(lines) } }), policy);
    expect(d.checks.find((c) => c.name === "TEMPLATE_MATCHING")).toMatchObject({
      result: "REVIEW",
      detail: expect.stringContaining('the nationality "BNE" is not a known state'),
    });
    expect(d.result).toBe("MANUAL_REVIEW");
  });

  it("takes a holder's category ICAO lists as a nationality (XXA stateless), and names an organisation as issuer", () => {
    const exam = examination(person);
    const withCodes = (issuer: string, nationality: string) => {
      const [first, second] = [exam.mrz!.lines[0]!, exam.mrz!.lines[1]!];
      const lines = [first.slice(0, 2) + issuer + first.slice(5), second.slice(0, 10) + nationality + second.slice(13)];
      const d = decide(evidence({ ...exam, mrz: { ...exam.mrz!, lines, result: parse(lines) } }), policy);
      return d.checks.find((c) => c.name === "TEMPLATE_MATCHING")!;
    };
    const issuer = exam.mrz!.lines[0]!.slice(2, 5);
    expect(withCodes(issuer, "XXA").detail).not.toContain("nationality");
    expect(withCodes(issuer, "XXA").result).toBe(withCodes(issuer, issuer).result);
    expect(withCodes("UNO", "XXA")).toMatchObject({
      result: "REVIEW",
      detail: expect.stringContaining('the issuer "UNO" is no current state (ICAO: United Nations Organization'),
    });
    // a code the parser does not know is named as printed (ICAO's specimen state)
    expect(withCodes("UTO", "UTO").detail).toContain('the issuing state "UTO" is not a known country');
  });

  it("maps ICAO formats and codes to declared types", () => {
    expect(typesOfMrz("TD3", "P")).toEqual(["PASSPORT"]);
    expect(typesOfMrz("TD1", "I")).toEqual(["NATIONAL_ID", "RESIDENCE_PERMIT"]);
    expect(typesOfMrz("TD1", "IR")).toEqual(["RESIDENCE_PERMIT"]);
    // machine-readable visas: MRV-A is TD3-sized, MRV-B TD2-sized, both with document code V
    expect(typesOfMrz("TD3", "V<")).toEqual(["VISA"]);
    expect(typesOfMrz("TD2", "VD")).toEqual(["VISA"]);
    expect(typesOfMrz("TD1", "V<")).toEqual([]);
  });
});
