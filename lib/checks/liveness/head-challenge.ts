// The active challenge of LIVENESS, judged from head pose across video frames (pure: the poses come from the face
// engine). Angles in degrees as @vladmandic/human reports them on the recorded, unmirrored camera image (what
// MediaRecorder records; the preview on screen is mirrored, the file is not):
//   yaw < 0  = the person turned to THEIR left  (nose towards the image's right; human's "facing left" gesture)
//   yaw > 0  = the person turned to THEIR right
// Measured on sample faces: mirroring a face flips the sign of its yaw; a printed photo tilted by ±30 % about its
// vertical axis moves yaw by only ±5°, far below the turn threshold.
//
// Rules (thresholds below):
//  - baseline = median yaw/pitch of the first BASELINE_FRAMES frames with a face (the person looks at the camera).
//  - a TURN to one side = a frame whose yaw differs from the baseline by ≥ TURN_DEG in that direction.
//  - TURN_HEAD_LEFT_RIGHT passes when the FIRST turn observed is to the left and a right turn follows it;
//    TURN_HEAD_RIGHT_LEFT the mirror image. A turn the other way first = wrong order = FAILED; a missing turn =
//    FAILED (a still photo or a looped clip produces none).
//  - NOD passes when pitch moves ≥ NOD_DEG from the baseline and comes back within NOD_DEG / 2 of it later, while
//    yaw stays within TURN_DEG of the baseline (a nod, not a turn). The direction of the first movement (chin
//    down first) is not enforced: people nod either way and the pitch sign of the mesh is not reliable near 0.

import type { ProcessInput } from "@/lib/checks/types";

export type Pose = { yaw: number; pitch: number };
export type Challenge = "TURN_HEAD_LEFT_RIGHT" | "TURN_HEAD_RIGHT_LEFT" | "NOD";

export const CHALLENGE_THRESHOLDS = { BASELINE_FRAMES: 3, TURN_DEG: 15, NOD_DEG: 10, MIN_POSES: 5 } as const;

export type ChallengeOutcome = {
  challenge: Challenge;
  passed: boolean;
  /** movements seen, in order: LEFT/RIGHT turns, PITCH_DOWN (chin down) / PITCH_UP excursions */
  observed: string[];
  baseline: Pose | null;
  yaw_range: [number, number] | null;
  pitch_range: [number, number] | null;
  reason: string;
};

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? (s[(s.length - 1) >> 1]! + s[s.length >> 1]!) / 2 : 0;
};
const round = (x: number) => Math.round(x * 10) / 10;

const CHALLENGES: readonly string[] = ["TURN_HEAD_LEFT_RIGHT", "TURN_HEAD_RIGHT_LEFT", "NOD"];

/**
 * What this verification was asked to do: the challenge the server drew at its start (RANDOM workflows, issue 31),
 * else the workflow's fixed setting. null: the workflow says RANDOM but nothing was drawn (a verification that
 * started before the draw existed): there is nothing to judge the video against.
 */
export function challengeFor(input: Pick<ProcessInput, "verification" | "workflow">): {
  type: Challenge | null;
  drawn: boolean;
} {
  const drawn = input.verification.livenessChallenge?.type;
  if (drawn && CHALLENGES.includes(drawn)) return { type: drawn as Challenge, drawn: true };
  const setting = input.workflow.settings.LIVENESS_CHALLENGE ?? "TURN_HEAD_LEFT_RIGHT";
  return { type: setting === "RANDOM" ? null : setting, drawn: false };
}

/** `poses` in frame order, null for a frame without a face. */
export function judgeChallenge(challenge: Challenge, poses: readonly (Pose | null)[]): ChallengeOutcome {
  const seen = poses.filter((p): p is Pose => p !== null);
  const base = { challenge, observed: [] as string[], baseline: null, yaw_range: null, pitch_range: null };
  if (seen.length < CHALLENGE_THRESHOLDS.MIN_POSES)
    return { ...base, passed: false, reason: `Only ${seen.length} frames with a face: too few to judge the movement.` };
  const head = seen.slice(0, CHALLENGE_THRESHOLDS.BASELINE_FRAMES);
  const baseline = { yaw: median(head.map((p) => p.yaw)), pitch: median(head.map((p) => p.pitch)) };
  const dYaw = seen.map((p) => p.yaw - baseline.yaw);
  const dPitch = seen.map((p) => p.pitch - baseline.pitch);
  const ranges = {
    baseline: { yaw: round(baseline.yaw), pitch: round(baseline.pitch) },
    yaw_range: [round(Math.min(...dYaw)), round(Math.max(...dYaw))] as [number, number],
    pitch_range: [round(Math.min(...dPitch)), round(Math.max(...dPitch))] as [number, number],
  };

  if (challenge === "NOD") {
    const observed: string[] = [];
    let away = false;
    let returned = false;
    for (const d of dPitch) {
      if (Math.abs(d) >= CHALLENGE_THRESHOLDS.NOD_DEG) {
        // human's pitch grows as the chin goes down (measured on synthetic nods, docs/accuracy.md)
        const dir = d > 0 ? "PITCH_DOWN" : "PITCH_UP";
        if (observed.at(-1) !== dir) observed.push(dir);
        away = true;
      } else if (away && Math.abs(d) <= CHALLENGE_THRESHOLDS.NOD_DEG / 2) returned = true;
    }
    const turned = dYaw.some((d) => Math.abs(d) >= CHALLENGE_THRESHOLDS.TURN_DEG);
    const passed = away && (returned || observed.length >= 2) && !turned;
    const reason = passed
      ? "The head nodded and came back."
      : turned
        ? "The head turned sideways instead of nodding."
        : away
          ? "The head tilted but did not come back."
          : `No nod: pitch stayed within ${CHALLENGE_THRESHOLDS.NOD_DEG}° of the start.`;
    return { ...base, ...ranges, observed, passed, reason };
  }

  const observed: string[] = [];
  for (const d of dYaw) {
    const dir = d <= -CHALLENGE_THRESHOLDS.TURN_DEG ? "LEFT" : d >= CHALLENGE_THRESHOLDS.TURN_DEG ? "RIGHT" : null;
    if (dir && observed.at(-1) !== dir) observed.push(dir);
  }
  const [first, second] = challenge === "TURN_HEAD_LEFT_RIGHT" ? ["LEFT", "RIGHT"] : ["RIGHT", "LEFT"];
  const passed = observed[0] === first && observed.includes(second);
  const reason = passed
    ? `The head turned ${first.toLowerCase()}, then ${second.toLowerCase()}, as instructed.`
    : observed.length === 0
      ? `No head turn: yaw stayed within ${CHALLENGE_THRESHOLDS.TURN_DEG}° of the start.`
      : observed[0] !== first
        ? `Wrong order: the head turned ${observed[0]!.toLowerCase()} first, the instruction was ${first.toLowerCase()} then ${second.toLowerCase()}.`
        : `Only a turn to the ${first.toLowerCase()} was seen; no turn to the ${second.toLowerCase()} followed.`;
  return { ...base, ...ranges, observed, passed, reason };
}
