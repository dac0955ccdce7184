import { TEXTURE_KEYS, type TextureFeatures } from "./texture-features";

// The combined real-face evidence PRESENTATION_ATTACK passes on for close-ups: a logistic regression on the
// MiniFASNet pair's score (as a logit) and the 12 texture cues of texture-features.ts, L2-regularised (λ = 3, fixed
// before looking at results) on standardised features, each feature first clipped to the range it had in the
// material, so that no cue extrapolates beyond what was seen. Fit with
// `npm run eval:pad-cv -- --data ../shared/data/face-pad --fit` on the DEVELOPMENT half of face-pad (57 images with a
// frontal face: 26 attacks — 25 NUAA prints, 1 tablet replay — and 31 genuine, 10 NUAA subjects + minivision's
// sample), 2026-11-28. Its threshold comes from leave-one-subject-out out-of-fold scores on the same material: at
// most 1 of the 26 attacks (5 %) at or above it. Used only on close-ups (minFaceShare): the material is all
// close-ups, where the pair lacks context and the fit learnt to lean on texture; on a vivid photo of a face further
// away the pair said 0.04 and this model 0.88. Cross-validated figures and limits: docs/accuracy.md.

export const COMBINED_MODEL = {
  material: "face-pad development half (57 measured images), 2026-11-28",
  lambda: 3,
  features: ["logitReal", ...TEXTURE_KEYS] as const,
  mean: [
    -2.0878155610782096, -3.2972815827126962, -3.63679863383348, 2.4779630832670336, 0.4805062760161296,
    0.23106510255222834, 0.14274734678495152, 6.583709256513095, 7.818036490781815, 0.08692691200657894,
    0.8748242875659493, 0.06033554228964711, 2.88498412319977,
  ],
  sd: [
    5.194060111530587, 0.3373412103211741, 0.2816358776397383, 0.8188403212212552, 0.15212965320859287,
    0.07475292329177208, 0.03857700040048304, 2.0351464487661546, 2.5309806626436053, 0.12386990233417759,
    0.02918477311495382, 0.01676543234075585, 0.1287166418068323,
  ],
  weights: [
    0.8378768348298407, 0.1860639356628637, -0.2573670551036527, 0.44390911571985975, 0.5068611662629189,
    1.0640294334062441, -0.823301778517212, -0.22590383279547385, 0.4830921607698378, 0.44773232403507063,
    -0.02823459615467471, 0.13939567425435134, -0.08140587804816632,
  ],
  /** each feature's range on the material: a new value is clipped to it (the model must not extrapolate) */
  low: [
    -13.815509557963773, -4.231846190820084, -4.138205745581106, 0.22587350345449317, 0.2451604947718454,
    0.06610022427269663, 0.060185012920791016, 3.573603155226825, 4.076288592996395, 0, 0.8168574401664932,
    0.031477627471383975, 2.511204846110055,
  ],
  high: [
    5.84021845966457, -2.588929128097519, -3.1122763859779417, 3.863626709950505, 0.8230590848060112,
    0.3863034507508738, 0.2937504017007595, 15.34090309745256, 17.104270790731512, 0.48583984375, 0.9315816857440167,
    0.11654526534859522, 3.0964149974799224,
  ],
  bias: 0.11391111590438292,
  /** PASSED from this combined probability (median over the scored frames): just above the second-highest
   * out-of-fold attack score (0.63903) */
  threshold: 0.64,
  /** the model is used only on close-ups like those it was fit on: human's face box at least this share of the
   * image's width (the material's narrowest was 0.629; NUAA's tight crops are ~1.0). A face further away has the
   * context the models were trained with, and their score alone decides as before. */
  minFaceShare: 0.6,
} as const;

/** The logit the model reads the pair's probability as, clamped so that 0 and 1 stay finite. */
export function logitOf(p: number): number {
  const q = Math.min(1 - 1e-6, Math.max(1e-6, p));
  return Math.log(q / (1 - q));
}

/** P(live face) from the pair's real-face probability and the face's texture cues. */
export function combinedReal(real: number, texture: TextureFeatures): number {
  const x = COMBINED_MODEL.features.map((name, j) => {
    const value = name === "logitReal" ? logitOf(real) : texture[name];
    return Math.min(COMBINED_MODEL.high[j]!, Math.max(COMBINED_MODEL.low[j]!, value));
  });
  const z = x.reduce(
    (sum, v, j) => sum + COMBINED_MODEL.weights[j]! * ((v - COMBINED_MODEL.mean[j]!) / COMBINED_MODEL.sd[j]!),
    COMBINED_MODEL.bias,
  );
  return 1 / (1 + Math.exp(-z));
}
