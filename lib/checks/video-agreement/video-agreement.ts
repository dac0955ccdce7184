import "server-only";
import { analyzeVideo, anchorFace } from "@/lib/engines/faces/analyze-video";
import { largestFace } from "@/lib/engines/faces/face-match";
import { matchFaces, type FaceMatch } from "@/lib/checks/liveness/face-match";
import type { FaceObservation } from "@/lib/engines/faces/human-engine";
import { LIVENESS_THRESHOLDS, matchDetail } from "@/lib/checks/liveness/liveness";
import { presentationAttack, type SecondSignal } from "@/lib/checks/liveness/presentation-attack";
import type { Check, ProcessInput, VerificationProcess } from "@/lib/checks/types";
import { fileOf, resultOfChecks } from "@/lib/checks/types";
import { FfmpegError } from "@/lib/engines/video/ffmpeg";
import { listenToAgreement, speechData } from "./statement-check";
import { DEFAULT_AGREEMENT_STATEMENT } from "@/lib/shared/workflow-settings";

// VIDEO_AGREEMENT on AGREEMENT_VIDEO: the person who reads the statement is the person verified. The identity's
// face is taken, in this order, from the selfie video (SELFIE_VIDEO, checked live by the LIVENESS step), the
// SELFIE_PHOTO, then the document front. No face template is kept in step data: the reference is re-detected from
// the verification's own files.
//
// Decision table (resultOfChecks):
// | check                | PASSED                               | REVIEW                                  | FAILED                          |
// |----------------------|--------------------------------------|-----------------------------------------|---------------------------------|
// | VIDEO_FRAMES         | ≥ 5 frames decoded                   |                                         | fewer / unreadable              |
// | FACE_PRESENT         | a face in ≥ 80 % of frames           | 50–80 %                                 | < 50 %                          |
// | SINGLE_FACE          | one face throughout                  | a second face in ≤ 20 % of frames       | more                            |
// | SAME_FACE            | as LIVENESS                          | as LIVENESS                             | as LIVENESS                     |
// | IDENTITY_MATCH       | similarity ≥ 0.94 to the reference   | 0.89–0.94, or no reference face available| < 0.89                        |
// | AUDIO_PRESENT        | ≥ 1 s of voice-level sound           |                                         | no sound track, or silence      |
// | PRESENTATION_ATTACK  | as LIVENESS (presentation-attack.ts); the second signal is the LIVENESS step's head challenge      |
// | STATEMENT_TRANSCRIPT | statement-check.ts: ≥ 50 % of its words heard in order (English, PocketSphinx) | between; not English; no recogniser | < 10 % heard of ≥ 4 words spoken |
// The sound track is decoded and listened to while the frames are analysed (the recogniser costs ~0.7 s of CPU
// per second of sound): both start at once.

const FRAME_OPTIONS = { fps: 2, maxFrames: 16, maxSide: 640 } as const;
const REFERENCE_FRAMES = { fps: 2, maxFrames: 8, maxSide: 640 } as const;
const MIN_ACTIVE_AUDIO_SECONDS = 1;

export const videoAgreement: VerificationProcess = {
  type: "VIDEO_AGREEMENT",
  dependsOn: ["DOCUMENT_VERIFICATION", "LIVENESS", "DIGITAL_CREDENTIAL"],
  async run(input) {
    const statement = input.workflow.settings.AGREEMENT_STATEMENT ?? DEFAULT_AGREEMENT_STATEMENT;
    const video = await fileOf(input, "AGREEMENT_VIDEO");
    if (!video) {
      return {
        result: "DECLINED",
        data: { statement, speech: { transcribed: false, reason: "No AGREEMENT_VIDEO was submitted." } },
        checks: [{ name: "VIDEO_FRAMES", result: "FAILED", detail: "No AGREEMENT_VIDEO was submitted." }],
      };
    }
    const checks: Check[] = [];
    const listening = listenToAgreement(video.bytes, video.contentType, statement);
    // a rejection is awaited below; until then it must not count as unhandled
    listening.catch(() => undefined);
    let analysis;
    try {
      analysis = await analyzeVideo(video.bytes, video.contentType, FRAME_OPTIONS, { keepPixels: true });
    } catch (error) {
      if (!(error instanceof FfmpegError) || error.timedOut) throw error;
      analysis = null;
    }
    const n = analysis?.frames ?? 0;
    if (!analysis || n < LIVENESS_THRESHOLDS.MIN_FRAMES) {
      checks.push({
        name: "VIDEO_FRAMES",
        result: "FAILED",
        detail: `${n} frames could be read from the video; at least ${LIVENESS_THRESHOLDS.MIN_FRAMES} are needed.`,
      });
      const heard = await listening.catch(() => null);
      return {
        result: resultOfChecks(checks),
        data: { statement, speech: speechData(heard?.hearing ?? null), frames: { sampled: n } },
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
    const sims = analysis.similarityToAnchor.filter((s): s is number => s !== null);
    const lowest = sims.length ? Math.min(...sims) : null;
    checks.push({
      name: "SAME_FACE",
      result:
        lowest === null
          ? "FAILED"
          : lowest >= LIVENESS_THRESHOLDS.SAME_FACE
            ? "PASSED"
            : lowest >= LIVENESS_THRESHOLDS.SAME_FACE_REVIEW
              ? "REVIEW"
              : "FAILED",
      detail:
        lowest === null
          ? "No face to compare across frames."
          : `Lowest similarity between frames ${Math.round(lowest * 100) / 100}.`,
    });

    const pad = await presentationAttack(analysis, input.workflow.settings.PAD_MODE, checks, livenessSignals(input));
    checks.push(pad.check);

    const face = anchorFace(analysis);
    const reference = await referenceFace(input);
    let match: FaceMatch | null = null;
    if (!reference)
      checks.push({
        name: "IDENTITY_MATCH",
        result: "REVIEW",
        detail: "No selfie or document face of this verification to compare with.",
      });
    else if (!face)
      checks.push({ name: "IDENTITY_MATCH", result: "FAILED", detail: "No face in the agreement video." });
    else {
      match = await matchFaces(face, reference.face);
      checks.push({ name: "IDENTITY_MATCH", result: match.result, detail: matchDetail(reference.label, match) });
    }

    const { activity: audio, hearing, check: transcript } = await listening;
    checks.push(
      !audio.hasAudio
        ? {
            name: "AUDIO_PRESENT",
            result: "FAILED",
            detail: "The video has no sound: the statement was not read aloud.",
          }
        : audio.activeSeconds < MIN_ACTIVE_AUDIO_SECONDS
          ? {
              name: "AUDIO_PRESENT",
              result: "FAILED",
              detail: `Only ${audio.activeSeconds} s of voice-level sound in ${audio.seconds} s: the statement was not read aloud.`,
            }
          : {
              name: "AUDIO_PRESENT",
              result: "PASSED",
              detail: `${audio.activeSeconds} s of voice-level sound in ${audio.seconds} s.`,
            },
    );
    checks.push(transcript);

    return {
      result: resultOfChecks(checks),
      checks,
      data: {
        statement,
        speech: speechData(hearing),
        audio: {
          has_audio: audio.hasAudio,
          seconds: audio.seconds,
          active_seconds: audio.activeSeconds,
          peak_dbfs: audio.peakDbfs,
        },
        face_present: withFace > 0,
        frames: { sampled: n, with_face: withFace, multiple_faces: multi },
        face_consistency: { lowest_similarity: lowest === null ? null : Math.round(lowest * 1000) / 1000 },
        face_match: match && reference ? { ...match, reference: reference.source } : null,
        liveness_step: input.earlierSteps.find((s) => s.processType === "LIVENESS")?.result ?? null,
        presentation_attack: pad.data,
      },
    };
  },
};

/** The LIVENESS step's head challenge, a second signal independent of the agreement video's pixels. */
function livenessSignals(input: ProcessInput): SecondSignal[] {
  const step = input.earlierSteps.find((s) => s.processType === "LIVENESS");
  const challenge = step?.data.challenge as { passed?: unknown } | undefined;
  if (typeof challenge?.passed !== "boolean") return [];
  return [{ name: "the LIVENESS step's HEAD_CHALLENGE", failed: !challenge.passed }];
}

type Reference = { face: FaceObservation; source: string; label: string };

async function referenceFace(input: ProcessInput): Promise<Reference | null> {
  const selfieVideo = await fileOf(input, "SELFIE_VIDEO");
  if (selfieVideo) {
    try {
      const face = anchorFace(await analyzeVideo(selfieVideo.bytes, selfieVideo.contentType, REFERENCE_FRAMES));
      if (face) return { face, source: "SELFIE_VIDEO", label: "the selfie video" };
    } catch (error) {
      if (!(error instanceof FfmpegError) || error.timedOut) throw error;
    }
  }
  for (const [field, label] of [
    ["SELFIE_PHOTO", "the selfie photo"],
    ["CREDENTIAL_PORTRAIT", "the credential's portrait"],
    ["DOCUMENT_FRONT", "the document portrait"],
  ] as const) {
    const file = await fileOf(input, field);
    const face = file ? await largestFace(file.bytes) : null;
    if (face) return { face, source: field, label };
  }
  return null;
}
