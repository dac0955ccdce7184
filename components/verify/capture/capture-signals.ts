import type { CaptureSignals } from "@/lib/shared/capture-signals";

// Collects the injection signals of issue 31 while the selfie video records: which camera the stream came from
// (its label, its settings and capabilities) and how frames arrived (requestVideoFrameCallback on the preview).
// Pure browser code, no React: `tools/make/browser-recordings.ts` bundles this same file into a bare page to
// measure genuine recordings. Every step is guarded: a browser without an API reports null for that part, and
// nothing here may stop a recording (the signals add suspicion on the server, they never gate the page).

type FrameMeta = { mediaTime: number; presentedFrames: number; expectedDisplayTime: number };
type VideoWithFrames = HTMLVideoElement & {
  requestVideoFrameCallback?: (cb: (now: number, meta: FrameMeta) => void) => number;
  cancelVideoFrameCallback?: (handle: number) => void;
};

const THUMB_W = 32;
const THUMB_H = 24;

export type SignalCollector = { finish(recording: { mimeType: string; durationMs: number }): Promise<CaptureSignals> };

/** Starts watching `video` (showing `stream`) now; `finish` when the recording stops. */
export function collectCaptureSignals(stream: MediaStream, video: HTMLVideoElement | null, nonce: string | null) {
  const track = stream.getVideoTracks()[0] ?? null;
  const frames = watchFrames(video as VideoWithFrames | null);
  const collector: SignalCollector = {
    async finish(recording) {
      frames.stop();
      return {
        version: 1,
        source: "camera",
        nonce,
        device: track ? await describeDevice(track) : null,
        settings: track ? describeSettings(track) : null,
        frames: frames.summary(),
        recording: { mimeType: recording.mimeType.slice(0, 100), durationMs: Math.round(recording.durationMs) },
      };
    },
  };
  return collector;
}

/** What a file chosen from the device carries: nothing about a camera. */
export function uploadSignals(nonce: string | null): CaptureSignals {
  return { version: 1, source: "upload", nonce, device: null, settings: null, frames: null, recording: null };
}

async function describeDevice(track: MediaStreamTrack): Promise<NonNullable<CaptureSignals["device"]>> {
  const deviceId = safe(() => track.getSettings().deviceId, undefined);
  let cameras: MediaDeviceInfo[] = [];
  try {
    cameras = (await navigator.mediaDevices.enumerateDevices()).filter((d) => d.kind === "videoinput");
  } catch {
    // enumerateDevices may be blocked (permissions policy): the track label still says something
  }
  const active = cameras.find((d) => deviceId && d.deviceId === deviceId);
  return {
    label: (active?.label ?? "").slice(0, 200),
    trackLabel: (track.label ?? "").slice(0, 200),
    cameras: cameras.length,
    listed: Boolean(active),
  };
}

function describeSettings(track: MediaStreamTrack): NonNullable<CaptureSignals["settings"]> {
  const settings = safe(() => track.getSettings(), {} as MediaTrackSettings);
  const hasMethod = typeof track.getCapabilities === "function";
  const capabilities = hasMethod ? safe(() => track.getCapabilities(), {} as MediaTrackCapabilities) : {};
  const keys = Object.keys(capabilities).slice(0, 40);
  const int = (x: unknown) => (typeof x === "number" && Number.isFinite(x) ? Math.round(x) : null);
  return {
    deviceId: Boolean(settings.deviceId),
    facingMode: typeof settings.facingMode === "string" ? settings.facingMode.slice(0, 40) : null,
    width: int(settings.width),
    height: int(settings.height),
    frameRate:
      typeof settings.frameRate === "number" && Number.isFinite(settings.frameRate)
        ? Math.min(1000, Math.round(settings.frameRate * 100) / 100)
        : null,
    capabilities: !hasMethod ? "unsupported" : keys.length ? "present" : "empty",
    capabilityKeys: keys.map((k) => k.slice(0, 40)),
  };
}

function watchFrames(video: VideoWithFrames | null) {
  const times: number[] = [];
  let skipped = 0;
  let repeated = 0;
  let identical = 0;
  let last: FrameMeta | null = null;
  let lastHash: number | null = null;
  let handle: number | null = null;
  let stopped = false;
  const supported = Boolean(video && typeof video.requestVideoFrameCallback === "function");
  const canvas = typeof document !== "undefined" ? document.createElement("canvas") : null;
  if (canvas) Object.assign(canvas, { width: THUMB_W, height: THUMB_H });
  const context = canvas?.getContext("2d", { willReadFrequently: true }) ?? null;

  const onFrame = (now: number, meta: FrameMeta) => {
    if (stopped || !video) return;
    times.push(now);
    if (last) {
      if (meta.presentedFrames > last.presentedFrames + 1) skipped += meta.presentedFrames - last.presentedFrames - 1;
      if (meta.mediaTime === last.mediaTime) repeated++;
    }
    last = meta;
    const hash = thumbnailHash(context, video);
    if (hash !== null && hash === lastHash) identical++;
    lastHash = hash;
    handle = video.requestVideoFrameCallback!(onFrame);
  };
  if (supported) handle = video!.requestVideoFrameCallback!(onFrame);

  return {
    stop() {
      stopped = true;
      if (handle !== null) video?.cancelVideoFrameCallback?.(handle);
    },
    summary(): CaptureSignals["frames"] {
      if (!supported) return null;
      const intervals = times.slice(1).map((t, i) => t - times[i]!);
      const mean = intervals.length ? intervals.reduce((a, b) => a + b, 0) / intervals.length : 0;
      const variance = intervals.length ? intervals.reduce((a, b) => a + (b - mean) ** 2, 0) / intervals.length : 0;
      const round = (x: number) => Math.min(600_000, Math.round(x * 100) / 100);
      return {
        count: times.length,
        durationMs: round(times.length > 1 ? times.at(-1)! - times[0]! : 0),
        meanIntervalMs: round(mean),
        jitterMs: round(Math.sqrt(variance)),
        maxIntervalMs: round(intervals.length ? Math.max(...intervals) : 0),
        skipped,
        repeatedMediaTime: repeated,
        identical,
      };
    },
  };
}

/** FNV-1a over a 32×24 thumbnail of the current frame; null when pixels cannot be read. */
function thumbnailHash(context: CanvasRenderingContext2D | null, video: HTMLVideoElement): number | null {
  if (!context) return null;
  try {
    context.drawImage(video, 0, 0, THUMB_W, THUMB_H);
    const { data } = context.getImageData(0, 0, THUMB_W, THUMB_H);
    let hash = 0x811c9dc5;
    for (let i = 0; i < data.length; i++) hash = Math.imul(hash ^ data[i]!, 0x01000193);
    return hash >>> 0;
  } catch {
    return null;
  }
}

function safe<T>(fn: () => T, fallback: T): T {
  try {
    return fn() ?? fallback;
  } catch {
    return fallback;
  }
}
