import "server-only";
import { cosineSimilarity } from "./descriptors";
import { decodeImage, detectFacesInPixels, identityDescriptor, type FaceObservation } from "./human-engine";

// Comparing faces across images (document portrait, selfie photo, selfie video) on the identity descriptor
// (descriptors.ts: face-api's ResNet-34 inside the face human found), cosine similarity. What a similarity means
// (the calibrated thresholds) is the checks' decision: lib/checks/liveness/face-match.ts.
export const FACE_MATCH_DESCRIPTOR = "face-api ResNet-34 (128-d), cosine similarity";

/** Cosine similarity of the two identity descriptors to three decimals; null when a face has none. */
export function faceSimilarity(a: FaceObservation, b: FaceObservation): number | null {
  if (!a.identity?.length || !b.identity?.length) return null;
  return Math.round(cosineSimilarity(a.identity, b.identity) * 1000) / 1000;
}

/** The largest face of an image (a document front, a selfie photo) with its identity descriptor, or null. */
export async function largestFace(bytes: Buffer): Promise<FaceObservation | null> {
  const image = await decodeImage(bytes);
  const face = (await detectFacesInPixels(image))[0];
  if (!face) return null;
  const identity = await identityDescriptor(image, face);
  return identity ? { ...face, identity } : null;
}
