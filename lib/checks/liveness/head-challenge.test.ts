import { describe, expect, it } from "vitest";
import { challengeFor, judgeChallenge, type Pose } from "./head-challenge";

const yaws = (...values: number[]): Pose[] => values.map((yaw) => ({ yaw, pitch: 5 }));
const pitches = (...values: number[]): Pose[] => values.map((pitch) => ({ yaw: 2, pitch }));

describe("judgeChallenge", () => {
  it("passes a left then right turn for TURN_HEAD_LEFT_RIGHT (yaw < 0 = the person's left)", () => {
    const outcome = judgeChallenge("TURN_HEAD_LEFT_RIGHT", yaws(0, 1, -1, -10, -25, -30, -12, 3, 18, 28, 10, 0));
    expect(outcome).toMatchObject({
      passed: true,
      observed: ["LEFT", "RIGHT"],
      baseline: { yaw: 0 },
      yaw_range: [-30, 28],
    });
  });

  it("fails the same movement in the wrong order and names it", () => {
    const outcome = judgeChallenge("TURN_HEAD_RIGHT_LEFT", yaws(0, 1, -1, -10, -25, -30, -12, 3, 18, 28, 10, 0));
    expect(outcome.passed).toBe(false);
    expect(outcome.reason).toContain("Wrong order: the head turned left first");
    expect(judgeChallenge("TURN_HEAD_LEFT_RIGHT", yaws(0, 0, 0, 20, 30, 0, -20, -30)).reason).toContain("Wrong order");
  });

  it("fails a still pose, a turn to one side only, and too few faces", () => {
    expect(judgeChallenge("TURN_HEAD_LEFT_RIGHT", yaws(3, 4, 3, 5, 2, 4, 3)).reason).toContain("No head turn");
    expect(judgeChallenge("TURN_HEAD_LEFT_RIGHT", yaws(0, 0, 0, -20, -30, -5, 0)).reason).toContain(
      "no turn to the right",
    );
    const sparse = judgeChallenge("TURN_HEAD_LEFT_RIGHT", [
      null,
      null,
      { yaw: -30, pitch: 0 },
      { yaw: 30, pitch: 0 },
      null,
    ]);
    expect(sparse).toMatchObject({ passed: false, baseline: null });
  });

  it("does not count turns smaller than the threshold (14° stays still)", () => {
    expect(judgeChallenge("TURN_HEAD_LEFT_RIGHT", yaws(0, 0, 0, -14, -14, 14, 14)).passed).toBe(false);
    expect(judgeChallenge("TURN_HEAD_LEFT_RIGHT", yaws(0, 0, 0, -15, -15, 15, 15)).passed).toBe(true);
  });

  it("passes a nod that comes back and fails a turn or a frozen head for NOD", () => {
    expect(judgeChallenge("NOD", pitches(5, 5, 6, -8, -15, -4, 4, 6)).passed).toBe(true);
    expect(judgeChallenge("NOD", pitches(5, 5, 5, 6, 5, 4, 5)).reason).toContain("No nod");
    expect(judgeChallenge("NOD", pitches(5, 5, 5, 16, 18, 20, 21)).reason).toContain("did not come back");
    const turned = judgeChallenge("NOD", [...pitches(5, 5, 5, -15), { yaw: 30, pitch: 5 }, ...pitches(5)]);
    expect(turned.reason).toContain("turned sideways");
  });
});

describe("challengeFor", () => {
  const input = (setting: string | undefined, drawn: { type: string; nonce: string } | null) =>
    ({
      verification: { livenessChallenge: drawn },
      workflow: { settings: setting ? { LIVENESS_CHALLENGE: setting } : {} },
    }) as unknown as Parameters<typeof challengeFor>[0];

  it("takes the drawn challenge over the setting, the setting otherwise, and nothing for an undrawn RANDOM", () => {
    expect(challengeFor(input("RANDOM", { type: "NOD", nonce: "n" }))).toEqual({ type: "NOD", drawn: true });
    expect(challengeFor(input("TURN_HEAD_RIGHT_LEFT", null))).toEqual({ type: "TURN_HEAD_RIGHT_LEFT", drawn: false });
    expect(challengeFor(input(undefined, null))).toEqual({ type: "TURN_HEAD_LEFT_RIGHT", drawn: false });
    expect(challengeFor(input("RANDOM", null))).toEqual({ type: null, drawn: false });
  });
});
