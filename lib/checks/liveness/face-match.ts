import type { Check } from "@/lib/checks/types";
import { faceSimilarity } from "@/lib/engines/faces/face-match";
import type { FaceObservation } from "@/lib/engines/faces/human-engine";

// Face match across images (document portrait, selfie photo, selfie video), on the engine's identity similarity
// (lib/engines/faces/face-match.ts). The thresholds follow the rule of issue 11 and were calibrated on real photos
// by tools/eval/faces.ts (docs/accuracy.md, "Face match"): 556 labelled pairs of the development sets
// (../shared/data/faces, ../shared/data/face-pairs), where the highest different-person pair scored 0.924 and the
// lowest same-person pair 0.902.
//   similarity ≥ MATCH          → PASSED   (above every different-person pair seen, with a margin)
//   REVIEW ≤ similarity < MATCH → REVIEW   (a person looks; the score is in the check's detail and the step data)
//   similarity < REVIEW         → FAILED   (below every same-person pair seen, with a margin: "a different person")
export const FACE_MATCH_THRESHOLDS = { MATCH: 0.94, REVIEW: 0.89 } as const;

export type FaceMatch = { similarity: number; threshold: number; review_threshold: number; result: Check["result"] };

export function decideMatch(similarity: number): Check["result"] {
  return similarity >= FACE_MATCH_THRESHOLDS.MATCH
    ? "PASSED"
    : similarity >= FACE_MATCH_THRESHOLDS.REVIEW
      ? "REVIEW"
      : "FAILED";
}

/** Both faces need their identity descriptor (largestFace and analyzeVideo's anchor carry it); without one: REVIEW. */
export function matchFaces(a: FaceObservation, b: FaceObservation): FaceMatch {
  const base = { threshold: FACE_MATCH_THRESHOLDS.MATCH, review_threshold: FACE_MATCH_THRESHOLDS.REVIEW };
  const similarity = faceSimilarity(a, b);
  if (similarity === null) return { ...base, similarity: 0, result: "REVIEW" };
  return { ...base, similarity, result: decideMatch(similarity) };
}
