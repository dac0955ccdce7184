import { describe, expect, it } from "vitest";
import {
  heicDeclaring,
  longWebm,
  mp4Declaring,
  mp4WithExternalReference,
  pngDeclaring,
  polyglotWebm,
  smallMp4,
} from "@/test/hostile-media";
import { webm } from "@/test/images";
import { declaredHeifSize } from "@/lib/engines/images/heif-size";
import { declaredMp4Facts } from "./mp4-boxes";
import { probeVideo, VideoRejected } from "./probe-video";

async function rejection(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof VideoRejected) return error.code;
    throw error;
  }
  return "accepted";
}

describe("probeVideo: hostile uploads are refused before anything is decoded", () => {
  it("accepts a real short WebM and mp4, and says what they are", async () => {
    await expect(probeVideo(webm(), "video/webm")).resolves.toMatchObject({ width: 64, height: 48, videoCodec: "vp8" });
    const facts = await probeVideo(smallMp4(), "video/mp4");
    expect(facts).toMatchObject({ width: 64, height: 48, videoCodec: "h264", audioCodec: null });
    expect(facts.seconds).toBeCloseTo(1, 0);
  });

  it("refuses a polyglot: a valid WebM header over random bytes", async () => {
    expect(await rejection(probeVideo(polyglotWebm(), "video/webm"))).toBe("VIDEO_UNREADABLE");
  });

  it("refuses an mp4 that declares 30 000×30 000 without decoding it", async () => {
    const bomb = mp4Declaring(smallMp4(), 30_000, 30_000);
    expect(declaredMp4Facts(bomb).dimensions).toContainEqual({ width: 30_000, height: 30_000 });
    expect(await rejection(probeVideo(bomb, "video/mp4"))).toBe("VIDEO_TOO_LARGE");
  });

  it("refuses a 10-minute video", async () => {
    expect(await rejection(probeVideo(longWebm(600), "video/webm"))).toBe("VIDEO_TOO_LONG");
  });

  it("refuses an mp4 whose data reference points at an http: URL", async () => {
    const referring = mp4WithExternalReference(smallMp4(), "http://127.0.0.1:9/media.mp4");
    expect(declaredMp4Facts(referring).externalReference).toBe(true);
    expect(declaredMp4Facts(smallMp4()).externalReference).toBe(false);
    expect(await rejection(probeVideo(referring, "video/mp4"))).toBe("VIDEO_EXTERNAL_REFERENCE");
  });

  it("refuses a container that is not the one sniffed (the demuxer is forced)", async () => {
    expect(await rejection(probeVideo(smallMp4(), "video/webm"))).toBe("VIDEO_UNREADABLE");
  });
});

describe("declared image sizes", () => {
  it("reads a HEIC's ispe without decoding", () => {
    expect(declaredHeifSize(heicDeclaring(20_000, 20_000))).toEqual({ width: 20_000, height: 20_000 });
    expect(declaredHeifSize(pngDeclaring(10, 10))).toBeNull();
  });
});
