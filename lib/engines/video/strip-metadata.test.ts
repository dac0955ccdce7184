import { readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { runFfmpeg, withTempDir } from "./ffmpeg";
import { stripVideoMetadata } from "./strip-metadata";

// A tagged clip (GPS location, title, device) made by ffmpeg; after stripping, none of the tags remain and the
// frames still decode.
async function taggedClip(format: "mp4" | "webm"): Promise<Buffer> {
  return withTempDir(async (dir) => {
    const out = path.join(dir, `tagged.${format}`);
    const codec =
      format === "mp4"
        ? ["-c:v", "libx264", "-preset", "ultrafast", "-pix_fmt", "yuv420p"]
        : ["-c:v", "libvpx", "-deadline", "realtime"];
    await runFfmpeg([
      "-f",
      "lavfi",
      "-i",
      "testsrc=size=160x120:rate=10",
      "-t",
      "1",
      ...codec,
      "-metadata",
      "title=SECRET-TITLE",
      "-metadata",
      "location=+52.3702+004.8952/",
      "-metadata",
      "make=SECRET-PHONE",
      out,
    ]);
    return readFile(out);
  });
}
async function probe(bytes: Buffer, ext: string): Promise<string> {
  return withTempDir(async (dir) => {
    const file = path.join(dir, `in.${ext}`);
    await writeFile(file, bytes);
    return (await runFfmpeg(["-i", file, "-f", "ffmetadata", "-"])).toString();
  });
}

describe("stripVideoMetadata", () => {
  for (const [format, type] of [
    ["mp4", "video/mp4"],
    ["webm", "video/webm"],
  ] as const) {
    it(`removes container tags from ${format} and keeps the video`, async () => {
      const clip = await taggedClip(format);
      expect(await probe(clip, format)).toContain("SECRET-TITLE");
      const stripped = await stripVideoMetadata(clip, type);
      const tags = await probe(stripped, format);
      expect(tags).not.toMatch(/SECRET|52\.3702/);
      const frames = await withTempDir(async (dir) => {
        await writeFile(path.join(dir, `s.${format}`), stripped);
        return (await runFfmpeg(["-i", path.join(dir, `s.${format}`), "-f", "rawvideo", "-pix_fmt", "gray", "-"]))
          .length;
      });
      expect(frames).toBe(160 * 120 * 10);
    }, 30_000);
  }

  it("rejects a type it does not know and bytes that are not a video", async () => {
    await expect(stripVideoMetadata(Buffer.from("x"), "image/png")).rejects.toThrow("unsupported");
    await expect(stripVideoMetadata(Buffer.from("not a video"), "video/mp4")).rejects.toThrow("ffmpeg exited");
  });
});
