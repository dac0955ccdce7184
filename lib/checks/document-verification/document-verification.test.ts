import sharp from "sharp";
import { afterAll, describe, expect, it } from "vitest";
import type { ProcessInput, StoredInput } from "@/lib/checks/types";
import {
  drawIdCard,
  drawPassport,
  randomPerson,
  seededRandom,
  type DrawnDocument,
  type Person,
} from "@/test/document-images";
import { tamper } from "@/test/document-variants";
import { drawLicence, randomLicencePerson } from "@/test/licence-images";
import { degradeBack } from "@/test/licence-variants";
import { testPorts } from "@/test/check-ports";
import { documentVerification as process } from "./document-verification";
import { stopOcrEngine } from "@/lib/engines/documents/ocr/ocr-engine";

// End to end on images generated at run time (OCR-B from fonts-ocr-b): real OCR, real rules; the database
// lookups are stubbed (lib/domain/verifications/find-duplicate-documents.ts has its own integration test).

const today = new Date("2026-11-25T00:00:00Z");
const base = randomPerson(seededRandom(42), "TD3", today);
const person: Person = {
  ...base,
  country: "NL",
  nationality: "NL",
  surname: "JANSSENS",
  given: "EMMA",
  documentNumber: "NX4812753",
  birthDate: "1984-06-21",
  sex: "F",
  expiryDate: "2031-09-30",
};

function input(
  doc: { front: Buffer; back?: Buffer | null },
  declared: { type: string; country: string },
): ProcessInput {
  const files = new Map<string, Buffer>([
    ["front", doc.front],
    ...(doc.back ? [["back", doc.back] as [string, Buffer]] : []),
  ]);
  const inputs = new Map<string, StoredInput>([
    ["DOCUMENT_TYPE", { type: "TEXT", value: declared.type, fileId: null }],
    ["DOCUMENT_COUNTRY", { type: "TEXT", value: declared.country, fileId: null }],
    ["DOCUMENT_FRONT", { type: "FILE", value: null, fileId: "front" }],
    ...(doc.back ? [["DOCUMENT_BACK", { type: "FILE", value: null, fileId: "back" }] as [string, StoredInput]] : []),
  ]);
  return {
    verification: {
      id: "00000000-0000-7000-8000-000000000001",
      accountId: "a",
      identityId: "i",
      workflowId: "w",
      ipAddress: null,
      metadata: {},
      createdAt: today,
    },
    workflow: { processes: ["DOCUMENT_VERIFICATION"], documentTypes: [], countries: [], settings: {} },
    inputs,
    readFile: async (id) => (files.has(id) ? { bytes: files.get(id)!, contentType: "image/png" } : null),
    earlierSteps: [],
    now: today,
    ports: testPorts({ findDuplicateDocuments: async () => [], fileMeta: async () => ({}) }),
  };
}
const resultOf = (checks: { name: string; result: string }[]) =>
  Object.fromEntries(checks.map((c) => [c.name, c.result]));

afterAll(() => stopOcrEngine());

describe("documentVerification.run", { timeout: 60_000 }, () => {
  let passport: DrawnDocument;

  it("reads a valid passport: the spec's fields, every check passed, APPROVED", async () => {
    passport = await drawPassport(person);
    const output = await process.run(input(passport, { type: "PASSPORT", country: "NL" }));
    expect(output.data).toMatchObject({
      full_name: "EMMA JANSSENS",
      date_of_birth: "1984-06-21",
      document_type: "PASSPORT",
      country_of_issuance: "NL",
      document_number: "NX4812753",
      expiry_date: "2031-09-30",
      nationality: "NL",
      sex: "F",
      template_matching_result: "PASSED",
      alteration_detection_results: "NO_ALTERATIONS_DETECTED",
    });
    expect(output.data.image_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(output.result).toBe("APPROVED");
  });

  it("sends a passport whose MRZ carries a wrong check digit to review, saying it may not be the one issued", async () => {
    const doc = await drawPassport(person, { corrupt: "birth" });
    const output = await process.run(input(doc, { type: "PASSPORT", country: "NL" }));
    expect(resultOf(output.checks).CHECK_DIGITS).toBe("REVIEW");
    expect(output.checks.find((c) => c.name === "CHECK_DIGITS")!.detail).toMatch(
      /Birth date check digit.*may not be the one issued/,
    );
    expect(output.result).toBe("MANUAL_REVIEW");
  });

  it("declines an expired passport", async () => {
    const doc = await drawPassport({ ...person, expiryDate: "2025-02-28" });
    const output = await process.run(input(doc, { type: "PASSPORT", country: "NL" }));
    expect(resultOf(output.checks).DOCUMENT_EXPIRY).toBe("FAILED");
    expect(output.result).toBe("DECLINED");
  });

  it("flags a passport whose printed surname was pasted over", async () => {
    const forged = await tamper(passport, "name", seededRandom(1));
    const output = await process.run(input({ front: forged }, { type: "PASSPORT", country: "NL" }));
    expect(output.data.alteration_detection_results).toBe("ALTERATIONS_SUSPECTED");
    expect(output.result).toBe("MANUAL_REVIEW");
  });

  it("sends a passport declared as another country's identity card to review", async () => {
    const output = await process.run(input(passport, { type: "NATIONAL_ID", country: "BE" }));
    expect(resultOf(output.checks).TEMPLATE_MATCHING).toBe("REVIEW");
    expect(output.data).toMatchObject({
      template_matching_result: "REVIEW_NEEDED",
      document_type: "PASSPORT",
      country_of_issuance: "NL",
      declared_country: "BE",
    });
    expect(output.result).toBe("MANUAL_REVIEW");
  });

  it("reads a TD1 identity card's MRZ from the back, and the printed address", async () => {
    const card = await drawIdCard({
      ...person,
      country: "FR",
      nationality: "FR",
      address: "RUE DE LA PAIX 12, 75002 PARIS",
    });
    const output = await process.run(input(card, { type: "NATIONAL_ID", country: "FR" }));
    expect(output.data).toMatchObject({
      full_name: "EMMA JANSSENS",
      document_number: "NX4812753",
      country_of_issuance: "FR",
      address: "RUE DE LA PAIX 12, 75002 PARIS",
    });
    expect(output.data.mrz).toMatchObject({ format: "TD1", side: "BACK", valid: true });
    expect(output.result).toBe("APPROVED");
  });

  it("never approves a document without an MRZ", async () => {
    const blank = await sharp({ create: { width: 1000, height: 640, channels: 3, background: "#e8e8e0" } })
      .png()
      .toBuffer();
    const output = await process.run(input({ front: blank, back: blank }, { type: "DRIVERS_LICENSE", country: "NL" }));
    expect(resultOf(output.checks).MRZ_READ).toBe("REVIEW");
    expect(output.result).toBe("MANUAL_REVIEW");
  });

  describe("a US licence, decided from its PDF417 back and checked against its front", () => {
    const licencePerson = {
      ...randomLicencePerson(seededRandom(8), today),
      kind: "DL" as const,
      surname: "OKAFOR",
      given: "AALIYAH",
      middle: null,
      birthDate: "1988-03-27",
      number: "F4417285",
    };
    const licenceInput = (doc: { front: Buffer; back?: Buffer | null }, country = licencePerson.jurisdiction.country) =>
      input(doc, { type: "DRIVERS_LICENSE", country });

    it("approves a genuine card and extracts its data and address from the barcode", async () => {
      const card = await drawLicence(licencePerson);
      const back = await degradeBack(card.back, "clean", seededRandom(2));
      const output = await process.run(licenceInput({ front: card.front, back }));
      expect(resultOf(output.checks)).toMatchObject({ BARCODE_READ: "PASSED", FIELD_CONSISTENCY: "PASSED" });
      expect(output.data).toMatchObject({
        full_name: "AALIYAH OKAFOR",
        date_of_birth: "1988-03-27",
        document_number: "F4417285",
        document_type: "DRIVERS_LICENSE",
        country_of_issuance: licencePerson.jurisdiction.country,
        expiry_date: licencePerson.expiryDate,
        address: { address_line: licencePerson.street, city: licencePerson.city },
        barcode: { format: "PDF417", standard: "AAMVA", side: "BACK" },
      });
      expect(output.result).toBe("APPROVED");
    });

    it("suspects an alteration when the printed front is not what the back encodes", async () => {
      const card = await drawLicence(licencePerson, { front: { birthDate: "1979-11-04", number: "F9902231" } });
      const output = await process.run(licenceInput(card));
      expect(resultOf(output.checks).FIELD_CONSISTENCY).toBe("REVIEW");
      expect(output.data.alteration_detection_results).toBe("ALTERATIONS_SUSPECTED");
      expect(output.result).toBe("MANUAL_REVIEW");
    });

    it("sends a card without its back to review, never declines it", async () => {
      const card = await drawLicence(licencePerson);
      const output = await process.run(licenceInput({ front: card.front }));
      expect(output.checks[0]).toMatchObject({ name: "BARCODE_READ", result: "REVIEW" });
      expect(output.result).toBe("MANUAL_REVIEW");
    });
  });
});
