// Test-only: the rules without OCR, on a passport whose MRZ lines and printed text are known (decide.test.ts,
// field-consistency.test.ts): a Dutch holder, the page as the page OCR would read it, an untouched image.
import { parse } from "mrz";
import type { Evidence } from "@/lib/checks/document-verification/decide";
import type { Policy } from "@/lib/checks/document-verification/rules";
import type { Examination } from "@/lib/engines/documents/examine-document";
import { printedZone, type PrintedZone } from "@/lib/engines/documents/ocr/printed-zone";
import { evidenceOf, untouchedImage } from "@/test/decide-fixtures";
import { mrzLines, passportDate, randomPerson, seededRandom, type Person } from "@/test/document-images";

export const today = new Date("2026-11-25T00:00:00Z");
export const policy: Policy = { today, allowedTypes: [], allowedCountries: [] };
export const person: Person = {
  ...randomPerson(seededRandom(3), "TD3", today),
  country: "NL",
  nationality: "NL",
  surname: "DE BRUIJN",
  given: "WILLEKE",
  documentNumber: "SPECI2014",
  birthDate: "1965-03-10",
  expiryDate: "2034-04-15",
};

export function examination(
  p: Person,
  options: {
    corrupt?: "document" | "birth" | "expiry" | "composite";
    printed?: string;
    ela?: number;
    noMrz?: boolean;
    agreement?: number;
  } = {},
): Examination {
  const lines = mrzLines(p, "TD3", options.corrupt);
  const printed =
    options.printed ??
    `PASSPORT\n${p.surname}\n${p.given}\n${passportDate(p.birthDate)}\n${p.documentNumber}\n${passportDate(p.expiryDate)}`;
  return {
    mrz: options.noMrz
      ? null
      : {
          lines,
          rawLines: lines,
          format: "TD3",
          result: parse(lines),
          repairs: [],
          position: 0.9,
          confidence: 80,
          agreement: options.agreement ?? 3,
          variants: 3,
        },
    mrzSide: options.noMrz ? null : "FRONT",
    zone: printedZone([printed]),
    address: null,
    pageConfidence: 80,
    ...untouchedImage(1250, 880, options.ela ?? 1.4),
  };
}
export const evidence = (exam: Examination, declared = { type: "PASSPORT", country: "NL" }): Evidence =>
  evidenceOf(exam, declared);

/** The printed text as a page OCR reads it with every word confident (word confidence 95). */
export const confidentlyRead = (printed: string): PrintedZone =>
  printedZone(
    [printed],
    printed.split(/\s+/).map((text) => ({ text, confidence: 95 })),
  );
