import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { judgePresentationAttack, type FramePad } from "@/lib/checks/liveness/presentation-attack";
import { PresentationAttackScores } from "./presentation-attack";
import { padView } from "./presentation-attack-view";

// What a reviewer sees of PRESENTATION_ATTACK on the verification page, from the step data the check writes.

const NO_TEXTURE = {
  highFreq: 0,
  dogBand: 0,
  laplacian: 0,
  contrast: 0,
  saturation: 0,
  saturationSd: 0,
  cbSd: 0,
  crSd: 0,
  specular: 0,
  lbpUniform: 0,
  lbpFlat: 0,
  lbpEntropy: 0,
};
const frame = (real: number, i: number, greyscale = false): FramePad => ({
  frame: i,
  real,
  combined: real,
  faceShare: 1,
  texture: NO_TEXTURE,
  perModel: [{ name: "MiniFASNetV2", real }],
  greyscale,
  chroma: 10,
  box: [0, 0, 1, 1],
  yaw: 0,
  pitch: 0,
});
const render = (data: Record<string, unknown>) =>
  renderToStaticMarkup(createElement(PresentationAttackScores, { data }));

describe("presentation-attack scores on the dashboard", () => {
  it("shows the decision, the median and lowest score and every frame's score", () => {
    const { data } = judgePresentationAttack([frame(0.31, 2), frame(0.2, 5), frame(0.64, 9)]);
    const html = render({ presentation_attack: data });
    expect(html).toContain("<strong>review</strong>");
    expect(html).toContain("real-face score 0.31 median, 0.20 lowest");
    expect(html).toContain("#2 0.310 · #5 0.200 · #9 0.640");
    expect(html).toContain("with texture cues 0.31 median · passes from 0.64 (close-up: with texture cues)");
    expect(html).toContain("Possibly a printed photo or a screen");
  });

  it("says when the score was only recorded (shadow mode) and which signal confirmed a decline", () => {
    const shadow = judgePresentationAttack([frame(0, 0), frame(0, 1)], {
      mode: "SHADOW",
      secondSignals: [{ name: "HEAD_CHALLENGE", failed: true }],
    });
    const html = render({ presentation_attack: shadow.data });
    expect(html).toContain("shadow mode: recorded, not deciding");
    expect(html).toContain("<strong>failed</strong>");
    expect(html).toContain("confirmed by HEAD_CHALLENGE");
  });

  it("shows nothing for a step written before the check existed, and survives malformed data", () => {
    expect(render({ live: true })).toBe("");
    expect(padView({ presentation_attack: { frames: [{ frame: "x" }, { frame: 1, real: 0.5 }] } })).toMatchObject({
      decision: "unknown",
      medianReal: null,
      frames: [{ frame: 1, real: 0.5, greyscale: false }],
    });
  });
});
