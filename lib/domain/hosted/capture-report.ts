import "server-only";
import type { CallerScope } from "@/lib/auth/caller-scope";
import type { RawInput } from "@/lib/domain/verifications/raw-input";
import {
  CAPTURE_SIGNALS_FIELD,
  CaptureSignalsSchema,
  MAX_CAPTURE_SIGNALS_CHARS,
  type CaptureSignals,
} from "@/lib/shared/capture-signals";

// The hosted page's capture report (issue 31) is a hosted-only input: the page sends it as the TEXT input
// SELFIE_VIDEO_CAPTURE beside the SELFIE_VIDEO file, and it is kept on that file (StoredFile.meta.capture), not as
// an input of the verification: it describes one recording and is replaced with it. An API caller has no such
// input (the workflow does not ask for it: send-inputs answers VALIDATION_ERROR), so its uploads carry no
// `capture` and CAPTURE_INTEGRITY judges them on the file alone. A report that does not parse never blocks the end
// user: it is kept as missing, which CAPTURE_INTEGRITY sends to review.

export type CaptureStamp = { channel: "hosted"; signals: CaptureSignals | null; invalid?: true };

type WithFile = { fieldName: string; file?: { meta: Record<string, unknown> } };

/**
 * Takes the capture report out of a hosted page's items; `stamp` then marks the accepted SELFIE_VIDEO with where
 * it came from. For an API caller nothing is taken and nothing stamped.
 */
export function takeCaptureReport(caller: Pick<CallerScope, "session">, items: RawInput[]) {
  if (!caller.session) return { items, stamp: (_accepted: WithFile[]) => undefined };
  const report = items.find((i) => i.fieldName === CAPTURE_SIGNALS_FIELD);
  const stampValue = parseReport(report);
  return {
    items: items.filter((i) => i !== report),
    stamp(accepted: WithFile[]) {
      const video = accepted.find((a) => a.fieldName === "SELFIE_VIDEO");
      if (video?.file) video.file.meta = { ...video.file.meta, capture: stampValue };
    },
  };
}

function parseReport(report: RawInput | undefined): CaptureStamp {
  if (!report) return { channel: "hosted", signals: null };
  const text = typeof report.value === "string" ? report.value : "";
  if (report.type !== "TEXT" || text.length > MAX_CAPTURE_SIGNALS_CHARS)
    return { channel: "hosted", signals: null, invalid: true };
  try {
    const parsed = CaptureSignalsSchema.safeParse(JSON.parse(text));
    return parsed.success
      ? { channel: "hosted", signals: parsed.data }
      : { channel: "hosted", signals: null, invalid: true };
  } catch {
    return { channel: "hosted", signals: null, invalid: true };
  }
}
