import sharp from "sharp";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { clock } from "@/lib/core/clock";
import { prisma } from "@/lib/core/db";
import { readFile } from "@/lib/engines/storage/file-store";
import * as statusModule from "@/app/api/v1/verifications/[verificationId]/status/route";
import * as sendInputsModule from "@/app/api/v1/verifications/[verificationId]/send-inputs/route";
import { call, route } from "@/test/api-client";
import { countRows, createTestAccount, sessionTokenFor, startVerification, type TestAccount } from "@/test/fixtures";
import {
  heicDeclaring,
  longWebm,
  mp4Declaring,
  mp4WithExternalReference,
  pngDeclaring,
  polyglotWebm,
  smallMp4,
} from "@/test/hostile-media";
import { dataUrl, jpeg, png, webm, webmHeaderOnly } from "@/test/images";

const statusRoute = route("/api/v1/verifications/[verificationId]/status", statusModule);
const sendInputsRoute = route("/api/v1/verifications/[verificationId]/send-inputs", sendInputsModule);

let account: TestAccount;
let other: TestAccount;

beforeAll(async () => {
  account = await createTestAccount({
    workflows: [
      {
        name: "address-only",
        processes: ["ADDRESS_VERIFICATION"],
        settings: { ADDRESS_COMPLETENESS: true, POSTAL_VALIDATION: true },
      },
      { name: "document", processes: ["DOCUMENT_VERIFICATION"], documentTypes: ["PASSPORT", "NATIONAL_ID"] },
      { name: "any-document", processes: ["DOCUMENT_VERIFICATION"] },
      { name: "liveness", processes: ["LIVENESS"] },
      { name: "location", processes: ["LOCATION_INTELLIGENCE"] },
      { name: "watchlist", processes: ["WATCHLIST_CHECK"] },
      { name: "expiring", processes: ["ADDRESS_VERIFICATION"], settings: { LINK_EXPIRY_HOURS: 2 } },
    ],
  });
  other = await createTestAccount({ workflows: [{ name: "address-only", processes: ["ADDRESS_VERIFICATION"] }] });
});

afterEach(() => vi.restoreAllMocks());

const ADDRESS = [
  { fieldName: "ADDRESS_LINE", value: "742 Evergreen Terrace", type: "TEXT" },
  { fieldName: "CITY", value: "Springfield", type: "TEXT" },
  { fieldName: "POSTAL_CODE", value: "97403", type: "TEXT" },
  { fieldName: "COUNTRY", value: "us", type: "TEXT" },
];

const send = (verificationId: string, body: unknown, auth: { token?: string; clientId?: string } = account.auth) =>
  call(sendInputsRoute, `/api/v1/verifications/${verificationId}/send-inputs`, { ...auth, body });
const statusOf = async (verificationId: string) =>
  (await call(statusRoute, `/api/v1/verifications/${verificationId}/status`, account.auth)).body;

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

  it("accepts a JPEG as a data URL, stores it encrypted and re-encoded without metadata", async () => {
    const { verificationId } = await startVerification(account, "document");
    const original = await jpeg(800, 500, true);
    expect((await sharp(original).metadata()).exif).toBeDefined();
    const response = await send(verificationId, {
      inputs: [
        { fieldName: "DOCUMENT_COUNTRY", value: "FR", type: "TEXT" },
        { fieldName: "DOCUMENT_TYPE", value: "PASSPORT", type: "TEXT" },
        // the declared type is ignored: the bytes decide
        { fieldName: "DOCUMENT_FRONT", value: dataUrl(original, "image/png"), type: "FILE" },
      ],
    });
    expect(response.status).toBe(200);
    expect((await statusOf(verificationId)).status).toBe("PROCESSING");
    const input = await prisma.verificationInput.findFirstOrThrow({
      where: { verificationId, fieldName: "DOCUMENT_FRONT" },
      include: { file: true },
    });
    expect(input.file).toMatchObject({ contentType: "image/jpeg", accountId: account.accountId });
    expect(input.file!.meta).toMatchObject({
      software: "Adobe Photoshop 25.0",
      make: "TestCam",
      originalType: "image/jpeg",
      width: 800,
      height: 500,
    });
    const blob = await prisma.fileBlob.findUniqueOrThrow({ where: { key: input.file!.storageKey } });
    expect(Buffer.from(blob.data).includes(original.subarray(0, 64))).toBe(false);
    const plain = await readFile(account.accountId, input.file!.id);
    const meta = await sharp(plain!.bytes).metadata();
    expect(meta).toMatchObject({ format: "jpeg", width: 800, height: 500 });
    expect(meta.exif).toBeUndefined();
    // another account cannot read it
    expect(await readFile(other.accountId, input.file!.id)).toBeNull();
  });

  it("accepts files as multipart/form-data with a JSON inputs part", async () => {
    const { verificationId } = await startVerification(account, "liveness");
    const form = new FormData();
    form.set("inputs", JSON.stringify([{ fieldName: "SELFIE_VIDEO", type: "FILE" }]));
    form.set("SELFIE_VIDEO", new Blob([new Uint8Array(webm())], { type: "application/octet-stream" }), "selfie.webm");
    form.set("SELFIE_PHOTO", new Blob([new Uint8Array(await png())], { type: "image/png" }), "selfie.png");
    const response = await send(verificationId, form);
    expect(response.status).toBe(200);
    const files = await prisma.verificationInput.findMany({
      where: { verificationId },
      include: { file: true },
      orderBy: { fieldName: "asc" },
    });
    expect(files.map((f) => [f.fieldName, f.type, f.file?.contentType])).toEqual([
      ["SELFIE_PHOTO", "FILE", "image/png"],
      ["SELFIE_VIDEO", "FILE", "video/webm"],
    ]);
    expect((await statusOf(verificationId)).status).toBe("PROCESSING");
    // the container metadata (title, creation time) is gone; the video is the same video
    const video = files.find((f) => f.fieldName === "SELFIE_VIDEO")!;
    const stored = (await readFile(account.accountId, video.file!.id))!.bytes;
    expect(webm().includes(Buffer.from("Secret holiday video"))).toBe(true);
    expect(stored.includes(Buffer.from("Secret holiday video"))).toBe(false);
    expect(video.file!.meta).toMatchObject({ metadataStripped: true });
  });

  it("refuses a video that is only a header, with 422 VIDEO_UNREADABLE, storing nothing", async () => {
    const { verificationId } = await startVerification(account, "liveness");
    const response = await send(verificationId, {
      inputs: [{ fieldName: "SELFIE_VIDEO", value: dataUrl(webmHeaderOnly(), "video/webm"), type: "FILE" }],
    });
    expect(response.status).toBe(422);
    expect(response.body).toMatchObject({ error: "VIDEO_UNREADABLE", details: [{ field: "SELFIE_VIDEO" }] });
    expect(await prisma.verificationInput.count({ where: { verificationId } })).toBe(0);
  });

  it("refuses hostile videos and image bombs before decoding, each with its own 422 code, storing nothing", async () => {
    const { verificationId } = await startVerification(account, "liveness");
    const filesBefore = await prisma.storedFile.count({ where: { accountId: account.accountId } });
    const cases: [string, string, Buffer, string][] = [
      ["SELFIE_VIDEO", "video/webm", polyglotWebm(), "VIDEO_UNREADABLE"],
      ["SELFIE_VIDEO", "video/mp4", mp4Declaring(smallMp4(), 30_000, 30_000), "VIDEO_TOO_LARGE"],
      ["SELFIE_VIDEO", "video/webm", longWebm(600), "VIDEO_TOO_LONG"],
      [
        "SELFIE_VIDEO",
        "video/mp4",
        mp4WithExternalReference(smallMp4(), "http://127.0.0.1:9/concat:a.mp4|b.mp4"),
        "VIDEO_EXTERNAL_REFERENCE",
      ],
      ["SELFIE_PHOTO", "image/heic", heicDeclaring(20_000, 20_000), "IMAGE_TOO_LARGE"],
      ["SELFIE_PHOTO", "image/png", pngDeclaring(100_000, 100_000), "IMAGE_TOO_LARGE"],
    ];
    for (const [fieldName, mime, bytes, code] of cases) {
      const response = await send(verificationId, {
        inputs: [{ fieldName, value: dataUrl(bytes, mime), type: "FILE" }],
        complete: false,
      });
      expect({
        code,
        status: response.status,
        error: response.body.error,
        field: response.body.details?.[0]?.field,
      }).toEqual({ code, status: 422, error: code, field: fieldName });
    }
    expect(await countRows(verificationId)).toMatchObject({ inputs: 0, files: 0 });
    expect(await prisma.storedFile.count({ where: { accountId: account.accountId } })).toBe(filesBefore);
    expect((await statusOf(verificationId)).status).toBe("PENDING");
  });

  it("refuses fake content with 415 and stores nothing", async () => {
    const { verificationId } = await startVerification(account, "liveness");
    const fake = Buffer.from("<html><script>alert(1)</script></html>");
    const response = await send(verificationId, {
      inputs: [{ fieldName: "SELFIE_VIDEO", value: dataUrl(fake, "video/webm"), type: "FILE" }],
    });
    expect(response.status).toBe(415);
    expect(response.body).toMatchObject({ error: "UNSUPPORTED_MEDIA_TYPE", details: [{ field: "SELFIE_VIDEO" }] });
    // an image where a video belongs is refused too
    const image = await send(verificationId, {
      inputs: [{ fieldName: "SELFIE_VIDEO", value: dataUrl(await jpeg(), "video/webm"), type: "FILE" }],
    });
    expect(image.status).toBe(415);
    expect(await countRows(verificationId)).toMatchObject({ inputs: 0, files: 0 });
    expect(await prisma.fileBlob.count({ where: { key: { startsWith: `${account.accountId}/` } } })).toBe(
      await prisma.storedFile.count({ where: { accountId: account.accountId } }),
    );
  });

  it("refuses an image over 15 MiB with 413 and a corrupt image with 400", async () => {
    const { verificationId } = await startVerification(account, "liveness");
    const huge = Buffer.concat([await jpeg(), Buffer.alloc(15 * 1024 * 1024)]);
    const tooBig = await send(verificationId, {
      inputs: [{ fieldName: "SELFIE_PHOTO", value: dataUrl(huge, "image/jpeg"), type: "FILE" }],
      complete: false,
    });
    expect(tooBig.status).toBe(413);
    expect(tooBig.body.error).toBe("PAYLOAD_TOO_LARGE");
    const corrupt = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(2000, 0x41)]);
    const bad = await send(verificationId, {
      inputs: [{ fieldName: "SELFIE_PHOTO", value: dataUrl(corrupt, "image/jpeg"), type: "FILE" }],
      complete: false,
    });
    expect(bad.status).toBeGreaterThanOrEqual(400);
    expect(bad.status).toBeLessThan(500);
    expect(await countRows(verificationId)).toMatchObject({ inputs: 0, files: 0 });
  });

  it("refuses a malformed data URL and a multipart FILE item without its part", async () => {
    const { verificationId } = await startVerification(account, "liveness");
    const notDataUrl = await send(verificationId, {
      inputs: [{ fieldName: "SELFIE_VIDEO", value: "https://example.com/v.webm", type: "FILE" }],
    });
    expect(notDataUrl.body).toMatchObject({ error: "VALIDATION_ERROR", details: [{ field: "inputs.0.value" }] });
    const form = new FormData();
    form.set("inputs", JSON.stringify([{ fieldName: "SELFIE_VIDEO", type: "FILE" }]));
    const missingPart = await send(verificationId, form);
    expect(missingPart.body).toMatchObject({ error: "VALIDATION_ERROR", details: [{ field: "SELFIE_VIDEO" }] });
  });

  it("replaces an earlier input and deletes the replaced file's bytes", async () => {
    const { verificationId } = await startVerification(account, "liveness");
    await send(verificationId, {
      inputs: [{ fieldName: "SELFIE_PHOTO", value: dataUrl(await png(100, 100), "image/png"), type: "FILE" }],
      complete: false,
    });
    const first = await prisma.verificationInput.findFirstOrThrow({
      where: { verificationId },
      include: { file: true },
    });
    await send(verificationId, {
      inputs: [{ fieldName: "SELFIE_PHOTO", value: dataUrl(await png(120, 120), "image/png"), type: "FILE" }],
      complete: false,
    });
    const second = await prisma.verificationInput.findFirstOrThrow({
      where: { verificationId },
      include: { file: true },
    });
    expect(second.file!.id).not.toBe(first.file!.id);
    expect(await prisma.fileBlob.findUnique({ where: { key: first.file!.storageKey } })).toBeNull();
    expect(await countRows(verificationId)).toMatchObject({ inputs: 1, files: 1 });
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
