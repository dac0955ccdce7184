import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { prisma } from "@/lib/core/db";
import { readFile } from "@/lib/engines/storage/file-store";
import { countRows, startVerification } from "@/test/fixtures";
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
import { account, other, send, setUpSendInputs, statusOf } from "@/test/send-inputs-accounts";

// The files sent as inputs: stored encrypted and re-encoded, replaced, or refused before anything is stored
// (hostile videos, image bombs, fake content, size); the endpoint's other rules: send-inputs.integration.test.ts
setUpSendInputs();

describe("POST /api/v1/verifications/{id}/send-inputs: files", () => {
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
});
