import { randomBytes, randomInt } from "node:crypto";
import { DRAWN_CHALLENGES, type DrawnChallengeType, type SettingValues } from "@/lib/shared/workflow-settings";

export type DrawnChallenge = { type: DrawnChallengeType; nonce: string };

/**
 * LIVENESS_CHALLENGE = RANDOM (issue 31): the movement is drawn by the server at the start of each verification
 * (crypto.randomInt: uniform, not guessable from earlier draws) and stored with it, bound to a fresh nonce. The
 * hosted page shows it and sends the nonce back with the video; LIVENESS judges the video against what was drawn,
 * so a clip recorded in advance fits one attempt in three at best. Null for every other setting.
 */
export function drawChallenge(
  processes: readonly string[],
  settings: SettingValues,
  random: (n: number) => number = randomInt,
): DrawnChallenge | null {
  if (!processes.includes("LIVENESS") || settings.LIVENESS_CHALLENGE !== "RANDOM") return null;
  return { type: DRAWN_CHALLENGES[random(DRAWN_CHALLENGES.length)]!, nonce: randomBytes(16).toString("base64url") };
}

/** The stored column → a drawn challenge, or null when absent or not one of ours. */
export function storedChallenge(value: unknown): DrawnChallenge | null {
  const v = value as { type?: unknown; nonce?: unknown } | null;
  if (!v || typeof v.nonce !== "string" || !(DRAWN_CHALLENGES as readonly unknown[]).includes(v.type)) return null;
  return { type: v.type as DrawnChallengeType, nonce: v.nonce };
}
