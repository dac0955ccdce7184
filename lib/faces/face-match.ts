import "server-only";
import type { Check } from "@/lib/processes/types";
import { detectFaces, faceSimilarity, type FaceObservation } from "./human-engine";

// Face match decision, from human's descriptor similarity (0–1). Thresholds chosen on scripts/eval/faces.ts (see
// docs/accuracy.md, "Faces"): at 0.65 no different-person pair matched (0.60 let 1 % through: two look-alike women at
// 0.64) for 8 % of augmented same-person pairs sent to review; between REVIEW and MATCH a person looks.
//   similarity ≥ MATCH          → PASSED   (same person)
//   REVIEW ≤ similarity < MATCH → REVIEW
//   similarity < REVIEW         → FAILED   (a different person)
export const FACE_MATCH_THRESHOLDS = { MATCH: 0.65, REVIEW: 0.5 } as const;

export type FaceMatch = { similarity: number; threshold: number; result: Check["result"] };

export async function matchFaces(a: FaceObservation, b: FaceObservation): Promise<FaceMatch> {
  const similarity = Math.round((await faceSimilarity(a.embedding, b.embedding)) * 1000) / 1000;
  const result = similarity >= FACE_MATCH_THRESHOLDS.MATCH ? "PASSED" : similarity >= FACE_MATCH_THRESHOLDS.REVIEW ? "REVIEW" : "FAILED";
  return { similarity, threshold: FACE_MATCH_THRESHOLDS.MATCH, result };
}

/** The largest face of an image (a document front, a selfie photo), or null. */
export async function largestFace(bytes: Buffer): Promise<FaceObservation | null> {
  const faces = await detectFaces(bytes);
  return faces.find((f) => f.embedding.length > 0) ?? null;
}
