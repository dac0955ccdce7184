import type { Verdict } from "@/components/verify/capture/quality/judge-capture";

// The messages between the page and quality.worker.ts.

export type QualityRequest = {
  id: number;
  /** "frame": a live preview frame (auto-capture; steadiness against the previous frame); "photo": a capture */
  kind: "frame" | "photo";
  source: "camera" | "upload";
  picture: ImageBitmap | Blob;
};

export type QualityResponse =
  { id: number; ok: true; verdict: Verdict; difference: number | null } | { id: number; ok: false; error: string };
