import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { resizeLinearU8, type U8Image } from "./opencv-resize";

// Reference: cv2.resize(pattern, (w, h)) (INTER_LINEAR) of OpenCV 4.6.0 (Debian's python3-opencv), printed by
// tools/make/pad-reference.py resize. A float bilinear resize, or OpenCV's coefficients without its fixed-point
// rounding, differs from these in thousands of pixels; only the same arithmetic gives the same bytes.

/** The same synthetic 3-channel pattern the reference script builds with numpy. */
function pattern(width: number, height: number): U8Image {
  const data = new Uint8Array(width * height * 3);
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++)
      for (let c = 0; c < 3; c++)
        data[(y * width + x) * 3 + c] = ((x * x * 3 + y * y * 5 + x * y * 7 + c * 61) >> 1) % 256;
  return { data, width, height, channels: 3 };
}

const REFERENCE: [string, string, number[], number[]][] = [
  ["203x203->80x80", "02e2757d1dffbe48bfbe15bdde9d109f74159445973d6fb30281d54f336c70a4", [4, 36, 66], [69, 99, 130]],
  ["202x202->80x80", "737f7db063c84ac05fa9847a76c7a526cffe7d76c77f61890853bbb6809b0a28", [4, 35, 65], [67, 97, 128]],
  [
    "640x480->80x80",
    "8471990fda2e3dff696f56040de603528a656dc57f59fecd80095c59b94eaa54",
    [65, 96, 126],
    [153, 120, 150],
  ],
  // exactly halved both ways: OpenCV switches to INTER_AREA's 2×2 mean
  ["160x160->80x80", "e36637f9787384aff2a365a55c2641e42b178d6ea70853ba501be2980b617888", [3, 33, 64], [120, 86, 117]],
  // enlarged (a small face far from the camera): the edge rows keep their weights
  ["57x61->80x80", "0736f8f78cf18a04cf796dffcf7b270680b3dace1931a222581cfc9fdd94bb5e", [0, 30, 61], [124, 94, 125]],
  ["300x211->80x80", "28582004023e7aac26e9c333464dcb0797a6e0280d679a35c786a89ed2a2cb17", [9, 40, 70], [104, 135, 165]],
  ["97x250->80x80", "d9c68ede69a03fa37bc782d6dea2e74f5b6363de3e9530ce23f7e4ca4f528167", [3, 34, 64], [37, 62, 93]],
  // a row of 243 bytes, not a multiple of the vector width
  ["300x211->81x79", "c49359745f37324e283a85a604e04491b69ad7b884e731d5c9594ace51467454", [8, 39, 69], [75, 106, 136]],
];

describe("resizeLinearU8 (cv2.resize INTER_LINEAR, 8-bit)", () => {
  it.each(REFERENCE)("%s gives OpenCV's bytes", (name, sha256, first, probe) => {
    const [w, h, dw, dh] = name.split(/x|->/).map(Number) as [number, number, number, number];
    const out = resizeLinearU8(pattern(w, h), dw, dh);
    expect([out.width, out.height]).toEqual([dw, dh]);
    const at = (y: number, x: number) => Array.from(out.data.subarray((y * dw + x) * 3, (y * dw + x) * 3 + 3));
    expect(at(0, 0)).toEqual(first);
    expect(at(dh >> 1, Math.floor(dw / 3))).toEqual(probe);
    expect(createHash("sha256").update(out.data).digest("hex")).toBe(sha256);
  });

  it("differs from a plain float bilinear resize, so the test above can tell them apart", () => {
    const src = pattern(203, 203);
    const exact = resizeLinearU8(src, 80, 80);
    let differing = 0;
    const s = 203 / 80;
    for (let y = 0; y < 80; y++)
      for (let x = 0; x < 80; x++) {
        const fx = Math.max(0, (x + 0.5) * s - 0.5);
        const fy = Math.max(0, (y + 0.5) * s - 0.5);
        const x0 = Math.floor(fx);
        const y0 = Math.floor(fy);
        const ax = fx - x0;
        const ay = fy - y0;
        const p = (yy: number, xx: number) => src.data[(Math.min(yy, 202) * 203 + Math.min(xx, 202)) * 3]!;
        const v =
          (1 - ay) * ((1 - ax) * p(y0, x0) + ax * p(y0, x0 + 1)) +
          ay * ((1 - ax) * p(y0 + 1, x0) + ax * p(y0 + 1, x0 + 1));
        if (Math.round(v) !== exact.data[(y * 80 + x) * 3]) differing++;
      }
    expect(differing).toBeGreaterThan(0);
  });
});
