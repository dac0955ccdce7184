import "server-only";
import { readFile } from "node:fs/promises";
import path from "node:path";
import { runFfmpeg, untrustedInput, withTempDir, writeVideo } from "./ffmpeg";

// Container metadata of an uploaded video (GPS location, device make/model, creation time, encoder) is removed by
// remuxing without it: streams are copied, not re-encoded, so this costs a file copy (tens of ms). Rotation is
// kept: for mp4 it lives in the track header's display matrix, which a stream copy preserves. Only the video and
// the first sound track are kept: data and subtitle tracks (a phone's timed metadata) can carry the same facts.

const FORMATS: Record<string, { muxer: string; ext: string; extra: string[] }> = {
  "video/webm": { muxer: "webm", ext: ".webm", extra: [] },
  "video/mp4": { muxer: "mp4", ext: ".mp4", extra: ["-movflags", "+faststart"] },
  "video/quicktime": { muxer: "mov", ext: ".mov", extra: [] },
};

export async function stripVideoMetadata(bytes: Buffer, contentType: string): Promise<Buffer> {
  const format = FORMATS[contentType];
  if (!format) throw new Error(`stripVideoMetadata: unsupported content type ${contentType}`);
  return withTempDir(async (dir) => {
    const input = await writeVideo(dir, bytes, contentType);
    const output = path.join(dir, `stripped${format.ext}`);
    await runFfmpeg(
      [
        ...untrustedInput(input, contentType),
        "-map",
        "0:v:0",
        "-map",
        "0:a:0?",
        "-map_metadata",
        "-1",
        "-map_metadata:s",
        "-1",
        "-map_chapters",
        "-1",
        "-c",
        "copy",
        "-fflags",
        "+bitexact",
        "-flags:v",
        "+bitexact",
        "-flags:a",
        "+bitexact",
        ...format.extra,
        "-f",
        format.muxer,
        output,
      ],
      { timeoutMs: 30_000 },
    );
    return readFile(output);
  });
}
