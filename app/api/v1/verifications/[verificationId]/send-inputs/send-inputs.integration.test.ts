import { describe, expect, it, vi } from "vitest";
import { clock } from "@/lib/core/clock";
import { prisma } from "@/lib/core/db";
import { countRows, sessionTokenFor, startVerification } from "@/test/fixtures";
import { account, ADDRESS, other, send, setUpSendInputs, statusOf } from "@/test/send-inputs-accounts";

// The endpoint's inputs, states and permissions (its files and videos: send-inputs-files.integration.test.ts)
setUpSendInputs();

describe("POST /api/v1/verifications/{id}/send-inputs", () => {
  it("stores every input, moves to PROCESSING and leaves a durable job and event for the engine", async () => {
    const { verificationId } = await startVerification(account, "address-only");
    const response = await send(verificationId, { inputs: ADDRESS });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ status: "success", message: expect.any(String), verificationId });
    const status = await statusOf(verificationId);
    expect(status).toMatchObject({ status: "PROCESSING", missingInputs: [] });
    const inputs = await prisma.verificationInput.findMany({
      where: { verificationId },
      orderBy: { fieldName: "asc" },
    });
    expect(inputs.map((i) => [i.fieldName, i.value])).toEqual([
      ["ADDRESS_LINE", "742 Evergreen Terrace"],
      ["CITY", "Springfield"],
      ["COUNTRY", "US"],
      ["POSTAL_CODE", "97403"],
    ]);
    expect(await prisma.job.count({ where: { verificationId, type: "RUN_VERIFICATION", doneAt: null } })).toBe(1);
    const events = await prisma.event.findMany({ where: { verificationId }, orderBy: { createdAt: "asc" } });
    expect(events.map((e) => e.name)).toEqual(["verification_started", "verification_inputs_completed"]);
  });

  it("collects inputs over several calls: PENDING → INITIATED → PROCESSING", async () => {
    const { verificationId } = await startVerification(account, "address-only");
    const first = await send(verificationId, { inputs: ADDRESS.slice(0, 2) });
    expect(first.body.message).toContain("POSTAL_CODE");
    expect(await statusOf(verificationId)).toMatchObject({ status: "INITIATED" });
    expect((await statusOf(verificationId)).missingInputs.map((i: { fieldName: string }) => i.fieldName)).toEqual([
      "POSTAL_CODE",
      "COUNTRY",
    ]);
    await send(verificationId, { inputs: ADDRESS.slice(2) });
    expect((await statusOf(verificationId)).status).toBe("PROCESSING");
  });

  it("takes Kosovo (XK) as a country, and needs no postal code where the country has none", async () => {
    const kosovo = await startVerification(account, "address-only");
    const sent = await send(kosovo.verificationId, {
      inputs: [...ADDRESS.slice(0, 3), { fieldName: "COUNTRY", value: "xk", type: "TEXT" }],
    });
    expect(sent.status).toBe(200);
    expect(await statusOf(kosovo.verificationId)).toMatchObject({ status: "PROCESSING", missingInputs: [] });
    const dubai = await startVerification(account, "address-only");
    await send(dubai.verificationId, {
      inputs: [
        ADDRESS[0],
        { fieldName: "CITY", value: "Dubai", type: "TEXT" },
        { fieldName: "COUNTRY", value: "AE", type: "TEXT" },
      ],
    });
    expect(await statusOf(dubai.verificationId)).toMatchObject({ status: "PROCESSING", missingInputs: [] });
  });

  it("waits with complete: false, then completes on an empty submission", async () => {
    const { verificationId } = await startVerification(account, "location");
    await send(verificationId, { inputs: [], complete: false });
    expect((await statusOf(verificationId)).status).toBe("INITIATED");
    await send(verificationId, {
      inputs: [
        {
          fieldName: "GEOLOCATION",
          type: "LOCATION",
          value: JSON.stringify({ latitude: 48.85, longitude: 2.35, accuracy: 20 }),
        },
      ],
      complete: false,
    });
    expect((await statusOf(verificationId)).status).toBe("INITIATED");
    await send(verificationId, { inputs: [] });
    expect((await statusOf(verificationId)).status).toBe("PROCESSING");
    const stored = await prisma.verificationInput.findFirstOrThrow({
      where: { verificationId, fieldName: "GEOLOCATION" },
    });
    expect(JSON.parse(stored.value!)).toEqual({ latitude: 48.85, longitude: 2.35, accuracy: 20 });
  });

  it("refuses inputs once processing or final with 409 INVALID_STATE", async () => {
    const { verificationId } = await startVerification(account, "address-only");
    await send(verificationId, { inputs: ADDRESS });
    const again = await send(verificationId, { inputs: ADDRESS.slice(0, 1) });
    expect(again.status).toBe(409);
    expect(again.body.error).toBe("INVALID_STATE");
    await prisma.verification.update({ where: { id: verificationId }, data: { status: "COMPLETED" } });
    expect((await send(verificationId, { inputs: ADDRESS.slice(0, 1) })).status).toBe(409);
  });

  it("starts processing exactly once when two requests complete the inputs at the same time", async () => {
    const { verificationId } = await startVerification(account, "address-only");
    const results = await Promise.all([
      send(verificationId, { inputs: ADDRESS }),
      send(verificationId, { inputs: ADDRESS }),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
    expect(await prisma.job.count({ where: { verificationId } })).toBe(1);
    expect(await prisma.event.count({ where: { verificationId, name: "verification_inputs_completed" } })).toBe(1);
  });

  it.each([
    [
      "an input the workflow does not ask for",
      [{ fieldName: "SELFIE_VIDEO", value: "x", type: "TEXT" }],
      "SELFIE_VIDEO",
    ],
    ["the wrong type", [{ fieldName: "CITY", value: "x", type: "LOCATION" }], "CITY"],
    ["an invalid country", [{ fieldName: "COUNTRY", value: "XX", type: "TEXT" }], "COUNTRY"],
    ["a postal code with symbols", [{ fieldName: "POSTAL_CODE", value: "<script>", type: "TEXT" }], "POSTAL_CODE"],
    ["a NUL character", [{ fieldName: "CITY", value: "a\u0000b", type: "TEXT" }], "CITY"],
    ["an over-long value", [{ fieldName: "ADDRESS_LINE", value: "x".repeat(201), type: "TEXT" }], "ADDRESS_LINE"],
    ["the same field twice", [ADDRESS[0], ADDRESS[0]], "ADDRESS_LINE"],
  ])("refuses %s with VALIDATION_ERROR naming the field, storing nothing", async (_, inputs, field) => {
    const { verificationId } = await startVerification(account, "address-only");
    const response = await send(verificationId, {
      inputs: [...ADDRESS.slice(0, 1).filter((a) => a !== inputs[0]), ...inputs],
    });
    expect(response.status).toBe(400);
    expect(response.body.error).toBe("VALIDATION_ERROR");
    expect(response.body.details).toEqual(expect.arrayContaining([expect.objectContaining({ field })]));
    expect(await countRows(verificationId)).toMatchObject({ inputs: 0, files: 0 });
    expect((await statusOf(verificationId)).status).toBe("PENDING");
  });

  it.each([
    ["an unknown type", { inputs: [{ fieldName: "CITY", value: "x", type: "NUMBER" }] }],
    ["inputs that is not an array", { inputs: "CITY" }],
    ["a missing inputs field", {}],
    ["a value that is a number", { inputs: [{ fieldName: "CITY", value: 5, type: "TEXT" }] }],
  ])("refuses %s as VALIDATION_ERROR", async (_, body) => {
    const { verificationId } = await startVerification(account, "address-only");
    const response = await send(verificationId, body);
    expect(response.status).toBe(400);
    expect(response.body.error).toBe("VALIDATION_ERROR");
  });

  it("checks DROPDOWN values against the offered options and the document type against the country", async () => {
    const { verificationId } = await startVerification(account, "document");
    const notOffered = await send(verificationId, {
      inputs: [{ fieldName: "DOCUMENT_TYPE", value: "VOTER_ID", type: "TEXT" }],
    });
    expect(notOffered.body.details).toEqual([{ field: "DOCUMENT_TYPE", message: "Not one of the offered options" }]);
    const notIssued = await send(verificationId, {
      inputs: [
        { fieldName: "DOCUMENT_COUNTRY", value: "GB", type: "TEXT" },
        { fieldName: "DOCUMENT_TYPE", value: "NATIONAL_ID", type: "TEXT" },
      ],
    });
    expect(notIssued.body.details).toEqual([{ field: "DOCUMENT_TYPE", message: "NATIONAL_ID is not issued in GB" }]);
    const ok = await send(verificationId, {
      inputs: [
        { fieldName: "DOCUMENT_COUNTRY", value: "de", type: "TEXT" },
        { fieldName: "DOCUMENT_TYPE", value: "national_id", type: "TEXT" },
      ],
    });
    expect(ok.status).toBe(200);
    // a two-sided type makes DOCUMENT_BACK required
    expect((await statusOf(verificationId)).missingInputs.map((i: { fieldName: string }) => i.fieldName)).toEqual([
      "DOCUMENT_FRONT",
      "DOCUMENT_BACK",
    ]);
  });

  it("accepts a visa where the workflow names no types (every type offered), with no back to send", async () => {
    const { verificationId } = await startVerification(account, "any-document");
    const ok = await send(verificationId, {
      inputs: [
        { fieldName: "DOCUMENT_COUNTRY", value: "US", type: "TEXT" },
        { fieldName: "DOCUMENT_TYPE", value: "visa", type: "TEXT" },
      ],
    });
    expect(ok.status).toBe(200);
    expect((await statusOf(verificationId)).missingInputs.map((i: { fieldName: string }) => i.fieldName)).toEqual([
      "DOCUMENT_FRONT",
    ]);
  });

  it("answers 404 for another account's verification and with a session token of another verification", async () => {
    const theirs = await startVerification(other, "address-only");
    const response = await send(theirs.verificationId, { inputs: ADDRESS });
    expect(response.status).toBe(404);
    expect(response.body.error).toBe("VERIFICATION_NOT_FOUND");

    const mine = await startVerification(account, "address-only");
    const token = await sessionTokenFor(mine.verificationUrl);
    const crossed = await send(theirs.verificationId, { inputs: ADDRESS }, { token });
    expect(crossed.status).toBe(404);
    expect(await countRows(theirs.verificationId)).toMatchObject({ inputs: 0 });
  });

  it("accepts the verification's own session token, and no API key scope but verification:inputs", async () => {
    const { verificationId, verificationUrl } = await startVerification(account, "address-only");
    expect((await send(verificationId, { inputs: ADDRESS.slice(0, 1) }, account.as(account.keys.read))).status).toBe(
      403,
    );
    expect((await send(verificationId, { inputs: ADDRESS.slice(0, 1) }, account.as(account.keys.inputs))).status).toBe(
      200,
    );
    const token = await sessionTokenFor(verificationUrl);
    expect((await send(verificationId, { inputs: ADDRESS.slice(1) }, { token })).status).toBe(200);
    expect((await statusOf(verificationId)).status).toBe("PROCESSING");
  });

  it("refuses forged or expired session tokens with 401", async () => {
    const { verificationId, verificationUrl } = await startVerification(account, "address-only");
    const token = await sessionTokenFor(verificationUrl);
    const forged = `${token.slice(0, -4)}0000`;
    expect((await send(verificationId, { inputs: [] }, { token: forged })).status).toBe(401);
    // a resume token is not a session token
    const resume = new URL(verificationUrl).searchParams.get("token")!;
    expect((await send(verificationId, { inputs: [] }, { token: resume })).status).toBe(401);
    // session tokens live SESSION_TOKEN_MINUTES (120)
    vi.spyOn(clock, "now").mockReturnValue(new Date(Date.now() + 121 * 60_000));
    expect((await send(verificationId, { inputs: [] }, { token })).status).toBe(401);
  });

  it("expires the link after LINK_EXPIRY_HOURS: 409, EXPIRED, verification_abandoned with reason EXPIRED", async () => {
    const { verificationId } = await startVerification(account, "expiring");
    vi.spyOn(clock, "now").mockReturnValue(new Date(Date.now() + 2 * 3_600_000 + 1000));
    const response = await send(verificationId, { inputs: ADDRESS });
    expect(response.status).toBe(409);
    expect((await statusOf(verificationId)).status).toBe("EXPIRED");
    const event = await prisma.event.findFirstOrThrow({ where: { verificationId, name: "verification_abandoned" } });
    expect(event.payload).toMatchObject({ verificationStatus: "ABANDONED", reason: "EXPIRED" });
  });

  it("asks for FULL_NAME and DATE_OF_BIRTH for a watchlist check without a document step", async () => {
    const { verificationId } = await startVerification(account, "watchlist");
    const bad = await send(verificationId, {
      inputs: [
        { fieldName: "FULL_NAME", value: "Ada Lovelace", type: "TEXT" },
        { fieldName: "DATE_OF_BIRTH", value: "1815-02-30", type: "TEXT" },
      ],
    });
    expect(bad.body.details).toEqual([{ field: "DATE_OF_BIRTH", message: "Not a real calendar date" }]);
    const ok = await send(verificationId, {
      inputs: [
        { fieldName: "FULL_NAME", value: "Ada Lovelace", type: "TEXT" },
        { fieldName: "DATE_OF_BIRTH", value: "1915-12-10", type: "TEXT" },
      ],
    });
    expect(ok.status).toBe(200);
    expect((await statusOf(verificationId)).status).toBe("PROCESSING");
  });
});
