import "server-only";
import {
  ffmpegBinary,
  FfmpegError,
  runFfprobe,
  runLimitedWithLog,
  untrustedInput,
  withTempDir,
  writeVideo,
} from "./ffmpeg";
import { declaredMp4Facts } from "./mp4-boxes";

// An uploaded video is probed before any frame is decoded: what the container declares (boxes of an mp4/mov read
// by our own bounds-checked parser, then ffprobe's demux-only view) must describe one short, modest video in the
// whitelisted codecs. Anything else is refused with its own code, before the file is stored.

export const VIDEO_LIMITS = { MAX_SECONDS: 60, MAX_EDGE: 1920, MAX_VIDEO_STREAMS: 1 } as const;

export type VideoRejectionCode =
  | "VIDEO_UNREADABLE"
  | "VIDEO_TOO_LONG"
  | "VIDEO_TOO_LARGE"
  | "VIDEO_STREAMS_UNSUPPORTED"
  | "VIDEO_CODEC_UNSUPPORTED"
  | "VIDEO_EXTERNAL_REFERENCE";

export class VideoRejected extends Error {
  constructor(
    readonly code: VideoRejectionCode,
    message: string,
  ) {
    super(message);
    this.name = "VideoRejected";
  }
}

export type VideoFacts = {
  seconds: number | null;
  width: number;
  height: number;
  videoCodec: string;
  audioCodec: string | null;
};

type Stream = { codec_type?: string; codec_name?: string; width?: number; height?: number };

const VIDEO_CODECS = new Set(["vp8", "vp9", "h264", "hevc"]);
const AUDIO_CODECS = new Set(["opus", "aac"]);

/** Throws VideoRejected when the upload is not one ≤ 60 s, ≤ 1920×1920 video stream in an allowed codec. */
export async function probeVideo(bytes: Buffer, contentType: string, timeoutMs = 15_000): Promise<VideoFacts> {
  if (contentType === "video/mp4" || contentType === "video/quicktime") {
    const declared = declaredMp4Facts(bytes);
    if (declared.externalReference)
      throw new VideoRejected(
        "VIDEO_EXTERNAL_REFERENCE",
        "The video refers to data outside the file (a data reference); only self-contained videos are accepted.",
      );
    const edge = Math.max(0, ...declared.dimensions.flatMap((d) => [d.width, d.height]));
    if (edge > VIDEO_LIMITS.MAX_EDGE)
      throw tooLarge(declared.dimensions.find((d) => Math.max(d.width, d.height) === edge)!);
  }
  return withTempDir(async (dir) => {
    const file = await writeVideo(dir, bytes, contentType);
    const { streams, seconds } = await readStreams(file, contentType, timeoutMs);
    const videos = streams.filter((s) => s.codec_type === "video");
    const audios = streams.filter((s) => s.codec_type === "audio");
    if (videos.length === 0) throw new VideoRejected("VIDEO_UNREADABLE", "The file holds no readable video stream.");
    if (videos.length > VIDEO_LIMITS.MAX_VIDEO_STREAMS)
      throw new VideoRejected(
        "VIDEO_STREAMS_UNSUPPORTED",
        `The video has ${videos.length} video streams; exactly one is accepted.`,
      );
    const video = videos[0]!;
    const codecs = [...videos.map((s) => s.codec_name ?? "unknown")].filter((c) => !VIDEO_CODECS.has(c));
    const audioCodecs = audios.map((s) => s.codec_name ?? "unknown").filter((c) => !AUDIO_CODECS.has(c));
    if (codecs.length || audioCodecs.length || audios.length > 1) {
      throw new VideoRejected(
        "VIDEO_CODEC_UNSUPPORTED",
        `Accepted: VP8, VP9, H.264 or HEVC video with at most one Opus or AAC sound track; this file has ${streams.map((s) => s.codec_name ?? s.codec_type).join(", ")}.`,
      );
    }
    const width = video.width ?? 0;
    const height = video.height ?? 0;
    if (!width || !height) throw new VideoRejected("VIDEO_UNREADABLE", "The video's picture size cannot be read.");
    if (Math.max(width, height) > VIDEO_LIMITS.MAX_EDGE) throw tooLarge({ width, height });
    if (seconds !== null && seconds > VIDEO_LIMITS.MAX_SECONDS) {
      throw new VideoRejected(
        "VIDEO_TOO_LONG",
        `The video lasts ${Math.round(seconds)} s; at most ${VIDEO_LIMITS.MAX_SECONDS} s is accepted.`,
      );
    }
    return { seconds, width, height, videoCodec: video.codec_name!, audioCodec: audios[0]?.codec_name ?? null };
  });
}

function tooLarge({ width, height }: { width: number; height: number }) {
  return new VideoRejected(
    "VIDEO_TOO_LARGE",
    `The video declares ${width}×${height} pixels; at most ${VIDEO_LIMITS.MAX_EDGE}×${VIDEO_LIMITS.MAX_EDGE} is accepted.`,
  );
}

/** Streams and duration without decoding: ffprobe's JSON, or the bundled ffmpeg's log of a stream copy. */
async function readStreams(
  file: string,
  contentType: string,
  timeoutMs: number,
): Promise<{ streams: Stream[]; seconds: number | null }> {
  try {
    const args = [
      ...untrustedInput(file, contentType).slice(0, -2),
      "-show_entries",
      "format=duration:stream=codec_type,codec_name,width,height",
      "-of",
      "json",
      file,
    ];
    const probed = runFfprobe(args, { timeoutMs });
    if (!probed) return await readStreamsFromLog(file, contentType, timeoutMs);
    const parsed = JSON.parse((await probed).toString()) as { streams?: Stream[]; format?: { duration?: string } };
    let seconds = Number(parsed.format?.duration);
    // MediaRecorder's webm declares no duration: the last packet's time says it (demuxing only)
    if (!Number.isFinite(seconds)) seconds = await lastPacketSeconds(file, contentType, timeoutMs);
    return { streams: parsed.streams ?? [], seconds: Number.isFinite(seconds) ? seconds : null };
  } catch (error) {
    if (error instanceof VideoRejected) throw error;
    if (error instanceof FfmpegError && error.timedOut)
      throw new VideoRejected("VIDEO_UNREADABLE", "The video could not be read within the time allowed.");
    if (error instanceof FfmpegError || error instanceof SyntaxError)
      throw new VideoRejected(
        "VIDEO_UNREADABLE",
        "The file is not a readable video (damaged, or not the container it claims to be).",
      );
    throw error;
  }
}

async function lastPacketSeconds(file: string, contentType: string, timeoutMs: number): Promise<number> {
  const args = [
    ...untrustedInput(file, contentType).slice(0, -2),
    "-select_streams",
    "v:0",
    "-show_entries",
    "packet=pts_time",
    "-of",
    "csv=p=0",
    file,
  ];
  const out = (await runFfprobe(args, { timeoutMs }))!.toString();
  let last = Number.NaN;
  for (const line of out.split("\n")) {
    const t = Number(line.split(",")[0]);
    if (Number.isFinite(t) && !(t <= last)) last = t;
  }
  return last;
}

/** Without ffprobe: `ffmpeg -i … -c copy -f null -` demuxes the whole file and logs its streams and end time. */
async function readStreamsFromLog(
  file: string,
  contentType: string,
  timeoutMs: number,
): Promise<{ streams: Stream[]; seconds: number | null }> {
  const { stderr } = await runLimitedWithLog(
    ffmpegBinary().ffmpeg,
    [
      "-hide_banner",
      "-nostdin",
      "-loglevel",
      "info",
      ...untrustedInput(file, contentType),
      "-map",
      "0",
      "-c",
      "copy",
      "-f",
      "null",
      "-",
    ],
    { timeoutMs },
  );
  const streams: Stream[] = [];
  for (const match of stderr.matchAll(/Stream #0:\d+.*?: (Video|Audio|Data|Subtitle): (\w+)([^\n]*)/g)) {
    const size = / (\d{2,5})x(\d{2,5})/.exec(match[3] ?? "");
    streams.push({
      codec_type: match[1]!.toLowerCase(),
      codec_name: match[2],
      width: size ? Number(size[1]) : undefined,
      height: size ? Number(size[2]) : undefined,
    });
  }
  const times = [...stderr.matchAll(/time=(\d+):(\d+):(\d+(?:\.\d+)?)/g)].map(
    (m) => Number(m[1]) * 3600 + Number(m[2]) * 60 + Number(m[3]),
  );
  const duration = /Duration: (\d+):(\d+):(\d+(?:\.\d+)?)/.exec(stderr);
  const seconds = times.length
    ? Math.max(...times)
    : duration
      ? Number(duration[1]) * 3600 + Number(duration[2]) * 60 + Number(duration[3])
      : null;
  return { streams, seconds };
}
