import { parse } from "mrz";
import { describe, expect, it } from "vitest";
import { checkResults, evidenceOf, untouchedImage } from "@/test/decide-fixtures";
import { decide } from "./decide";
import type { Policy } from "./rules";
import type { Examination } from "@/lib/engines/documents/examine-document";
import { checkDigit } from "@/lib/engines/documents/mrz/icao";
import { printedZone } from "@/lib/engines/documents/ocr/printed-zone";

// ID cards and residence permits: a TD1 (3 × 30) or TD2 (2 × 36) MRZ on the back, every check digit validated as a
// passport's, and the printed front matched with it. Built from known lines (the OCR of such backs is measured in
// document-verification.test.ts and on real TD1/TD2 specimens in real-documents.real.test.ts).

const today = new Date("2026-11-25T00:00:00Z");
const policy: Policy = { today, allowedTypes: [], allowedCountries: [] };
const pad = (s: string, n: number) => (s + "<".repeat(n)).slice(0, n);

type Card = { code: string; state: string; number: string; birth: string; sex: string; expiry: string };
const card: Card = { code: "ID", state: "ROU", number: "RT1234567", birth: "880524", sex: "F", expiry: "310524" };

function td2(c: Card, corrupt?: "number"): string[] {
  const num = pad(c.number, 9);
  const numC = corrupt === "number" ? String((Number(checkDigit(num)) + 4) % 10) : checkDigit(num);
  const start = num + numC + c.state + c.birth + checkDigit(c.birth) + c.sex + c.expiry + checkDigit(c.expiry);
  const optional = pad("", 7);
  const composite = checkDigit(num + numC + c.birth + checkDigit(c.birth) + c.expiry + checkDigit(c.expiry) + optional);
  return [pad(`${c.code}${c.state}POPESCU<<ANA<MARIA`, 36), start + optional + composite];
}

function td1(c: Card): string[] {
  const num = pad(c.number, 9);
  const l1 = `${c.code}${c.state}${num}${checkDigit(num)}${pad("", 15)}`;
  const l2start = c.birth + checkDigit(c.birth) + c.sex + c.expiry + checkDigit(c.expiry) + c.state + pad("", 11);
  const composite = checkDigit(l1.slice(5) + l2start.slice(0, 7) + l2start.slice(8, 15) + pad("", 11));
  return [l1, l2start + composite, pad("POPESCU<<ANA<MARIA", 30)];
}

const FRONT = "ROMANIA CARTE DE IDENTITATE\nNume POPESCU\nPrenume ANA MARIA\nData nasterii 24.05.1988\nRT1234567";

function examination(lines: string[], format: "TD1" | "TD2", front = FRONT): Examination {
  const words = front.split(/\s+/).map((text) => ({ text, confidence: 92 }));
  return {
    mrz: {
      lines,
      rawLines: lines,
      format,
      result: parse(lines),
      repairs: [],
      position: 0.85,
      confidence: 80,
      agreement: 3,
      variants: 3,
    },
    mrzSide: "BACK",
    barcode: null,
    backSubmitted: true,
    zone: printedZone([front], words),
    address: null,
    pageConfidence: 85,
    ...untouchedImage(1027, 648),
  };
}
const run = (exam: Examination, type = "NATIONAL_ID") => decide(evidenceOf(exam, { type, country: "RO" }), policy);
const results = checkResults;

describe.each([
  ["TD1", td1(card)],
  ["TD2", td2(card)],
] as const)("an identity card with a %s MRZ on the back", (format, lines) => {
  it("is approved when every check digit holds and the front says the same", () => {
    const d = run(examination([...lines], format));
    expect(results(d.checks)).toMatchObject({
      MRZ_READ: "PASSED",
      CHECK_DIGITS: "PASSED",
      TEMPLATE_MATCHING: "PASSED",
      FIELD_CONSISTENCY: "PASSED",
    });
    expect(d.result).toBe("APPROVED");
    expect(d.data).toMatchObject({
      full_name: "ANA MARIA POPESCU",
      date_of_birth: "1988-05-24",
      expiry_date: "2031-05-24",
      document_number: "RT1234567",
      document_type: "NATIONAL_ID",
      country_of_issuance: "RO",
      mrz: { format, side: "BACK", valid: true },
    });
  });

  it("suspects an alteration when the front's birth date or number is not the back's", () => {
    const forged = FRONT.replace("24.05.1988", "17.11.1979").replace("RT1234567", "RT9988776");
    const d = run(examination([...lines], format, forged));
    expect(results(d.checks).FIELD_CONSISTENCY).toBe("REVIEW");
    expect(d.data.alteration_detection_results).toBe("ALTERATIONS_SUSPECTED");
    expect(d.result).toBe("MANUAL_REVIEW");
  });

  it("reviews a residence permit declared for an identity card", () => {
    const permit = format === "TD1" ? td1({ ...card, code: "IR" }) : td2({ ...card, code: "IR" });
    const d = run(examination(permit, format));
    expect(d.data.document_type).toBe("RESIDENCE_PERMIT");
    expect(d.result).toBe("MANUAL_REVIEW");
  });
});

it("reviews a TD2 back whose document number check digit fails, never declines it", () => {
  const d = run(examination(td2(card, "number"), "TD2"));
  expect(results(d.checks).CHECK_DIGITS).toBe("REVIEW");
  expect(d.checks.find((c) => c.name === "CHECK_DIGITS")!.detail).toMatch(/documentNumberCheckDigit|document number/i);
  expect(d.result).toBe("MANUAL_REVIEW");
});
