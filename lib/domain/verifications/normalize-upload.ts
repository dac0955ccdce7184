import "server-only";
import sharp from "sharp";
import { DomainError } from "@/lib/core/errors";
import { formatBytes } from "@/lib/shared/format-bytes";
import { FfmpegError } from "@/lib/engines/video/ffmpeg";
import { probeVideo, VideoRejected } from "@/lib/engines/video/probe-video";
import { declaredHeifSize } from "@/lib/engines/images/heif-size";
import { stripVideoMetadata } from "@/lib/engines/video/strip-metadata";
import { IMAGE_TYPES, MAX_IMAGE_BYTES, MAX_VIDEO_BYTES, VIDEO_TYPES, type FileKind } from "@/lib/domain/flows/inputs";

export type NormalizedFile = { bytes: Buffer; contentType: string; meta: Record<string, unknown> };

// A decompression bomb (tiny file, huge canvas) is refused before it is decoded.
const MAX_PIXELS = 50_000_000;
const MAX_EDGE = 4096;

/**
 * Checks an uploaded file by its bytes (the declared type is ignored) and normalises it: images are decoded,
 * auto-rotated and re-encoded without metadata (EXIF/GPS/XMP stripped); a few facts the document checks need
 * (editing software, camera, original type) are kept in `meta` before stripping. Videos lose their container
 * metadata the same way (remuxed by ffmpeg).
 */
export async function normalizeUpload(fieldName: string, kind: FileKind, bytes: Buffer): Promise<NormalizedFile> {
  const max = kind === "image" ? MAX_IMAGE_BYTES : MAX_VIDEO_BYTES;
  if (bytes.length > max)
    throw new DomainError(
      "PAYLOAD_TOO_LARGE",
      `${fieldName} is ${formatBytes(bytes.length)}; at most ${formatBytes(max)} is allowed.`,
      { details: [{ field: fieldName, message: `At most ${formatBytes(max)}` }] },
    );
  if (bytes.length === 0)
    throw new DomainError("VALIDATION_ERROR", `${fieldName} is empty.`, {
      details: [{ field: fieldName, message: "The file is empty" }],
    });

  const { fileTypeFromBuffer } = await import("file-type");
  const sniffed = (await fileTypeFromBuffer(bytes))?.mime;
  const allowed: readonly string[] = kind === "image" ? IMAGE_TYPES : VIDEO_TYPES;
  if (!sniffed || !allowed.includes(sniffed)) {
    throw new DomainError(
      "UNSUPPORTED_MEDIA_TYPE",
      `${fieldName} must be ${kind === "image" ? "an image (JPEG, PNG, WebP or HEIC)" : "a video (WebM, MP4 or QuickTime)"}; the content is ${sniffed ?? "not a recognised file type"}.`,
      {
        details: [{ field: fieldName, message: `Unsupported content ${sniffed ?? "(unknown)"}` }],
      },
    );
  }
  if (kind === "video") return normalizeVideo(fieldName, sniffed, bytes);
  return normalizeImage(fieldName, sniffed, bytes);
}

/** Videos are remuxed without their container metadata (GPS, device, creation time); the streams are not re-encoded. */
async function normalizeVideo(fieldName: string, sniffed: string, bytes: Buffer): Promise<NormalizedFile> {
  let stripped: Buffer;
  try {
    await probeVideo(bytes, sniffed);
    stripped = await stripVideoMetadata(bytes, sniffed);
  } catch (error) {
    if (error instanceof VideoRejected)
      throw new DomainError(error.code, `${fieldName}: ${error.message}`, {
        details: [{ field: fieldName, message: error.message }],
      });
    // a file ffmpeg rejects is the uploader's problem; a timeout or a missing binary is ours (500)
    if (!(error instanceof FfmpegError) || error.timedOut) throw error;
    throw new DomainError("VIDEO_UNREADABLE", `${fieldName} could not be read as a video.`, {
      details: [{ field: fieldName, message: "The video is damaged or incomplete" }],
    });
  }
  return {
    bytes: stripped,
    contentType: sniffed,
    meta: { originalType: sniffed, originalBytes: bytes.length, metadataStripped: true },
  };
}

async function normalizeImage(fieldName: string, sniffed: string, bytes: Buffer): Promise<NormalizedFile> {
  await refuseImageBomb(fieldName, sniffed, bytes);
  try {
    const meta = await readImageFacts(bytes);
    const isHeif = sniffed === "image/heic" || sniffed === "image/heif";
    const source = isHeif ? await decodeHeif(bytes) : sharp(bytes, { limitInputPixels: MAX_PIXELS, failOn: "error" });
    const { width, height } = await source.metadata();
    if (!width || !height) throw new Error("no dimensions");
    // PNG stays lossless (documents with fine print); everything else becomes a high-quality JPEG.
    const pipeline = source
      .rotate()
      .resize({ width: MAX_EDGE, height: MAX_EDGE, fit: "inside", withoutEnlargement: true });
    const asPng = sniffed === "image/png";
    const out = asPng
      ? await pipeline.png({ compressionLevel: 6 }).toBuffer()
      : await pipeline.jpeg({ quality: 92, mozjpeg: false }).toBuffer();
    return {
      bytes: out,
      contentType: asPng ? "image/png" : "image/jpeg",
      meta: { ...meta, originalType: sniffed, originalBytes: bytes.length, width, height },
    };
  } catch (error) {
    if (error instanceof DomainError) throw error;
    throw new DomainError("VALIDATION_ERROR", `${fieldName} could not be decoded as an image.`, {
      details: [{ field: fieldName, message: "The image is corrupt or too large to decode" }],
    });
  }
}

/**
 * The declared canvas is read before any pixel is decoded: HEIC's `ispe` boxes (heic-decode would allocate the
 * whole canvas first), sharp's header read for the rest. More than MAX_PIXELS is refused with IMAGE_TOO_LARGE.
 */
async function refuseImageBomb(fieldName: string, sniffed: string, bytes: Buffer) {
  let size: { width: number; height: number } | null = null;
  if (sniffed === "image/heic" || sniffed === "image/heif") size = declaredHeifSize(bytes);
  else {
    try {
      const meta = await sharp(bytes, { limitInputPixels: false }).metadata();
      if (meta.width && meta.height) size = { width: meta.width, height: meta.height };
    } catch {
      return; // not even a readable header: the decode below reports it as corrupt
    }
  }
  if (size && size.width * size.height > MAX_PIXELS) {
    const message = `The image declares ${size.width}×${size.height} pixels; at most ${MAX_PIXELS / 1_000_000} megapixels are accepted.`;
    throw new DomainError("IMAGE_TOO_LARGE", `${fieldName}: ${message}`, { details: [{ field: fieldName, message }] });
  }
}

async function decodeHeif(bytes: Buffer) {
  const { default: decode } = await import("heic-decode");
  const { width, height, data } = await decode({ buffer: bytes });
  if (width * height > MAX_PIXELS) throw new Error("too many pixels");
  return sharp(Buffer.from(data.buffer, data.byteOffset, data.byteLength), { raw: { width, height, channels: 4 } });
}

/** Facts from EXIF worth keeping once the metadata is stripped (never GPS). */
async function readImageFacts(bytes: Buffer): Promise<Record<string, unknown>> {
  try {
    const { default: exifr } = await import("exifr");
    const tags = await exifr.parse(bytes, {
      pick: ["Software", "Make", "Model", "ModifyDate", "DateTimeOriginal", "CreatorTool"],
      xmp: true,
    });
    if (!tags) return {};
    const facts: Record<string, unknown> = {};
    for (const key of ["Software", "Make", "Model", "CreatorTool"] as const) {
      if (typeof tags[key] === "string")
        facts[key.charAt(0).toLowerCase() + key.slice(1)] = tags[key].replaceAll("\u0000", "").slice(0, 120);
    }
    for (const key of ["ModifyDate", "DateTimeOriginal"] as const) {
      if (tags[key] instanceof Date && !Number.isNaN(tags[key].getTime()))
        facts[key.charAt(0).toLowerCase() + key.slice(1)] = tags[key].toISOString();
    }
    return facts;
  } catch {
    return {};
  }
}
