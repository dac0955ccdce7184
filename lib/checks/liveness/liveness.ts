import "server-only";
import sharp from "sharp";
import { analyzeVideo, anchorFace, VIDEO_THRESHOLDS, type VideoAnalysis } from "@/lib/engines/faces/analyze-video";
import { largestFace } from "@/lib/engines/faces/face-match";
import { uprightTurn } from "@/lib/engines/documents/which-way-up";
import { FACE_MATCH_THRESHOLDS, matchFaces, type FaceMatch } from "./face-match";
import { presentationAttack } from "./presentation-attack";
import type { Check, ProcessInput, VerificationProcess } from "@/lib/checks/types";
import { fileOf, resultOfChecks } from "@/lib/checks/types";
import { FfmpegError } from "@/lib/engines/video/ffmpeg";
import { CHALLENGE_THRESHOLDS, challengeFor, judgeChallenge } from "./head-challenge";
import { captureIntegrity } from "./capture-integrity";

// LIVENESS on SELFIE_VIDEO: frames sampled with ffmpeg (FRAME_OPTIONS), faces and head pose per frame with
// @vladmandic/human. The person must follow the active challenge; the antispoof/liveness model scores are recorded
// in the step data but decide nothing (they did not separate photos from people on test data).
//
// Decision table (the step's result is resultOfChecks: any FAILED → DECLINED, else any REVIEW → MANUAL_REVIEW):
// | check           | PASSED                                   | REVIEW                              | FAILED                                   |
// |-----------------|------------------------------------------|-------------------------------------|------------------------------------------|
// | VIDEO_FRAMES    | ≥ MIN_FRAMES frames decoded              |                                     | fewer (unreadable or < ~1.5 s)           |
// | FACE_PRESENT    | a face in ≥ 80 % of frames               | 50–80 %                             | < 50 %                                   |
// | SINGLE_FACE     | one face in every frame                  | a second face in ≤ 20 % of frames   | a second face in > 20 % of frames        |
// | NOT_STILL       | consecutive frames differ                |                                     | all frames the same picture (a still)    |
// | HEAD_CHALLENGE  | instructed movement, in order            |                                     | missing movement or wrong order          |
// | SAME_FACE       | every face ≥ SAME_FACE similarity        | lowest in [REVIEW, SAME_FACE)       | a face < REVIEW (someone else)           |
// | DOCUMENT_MATCH  | ≥ FACE_MATCH MATCH (0.94)                | 0.89–0.94, or no face on the document| < 0.89; SKIPPED without a document step |
// | SELFIE_PHOTO    | same table as DOCUMENT_MATCH, SKIPPED when no SELFIE_PHOTO was sent                                                |
// | CAPTURE_INTEGRITY | camera and file timing look recorded | a virtual camera, a script-made stream, impossible timing (capture-integrity.ts) | never |
// HEAD_CHALLENGE is REVIEW when the workflow says RANDOM and no challenge was drawn for the verification.
// A still photo or a looped photo clip fails HEAD_CHALLENGE (its pose does not change) and NOT_STILL when no pixel
// changes. `live` in the data = FACE_PRESENT, SINGLE_FACE, NOT_STILL, HEAD_CHALLENGE and SAME_FACE all PASSED.
// PRESENTATION_ATTACK: the MiniFASNet pair on frontal frames, FAILED only with a second signal (presentation-attack.ts).

export const FRAME_OPTIONS = { fps: 3, maxFrames: 24, maxSide: 640 } as const;
// SAME_FACE compares the identity descriptor of up to 6 frames (analyze-video.ts: the most turned ones and others)
// with the anchor's, on the thresholds of face match: calibrated on real pairs by tools/eval/faces.ts, PASSED
// above every different-person pair seen, FAILED below every same-person pair seen (docs/accuracy.md).
export const LIVENESS_THRESHOLDS = {
  MIN_FRAMES: 5,
  FACE_PRESENT: 0.8,
  FACE_PRESENT_REVIEW: 0.5,
  SECOND_FACE_FAILED: 0.2,
  SAME_FACE: FACE_MATCH_THRESHOLDS.MATCH,
  SAME_FACE_REVIEW: FACE_MATCH_THRESHOLDS.REVIEW,
} as const;

const LIVE_CHECKS = ["FACE_PRESENT", "SINGLE_FACE", "NOT_STILL", "HEAD_CHALLENGE", "SAME_FACE"];
const round = (x: number, digits = 3) => Math.round(x * 10 ** digits) / 10 ** digits;
const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? (s[(s.length - 1) >> 1]! + s[s.length >> 1]!) / 2 : null;
};

export const liveness: VerificationProcess = {
  type: "LIVENESS",
  // none: the document match reads DOCUMENT_FRONT itself, not the document step's output, so LIVENESS runs beside
  // DOCUMENT_VERIFICATION (their wall times overlap instead of adding up: bench:pipeline, docs/benchmarks.md); it waits
  // for DIGITAL_CREDENTIAL (fast: no image work), whose verified portrait it compares the face with
  dependsOn: ["DIGITAL_CREDENTIAL"],
  async run(input) {
    const { type: challenge, drawn } = challengeFor(input);
    const video = await fileOf(input, "SELFIE_VIDEO");
    if (!video) {
      return {
        result: "DECLINED",
        data: { live: false, challenge: { type: challenge, drawn, passed: false } },
        checks: [{ name: "VIDEO_FRAMES", result: "FAILED", detail: "No SELFIE_VIDEO was submitted." }],
      };
    }
    // the face the video is matched with, looked for while ffmpeg decodes the video in its own process: it needs
    // nothing from the video (an error in it is thrown where the match awaits it; a video that fails first leaves it
    // unread)
    const reference = documentPortrait(input);
    reference.catch(() => undefined);
    let analysis: VideoAnalysis;
    try {
      // the frame timing CAPTURE_INTEGRITY reads comes from the same ffmpeg run (one decode of the video)
      analysis = await analyzeVideo(video.bytes, video.contentType, FRAME_OPTIONS, {
        keepPixels: true,
        withTiming: true,
      });
    } catch (error) {
      // an unreadable upload is the person's problem (FAILED below); a timeout or a missing binary is ours (retry)
      if (!(error instanceof FfmpegError) || error.timedOut) throw error;
      analysis = { frames: 0, faces: [], anchor: null, similarityToAnchor: [], frameDiffs: [] };
    }
    const checks: Check[] = [];
    const n = analysis.frames;
    if (n < LIVENESS_THRESHOLDS.MIN_FRAMES) {
      checks.push({
        name: "VIDEO_FRAMES",
        result: "FAILED",
        detail: `${n} frames could be read from the video; at least ${LIVENESS_THRESHOLDS.MIN_FRAMES} are needed (about 2 seconds).`,
      });
      return {
        result: resultOfChecks(checks),
        data: { live: false, frames: { sampled: n }, challenge: { type: challenge, drawn, passed: false } },
        checks,
      };
    }
    checks.push({
      name: "VIDEO_FRAMES",
      result: "PASSED",
      detail: `${n} frames sampled at ${FRAME_OPTIONS.fps} per second.`,
    });

    const withFace = analysis.faces.filter((f) => f.main).length;
    const share = withFace / n;
    checks.push({
      name: "FACE_PRESENT",
      result:
        share >= LIVENESS_THRESHOLDS.FACE_PRESENT
          ? "PASSED"
          : share >= LIVENESS_THRESHOLDS.FACE_PRESENT_REVIEW
            ? "REVIEW"
            : "FAILED",
      detail: `A face was found in ${withFace} of ${n} frames.`,
    });

    const multi = analysis.faces.filter((f) => f.others > 0).length;
    checks.push({
      name: "SINGLE_FACE",
      result: multi === 0 ? "PASSED" : multi / n <= LIVENESS_THRESHOLDS.SECOND_FACE_FAILED ? "REVIEW" : "FAILED",
      detail: multi === 0 ? "One face in every frame." : `A second face appears in ${multi} of ${n} frames.`,
    });

    const maxDiff = Math.max(0, ...analysis.frameDiffs);
    const isStill = maxDiff < VIDEO_THRESHOLDS.STILL_FRAME_DIFF;
    checks.push(
      isStill
        ? {
            name: "NOT_STILL",
            result: "FAILED",
            detail: "Every frame shows the same picture: this is a still image, not a live person.",
          }
        : { name: "NOT_STILL", result: "PASSED", detail: "The picture changes between frames." },
    );

    const poses = analysis.faces.map((f) => (f.main ? { yaw: f.main.yaw, pitch: f.main.pitch } : null));
    const outcome = challenge
      ? judgeChallenge(challenge, poses)
      : { ...judgeChallenge("NOD", []), reason: "No challenge was drawn for this verification (RANDOM)." };
    checks.push({
      name: "HEAD_CHALLENGE",
      result: outcome.passed ? "PASSED" : challenge ? "FAILED" : "REVIEW",
      detail: outcome.reason,
    });

    const sims = analysis.similarityToAnchor.filter((s): s is number => s !== null);
    const lowest = sims.length ? Math.min(...sims) : null;
    checks.push(
      lowest === null
        ? { name: "SAME_FACE", result: "FAILED", detail: "No face to compare across frames." }
        : lowest >= LIVENESS_THRESHOLDS.SAME_FACE
          ? {
              name: "SAME_FACE",
              result: "PASSED",
              detail: `The same face throughout (lowest similarity ${round(lowest, 2)}).`,
            }
          : lowest >= LIVENESS_THRESHOLDS.SAME_FACE_REVIEW
            ? {
                name: "SAME_FACE",
                result: "REVIEW",
                detail: `A frame's face is only ${round(lowest, 2)} similar to the others.`,
              }
            : {
                name: "SAME_FACE",
                result: "FAILED",
                detail: `A different face appears during the video (similarity ${round(lowest, 2)}).`,
              },
    );

    const face = anchorFace(analysis);
    const documentMatch = await documentFaceMatch(reference, face);
    checks.push(documentMatch.check);
    const selfieMatch = await selfiePhotoMatch(input, face);
    checks.push(selfieMatch.check);
    const integrity = await captureIntegrity(input, video, analysis.timing);
    checks.push(integrity.check);

    const real = analysis.faces.map((f) => f.main?.real).filter((x): x is number => typeof x === "number");
    const live = analysis.faces.map((f) => f.main?.live).filter((x): x is number => typeof x === "number");
    // passive PAD on the frontal frames, after every check that can be its second signal (presentation-attack.ts)
    const pad = await presentationAttack(analysis, input.workflow.settings.PAD_MODE, checks);
    checks.push(pad.check);
    const isLive = LIVE_CHECKS.every((name) => checks.find((c) => c.name === name)?.result === "PASSED");
    return {
      result: resultOfChecks(checks),
      checks,
      data: {
        live: isLive,
        challenge: {
          type: challenge,
          drawn,
          passed: outcome.passed,
          observed: outcome.observed,
          reason: outcome.reason,
          baseline: outcome.baseline,
          yaw_range: outcome.yaw_range,
          pitch_range: outcome.pitch_range,
        },
        frames: { sampled: n, with_face: withFace, multiple_faces: multi, max_frame_difference: round(maxDiff, 2) },
        presentation_attack: pad.data,
        face_consistency: {
          lowest_similarity: lowest === null ? null : round(lowest),
          median_similarity: median(sims) === null ? null : round(median(sims)!),
        },
        face_match: documentMatch.match ? { ...documentMatch.match, reference: documentMatch.reference } : null,
        selfie_photo_match: selfieMatch.match,
        capture_integrity: integrity.data,
        // model scores: recorded for reviewers, never decisive (see the table above)
        scores: {
          antispoof_real_median: nullableRound(median(real)),
          liveness_model_median: nullableRound(median(live)),
          decisive: false,
        },
        thresholds: {
          ...LIVENESS_THRESHOLDS,
          ...CHALLENGE_THRESHOLDS,
          face_match: FACE_MATCH_THRESHOLDS,
          still_frame_difference: VIDEO_THRESHOLDS.STILL_FRAME_DIFF,
        },
        engine:
          "@vladmandic/human 3.3 faces and poses, face-api ResNet-34 identity descriptor (both on onnxruntime), ffmpeg frames",
      },
    };
  },
};

const nullableRound = (x: number | null) => (x === null ? null : round(x));

type Observed = Parameters<typeof matchFaces>[0];

async function documentFaceMatch(
  lookup: Promise<DocumentPortrait>,
  face: Observed | null,
): Promise<{ check: Check; match: FaceMatch | null; reference?: string }> {
  const reference = await lookup;
  if ("skipped" in reference) {
    return {
      check: { name: "DOCUMENT_MATCH", result: "SKIPPED", detail: reference.skipped },
      match: null,
    };
  }
  if ("missing" in reference)
    return { check: { name: "DOCUMENT_MATCH", result: "REVIEW", detail: reference.missing }, match: null };
  const { portrait, source } = reference;
  let { label } = reference;
  if (!face)
    return {
      check: { name: "DOCUMENT_MATCH", result: "FAILED", detail: "No face in the video to compare with the document." },
      match: null,
    };
  let match = matchFaces(face, portrait);
  // a front sent sideways or upside down: its face, found lying down, gives no fair descriptor (0.83–0.90 for the
  // same photo turned, docs/checks.md). Where the match does not pass, the front's own text says which way is up
  // (DOCUMENT_VERIFICATION's reading of it); its face there is the one compared. The turn comes from the page, not
  // from trying turns until a face matches, so an impostor gets no more tries.
  if (match.result !== "PASSED" && reference.front && !reference.turn) {
    const turned = await turnedFrontFace(reference.front);
    if (turned) {
      match = matchFaces(face, turned.portrait);
      label = `${label} (the front read turned ${turned.turn}° clockwise)`;
    }
  }
  return {
    check: { name: "DOCUMENT_MATCH", result: match.result, detail: matchDetail(label, match) },
    match,
    reference: source,
  };
}

type DocumentPortrait =
  | {
      portrait: NonNullable<Awaited<ReturnType<typeof largestFace>>>;
      label: string;
      source: string;
      /** the document front it was found on, and the clockwise turn it was found in (turnedFrontFace) */
      front?: Buffer;
      turn?: number;
    }
  | { skipped: string }
  | { missing: string };

/**
 * The face the selfie is matched with: the portrait of a verified wallet credential (signed by its issuer: the
 * better reference, issue 34) when the DIGITAL_CREDENTIAL step stored one, else the document front's largest face.
 */
async function documentPortrait(input: ProcessInput): Promise<DocumentPortrait> {
  const hasDocument = input.workflow.processes.includes("DOCUMENT_VERIFICATION");
  const hasCredential = input.workflow.processes.includes("DIGITAL_CREDENTIAL");
  if (!hasDocument && !hasCredential) return { skipped: "The workflow has no document or credential step." };
  const credential = hasCredential ? await fileOf(input, "CREDENTIAL_PORTRAIT") : null;
  if (credential) {
    const portrait = await largestFace(credential.bytes);
    if (portrait) return { portrait, label: "the credential's portrait", source: "CREDENTIAL_PORTRAIT" };
    if (!hasDocument) return { missing: "No face was found on the credential's portrait." };
  }
  if (!hasDocument) return { missing: "The verified credential carried no portrait to compare the face with." };
  const front = await fileOf(input, "DOCUMENT_FRONT");
  if (!front) return { missing: "No document front image to compare the face with." };
  const portrait = await largestFace(front.bytes);
  if (portrait) return { portrait, label: "the document portrait", source: "DOCUMENT_FRONT", front: front.bytes };
  const turned = await turnedFrontFace(front.bytes);
  if (!turned) return { missing: "No face was found on the document front." };
  return {
    portrait: turned.portrait,
    label: `the document portrait (the front read turned ${turned.turn}° clockwise)`,
    source: "DOCUMENT_FRONT",
    front: front.bytes,
    turn: turned.turn,
  };
}

/** The face of a document front sent turned, in the front turned upright by its page OCR (uprightTurn); else null. */
async function turnedFrontFace(front: Buffer) {
  const turn = await uprightTurn(front);
  if (turn === 0) return null;
  const portrait = await largestFace(await sharp(front).rotate(turn).png().toBuffer());
  return portrait ? { portrait, turn } : null;
}

async function selfiePhotoMatch(
  input: ProcessInput,
  face: Observed | null,
): Promise<{ check: Check; match: FaceMatch | null }> {
  const photo = await fileOf(input, "SELFIE_PHOTO");
  if (!photo)
    return {
      check: { name: "SELFIE_PHOTO_MATCH", result: "SKIPPED", detail: "No SELFIE_PHOTO was submitted." },
      match: null,
    };
  const selfie = await largestFace(photo.bytes);
  if (!selfie || !face)
    return {
      check: {
        name: "SELFIE_PHOTO_MATCH",
        result: "REVIEW",
        detail: selfie
          ? "No face in the video to compare with the selfie photo."
          : "No face was found on the selfie photo.",
      },
      match: null,
    };
  const match = await matchFaces(face, selfie);
  return {
    check: { name: "SELFIE_PHOTO_MATCH", result: match.result, detail: matchDetail("the selfie photo", match) },
    match,
  };
}

export function matchDetail(what: string, match: FaceMatch): string {
  const verdict = match.result === "PASSED" ? "matches" : match.result === "REVIEW" ? "may match" : "does not match";
  return `The face in the video ${verdict} ${what} (similarity ${match.similarity}, threshold ${match.threshold}).`;
}
