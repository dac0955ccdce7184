import { describe, expect, it } from "vitest";
import { drawChallenge, storedChallenge } from "./draw-challenge";
import { buildInputs, withDrawnChallenge } from "./inputs";

describe("drawChallenge", () => {
  it("draws each movement for a RANDOM liveness workflow, with a fresh nonce each time", () => {
    const drawn = [0, 1, 2].map((i) => drawChallenge(["LIVENESS"], { LIVENESS_CHALLENGE: "RANDOM" }, () => i)!);
    expect(drawn.map((d) => d.type)).toEqual(["TURN_HEAD_LEFT_RIGHT", "TURN_HEAD_RIGHT_LEFT", "NOD"]);
    expect(new Set(drawn.map((d) => d.nonce)).size).toBe(3);
    expect(drawn[0]!.nonce).toMatch(/^[\w-]{22}$/);
  });

  it("draws nothing for a fixed challenge, no setting, or a workflow without LIVENESS", () => {
    expect(drawChallenge(["LIVENESS"], { LIVENESS_CHALLENGE: "NOD" })).toBeNull();
    expect(drawChallenge(["LIVENESS"], {})).toBeNull();
    expect(drawChallenge(["EMAIL_CHECK"], { LIVENESS_CHALLENGE: "RANDOM" })).toBeNull();
  });

  it("reads back only what it stored", () => {
    expect(storedChallenge({ type: "NOD", nonce: "abc" })).toEqual({ type: "NOD", nonce: "abc" });
    expect(storedChallenge({ type: "RANDOM", nonce: "abc" })).toBeNull();
    expect(storedChallenge(null)).toBeNull();
  });
});

describe("withDrawnChallenge", () => {
  const workflow = {
    processes: ["LIVENESS"],
    documentTypes: [],
    countries: [],
    settings: { LIVENESS_CHALLENGE: "RANDOM" as const },
  };

  it("puts the drawn movement, its instruction and the nonce on SELFIE_VIDEO", () => {
    const template = buildInputs(workflow);
    expect(template[0]!.data).toMatchObject({ challenge: "RANDOM" });
    const inputs = withDrawnChallenge(template, { type: "TURN_HEAD_RIGHT_LEFT", nonce: "n1" });
    expect(inputs[0]!.data).toMatchObject({
      challenge: "TURN_HEAD_RIGHT_LEFT",
      challengeNonce: "n1",
      instruction: "Look at the camera, then turn your head slowly to the right, then to the left.",
      accept: expect.arrayContaining(["video/webm"]),
    });
    expect(inputs[1]).toEqual(template[1]);
    expect(withDrawnChallenge(template, null)).toBe(template);
  });
});
