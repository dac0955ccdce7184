import { afterAll, describe, expect, it } from "vitest";
import { prisma } from "@/lib/core/db";
import { createWorker } from "@/lib/jobs/adapters/in-process";
import { stopOcrEngine } from "@/lib/engines/documents/ocr/ocr-engine";
import * as statusModule from "@/app/api/v1/verifications/[verificationId]/status/route";
import * as sendInputsModule from "@/app/api/v1/verifications/[verificationId]/send-inputs/route";
import { call, route } from "@/test/api-client";
import { drawPassport, randomPerson, seededRandom, type Person } from "@/test/document-images";
import { createTestAccount, sessionTokenFor, startVerification } from "@/test/fixtures";
import { dataUrl } from "@/test/images";
import { sampleFace, stillVideo } from "@/test/sample-faces";

const statusRoute = route("/api/v1/verifications/[verificationId]/status", statusModule);
const sendInputsRoute = route("/api/v1/verifications/[verificationId]/send-inputs", sendInputsModule);

// The demo's "full-kyc" workflow through the real engine and the real checks: a generated passport (OCR + MRZ),
// a selfie "video" that is a still photo (so not live), an address, and the watchlist screening the name the
// document step read. Slow on purpose (OCR, face models): it is the one test that runs them all together.

afterAll(() => stopOcrEngine());

describe("full-kyc through the engine", { timeout: 180_000 }, () => {
  it("reads the passport, refuses a still photo as live, screens the document's name, and declines by the rule", async () => {
    const account = await createTestAccount();
    const today = new Date();
    const person: Person = {
      ...randomPerson(seededRandom(9), "TD3", today),
      country: "NL",
      nationality: "NL",
      surname: "VISSER",
      given: "ANNA",
      documentNumber: "NP5823461",
      birthDate: "1988-03-14",
      sex: "F",
    };
    const passport = await drawPassport(person);
    const selfie = await stillVideo(await sampleFace(1), 3);

    const { verificationId, verificationUrl } = await startVerification(account, "full-kyc", {
      reference: "full-kyc-e2e",
    });
    const token = await sessionTokenFor(verificationUrl);
    const sent = await call(sendInputsRoute, `/api/v1/verifications/${verificationId}/send-inputs`, {
      token,
      body: {
        inputs: [
          { fieldName: "DOCUMENT_COUNTRY", type: "TEXT", value: "NL" },
          { fieldName: "DOCUMENT_TYPE", type: "TEXT", value: "PASSPORT" },
          { fieldName: "DOCUMENT_FRONT", type: "FILE", value: dataUrl(passport.front, "image/png") },
          { fieldName: "SELFIE_VIDEO", type: "FILE", value: dataUrl(selfie, "video/webm") },
          { fieldName: "ADDRESS_LINE", type: "TEXT", value: "Prinsengracht 263" },
          { fieldName: "CITY", type: "TEXT", value: "Amsterdam" },
          { fieldName: "POSTAL_CODE", type: "TEXT", value: "1016 GV" },
          { fieldName: "COUNTRY", type: "TEXT", value: "NL" },
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
      select: { processType: true, status: true, result: true, data: true },
    });
    const step = (type: string) => steps.find((s) => s.processType === type)!;
    expect(steps.map((s) => [s.processType, s.status])).toEqual([
      ["DOCUMENT_VERIFICATION", "COMPLETED"],
      ["LIVENESS", "COMPLETED"],
      ["ADDRESS_VERIFICATION", "COMPLETED"],
      ["WATCHLIST_CHECK", "COMPLETED"],
    ]);
    // the document step read the passport
    expect(step("DOCUMENT_VERIFICATION").data).toMatchObject({
      full_name: "ANNA VISSER",
      date_of_birth: "1988-03-14",
      document_type: "PASSPORT",
      country_of_issuance: "NL",
      document_number: "NP5823461",
    });
    expect(step("DOCUMENT_VERIFICATION").result).toBe("APPROVED");
    // a photo held in front of the camera is not a live person
    expect(step("LIVENESS").data).toMatchObject({ live: false });
    expect(step("LIVENESS").result).toBe("DECLINED");
    // the watchlist screened the name the document step read, not anything typed
    expect(step("WATCHLIST_CHECK").data).toMatchObject({
      screened_name: "ANNA VISSER",
      screened_dob: "1988-03-14",
      name_source: "DOCUMENT_VERIFICATION",
    });

    const status = (await call(statusRoute, `/api/v1/verifications/${verificationId}/status`, account.auth)).body;
    expect(status).toMatchObject({ status: "COMPLETED", result: "DECLINED" });
  });
});
