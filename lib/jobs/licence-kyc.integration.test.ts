import { afterAll, describe, expect, it } from "vitest";
import { prisma } from "@/lib/core/db";
import { createWorker } from "@/lib/jobs/adapters/in-process";
import { stopOcrEngine } from "@/lib/engines/documents/ocr/ocr-engine";
import * as statusModule from "@/app/api/v1/verifications/[verificationId]/status/route";
import * as sendInputsModule from "@/app/api/v1/verifications/[verificationId]/send-inputs/route";
import { call, route } from "@/test/api-client";
import { createTestAccount, sessionTokenFor, startVerification } from "@/test/fixtures";
import { dataUrl } from "@/test/images";
import { drawLicence, JURISDICTIONS, randomLicencePerson, seededRandom } from "@/test/licence-images";
import { degradeBack } from "@/test/licence-variants";
import type { WorkflowDefinition } from "@/lib/domain/flows/publish-workflow";

const statusRoute = route("/api/v1/verifications/[verificationId]/status", statusModule);
const sendInputsRoute = route("/api/v1/verifications/[verificationId]/send-inputs", sendInputsModule);

// A US driving licence through the API, the engine and the real checks: the back's PDF417 decides the document
// step, and the address it encodes confirms (or not) the address the user typed in ADDRESS_VERIFICATION's
// DOCUMENT_CROSS_REFERENCE. Real PostgreSQL, real OCR of the front.

afterAll(() => stopOcrEngine());

const workflow: WorkflowDefinition = {
  name: "licence-and-address",
  processes: ["DOCUMENT_VERIFICATION", "ADDRESS_VERIFICATION"],
  documentTypes: ["DRIVERS_LICENSE", "NATIONAL_ID"],
  settings: { DOCUMENT_CROSS_REFERENCE: true, POSTAL_VALIDATION: true, ADDRESS_COMPLETENESS: true },
};

async function verifyLicence(typedStreet: string) {
  const account = await createTestAccount({ workflows: [workflow] });
  const person = {
    ...randomLicencePerson(seededRandom(14), new Date()),
    jurisdiction: JURISDICTIONS.find((j) => j.code === "TX")!,
    kind: "DL" as const,
    surname: "MARTINEZ",
    given: "SUSAN",
    middle: null,
    birthDate: "1979-10-02",
    number: "31958822",
    street: "1100 CONGRESS AVE",
    city: "AUSTIN",
    postalCode: "78701",
  };
  const licence = await drawLicence(person);
  const back = await degradeBack(licence.back, "clean", seededRandom(3));
  const { verificationId, verificationUrl } = await startVerification(account, workflow.name);
  const token = await sessionTokenFor(verificationUrl);
  const sent = await call(sendInputsRoute, `/api/v1/verifications/${verificationId}/send-inputs`, {
    token,
    body: {
      inputs: [
        { fieldName: "DOCUMENT_COUNTRY", type: "TEXT", value: "US" },
        { fieldName: "DOCUMENT_TYPE", type: "TEXT", value: "DRIVERS_LICENSE" },
        { fieldName: "DOCUMENT_FRONT", type: "FILE", value: dataUrl(licence.front, "image/png") },
        { fieldName: "DOCUMENT_BACK", type: "FILE", value: dataUrl(back, "image/jpeg") },
        { fieldName: "ADDRESS_LINE", type: "TEXT", value: typedStreet },
        { fieldName: "CITY", type: "TEXT", value: "Austin" },
        { fieldName: "POSTAL_CODE", type: "TEXT", value: "78701" },
        { fieldName: "COUNTRY", type: "TEXT", value: "US" },
      ],
    },
  });
  expect(sent.status, sent.text).toBe(200);
  const worker = createWorker({ pollMs: 50 });
  worker.start();
  await worker.idle();
  await worker.stop();
  const steps = await prisma.verificationStep.findMany({
    where: { verificationId },
    orderBy: { position: "asc" },
    select: { processType: true, result: true, data: true, checks: true },
  });
  const step = (type: string) => steps.find((s) => s.processType === type)!;
  const check = (type: string, name: string) =>
    (step(type).checks as { name: string; result: string }[]).find((c) => c.name === name)?.result;
  return { account, verificationId, step, check };
}

describe("a US driving licence through the engine", { timeout: 180_000 }, () => {
  it("is decided from its barcode, and its address confirms the typed one", async () => {
    const { step, check, account, verificationId } = await verifyLicence("1100 Congress Ave");
    expect(step("DOCUMENT_VERIFICATION").data).toMatchObject({
      full_name: "SUSAN MARTINEZ",
      date_of_birth: "1979-10-02",
      document_type: "DRIVERS_LICENSE",
      country_of_issuance: "US",
      document_number: "31958822",
      address: { address_line: "1100 CONGRESS AVE", city: "AUSTIN", province: "TX", postal_code: "78701" },
      barcode: { format: "PDF417", standard: "AAMVA", issuer: "TX" },
    });
    expect(check("DOCUMENT_VERIFICATION", "BARCODE_READ")).toBe("PASSED");
    expect(step("DOCUMENT_VERIFICATION").result).toBe("APPROVED");
    expect(check("ADDRESS_VERIFICATION", "DOCUMENT_CROSS_REFERENCE")).toBe("PASSED");
    expect(step("ADDRESS_VERIFICATION").data).toMatchObject({ source: "DOCUMENT" });
    const status = (await call(statusRoute, `/api/v1/verifications/${verificationId}/status`, account.auth)).body;
    expect(status).toMatchObject({ status: "COMPLETED", result: "APPROVED" });
  });

  it("sends an address the licence does not carry to review", async () => {
    const { check, step } = await verifyLicence("500 E Cesar Chavez St");
    expect(step("DOCUMENT_VERIFICATION").result).toBe("APPROVED");
    expect(check("ADDRESS_VERIFICATION", "DOCUMENT_CROSS_REFERENCE")).toBe("REVIEW");
    expect(step("ADDRESS_VERIFICATION").result).toBe("MANUAL_REVIEW");
  });
});
