import { z } from "zod";

// What the hosted page reports about how it recorded the selfie video (issue 31, injection signals). It travels
// with the video as the hosted-only input SELFIE_VIDEO_CAPTURE and is kept in the stored file's metadata
// (`meta.capture`), so it always describes the file it came with. It is CLIENT-REPORTED: whoever controls the
// browser can write anything here, so it can only add suspicion (a virtual camera that names itself, a stream
// without a camera behind it), never clear a video; the server's own reading of the file is separate
// (lib/engines/video/frame-timing.ts). Browser-safe: the page builds it, the server validates it with this schema.

export const CAPTURE_SIGNALS_FIELD = "SELFIE_VIDEO_CAPTURE";
/** The JSON text is small (labels, a few numbers); anything larger is not from our page. */
export const MAX_CAPTURE_SIGNALS_CHARS = 4096;

const label = z.string().max(200);
const count = z.number().int().min(0).max(100_000);
const ms = z.number().min(0).max(600_000);

export const CaptureSignalsSchema = z
  .object({
    version: z.literal(1),
    /** camera: recorded on the page; upload: a file chosen from the device (nothing about a camera is known) */
    source: z.enum(["camera", "upload"]),
    /** the nonce of the challenge the page showed (the verification's drawn challenge), when one was drawn */
    nonce: z.string().max(64).nullable(),
    device: z
      .object({
        /** MediaDeviceInfo.label of the camera the stream came from ("" when the browser hides it) */
        label,
        /** MediaStreamTrack.label of the recorded video track */
        trackLabel: label,
        /** video inputs the browser listed */
        cameras: count,
        /** the track's deviceId is one of them (false for a canvas or other script-made stream) */
        listed: z.boolean(),
        // the other cameras' labels are not sent: they decide nothing and would only fingerprint the device
      })
      .strict()
      .nullable(),
    settings: z
      .object({
        deviceId: z.boolean(),
        facingMode: z.string().max(40).nullable(),
        width: count.nullable(),
        height: count.nullable(),
        frameRate: z.number().min(0).max(1000).nullable(),
        /** present: getCapabilities() answered keys; empty: it answered {}; unsupported: no such method (Firefox < 132) */
        capabilities: z.enum(["present", "empty", "unsupported"]),
        capabilityKeys: z.array(z.string().max(40)).max(40),
      })
      .strict()
      .nullable(),
    /** requestVideoFrameCallback during the recording; null when the browser has no such API */
    frames: z
      .object({
        count,
        durationMs: ms,
        meanIntervalMs: ms,
        /** standard deviation of the intervals between presented frames */
        jitterMs: ms,
        maxIntervalMs: ms,
        /** frames the compositor presented that no callback saw (presentedFrames jumps) */
        skipped: count,
        /** callbacks whose mediaTime repeated the previous one (the same frame presented again) */
        repeatedMediaTime: count,
        /** consecutive frames with identical pixels on a 32×24 thumbnail (a live sensor is never noise-free) */
        identical: count,
      })
      .strict()
      .nullable(),
    recording: z
      .object({ mimeType: z.string().max(100), durationMs: ms })
      .strict()
      .nullable(),
  })
  .strict();

export type CaptureSignals = z.output<typeof CaptureSignalsSchema>;
