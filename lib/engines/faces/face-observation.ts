// What a face detection returns, whichever runtime ran it (human-engine.ts).

/** One detected face, angles in degrees (human's convention: yaw > 0 = nose towards the image's left, see head-pose). */
export type FaceObservation = {
  score: number;
  box: [number, number, number, number];
  yaw: number;
  pitch: number;
  roll: number;
  /** human's own descriptor when the engine runs one (the evaluation's workers); empty in the checks, which match on `identity` */
  embedding: number[];
  /** 128-d identity descriptor (face-api ResNet-34), computed only where a face is matched across images */
  identity?: number[] | null;
  /** antispoof model: 1 = real face, 0 = printed/screen. Recorded, never decisive alone. */
  real: number | null;
  /** liveness model score, recorded only */
  live: number | null;
};
