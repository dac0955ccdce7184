import { describe, expect, it } from "vitest";
import { liveness } from "@/lib/checks/liveness/liveness";
import { HEAD_TURN_DEFAULTS, headTurnVideo, livenessInput, movementPoses, rotateMesh } from "./head-turn-video";
import { sampleFace } from "./sample-faces";

// The positive liveness case on a synthetic head turn (a 3-D rotation of the face mesh of one still photo, see
// head-turn-video.ts for what that can and cannot show). Measured with tools/eval/liveness-positive.ts: at the
// default ±35° all five sample people pass TURN_HEAD_LEFT_RIGHT in webm, and every one fails the reverse order.
// This test uses sample person 1 (dark-hair, also the first face of liveness.test.ts), whose measured turn has the
// widest margin over the 15° threshold (about −21°/+21° against the baseline); at ±30° two of the five people do
// not reach 15° on one side, so this is a regression test of the pipeline, not evidence about real recordings.

const byName = (checks: { name: string; result: string }[]) =>
  Object.fromEntries(checks.map((c) => [c.name, c.result]));

describe("head-turn video geometry", () => {
  it("moves the nose towards the image's right for a turn to the person's left (yaw < 0) and up for pitch > 0", () => {
    const nose: [number, number, number] = [100, 100, -30];
    const pivot: [number, number, number] = [100, 100, 70];
    const [left] = rotateMesh([nose], { yaw: -30, pitch: 0 }, pivot);
    const [right] = rotateMesh([nose], { yaw: 30, pitch: 0 }, pivot);
    const [up] = rotateMesh([nose], { yaw: 0, pitch: 20 }, pivot);
    expect(left![0]).toBeCloseTo(100 + 100 * Math.sin(Math.PI / 6), 6);
    expect(right![0]).toBeCloseTo(100 - 100 * Math.sin(Math.PI / 6), 6);
    expect(up![1]).toBeLessThan(100);
    // a rotation keeps distances to the pivot
    expect(Math.hypot(left![0] - 100, left![2] - 70)).toBeCloseTo(100, 6);
  });

  it("builds a ~5 s sequence: frontal, the person's left, centre, their right, centre", () => {
    const poses = movementPoses("LEFT_RIGHT");
    expect(poses.length / HEAD_TURN_DEFAULTS.FPS).toBeCloseTo(4.9, 5);
    const yaws = poses.map((p) => p.yaw);
    expect(yaws.slice(0, HEAD_TURN_DEFAULTS.FPS).every((y) => y === 0)).toBe(true);
    expect(yaws.indexOf(-HEAD_TURN_DEFAULTS.PEAK_YAW_DEG)).toBeLessThan(yaws.indexOf(HEAD_TURN_DEFAULTS.PEAK_YAW_DEG));
    expect(yaws.at(-1)).toBe(0);
    expect(movementPoses("NOD").every((p) => p.yaw === 0)).toBe(true);
  });
});

describe("liveness.run on a synthetic head turn", () => {
  it("passes TURN_HEAD_LEFT_RIGHT for a left-then-right turn and fails the same video for TURN_HEAD_RIGHT_LEFT", async () => {
    const { video, contentType } = await headTurnVideo(await sampleFace(1), "LEFT_RIGHT", "webm");

    const leftRight = await liveness.run(livenessInput(video, contentType, "TURN_HEAD_LEFT_RIGHT"));
    expect(byName(leftRight.checks)).toMatchObject({
      VIDEO_FRAMES: "PASSED",
      FACE_PRESENT: "PASSED",
      SINGLE_FACE: "PASSED",
      NOT_STILL: "PASSED",
      HEAD_CHALLENGE: "PASSED",
      SAME_FACE: "PASSED",
    });
    expect(leftRight.data).toMatchObject({
      live: true,
      challenge: { type: "TURN_HEAD_LEFT_RIGHT", passed: true, observed: ["LEFT", "RIGHT"] },
    });
    const [minYaw, maxYaw] = (leftRight.data.challenge as { yaw_range: [number, number] }).yaw_range;
    expect(minYaw).toBeLessThanOrEqual(-15);
    expect(maxYaw).toBeGreaterThanOrEqual(15);

    const rightLeft = await liveness.run(livenessInput(video, contentType, "TURN_HEAD_RIGHT_LEFT"));
    expect(byName(rightLeft.checks)).toMatchObject({ HEAD_CHALLENGE: "FAILED", SAME_FACE: "PASSED" });
    expect(rightLeft.checks.find((c) => c.name === "HEAD_CHALLENGE")?.detail).toContain(
      "Wrong order: the head turned left first",
    );
    expect(rightLeft.result).toBe("DECLINED");
    expect(rightLeft.data).toMatchObject({ live: false, challenge: { passed: false, observed: ["LEFT", "RIGHT"] } });
  }, 90_000);
});
