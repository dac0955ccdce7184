import { readFile } from "node:fs/promises";
import { beforeAll, describe, expect, it } from "vitest";
import { largestFace } from "@/lib/engines/faces/face-match";
import type { FaceObservation } from "@/lib/engines/faces/human-engine";
import { decideMatch, FACE_MATCH_THRESHOLDS, matchFaces } from "./face-match";
import { LIVENESS_THRESHOLDS } from "./liveness";
import { loadFaceSet, sharedFaceDirs } from "@/test/real-faces";

// What must never regress on the real development photos (../shared/data/faces and ../shared/data/face-pairs, read
// in place; skipped where they are absent): at the shipped thresholds no different-person pair PASSES and no
// same-person pair is FAILED, for face match and SAME_FACE (both on the identity descriptor). The figures
// themselves are printed by `npm run eval:faces`.

const dirs = sharedFaceDirs();

describe.skipIf(!dirs.length)("face match on real photos (development sets)", () => {
  const sets = dirs.map(loadFaceSet);
  const faces = new Map<string, FaceObservation | null>();

  beforeAll(async () => {
    for (const file of new Set(sets.flatMap((s) => s.photos.map((p) => p.file))))
      faces.set(file, await largestFace(await readFile(file)));
  }, 300_000);

  it("finds a face with an identity descriptor in nearly every photo", () => {
    const missed = [...faces].filter(([, f]) => !f).map(([file]) => file);
    expect(missed.length).toBeLessThanOrEqual(Math.floor(faces.size * 0.03));
  });

  for (const set of sets) {
    it(`${set.name}: no different-person pair PASSES and no same-person pair FAILS`, () => {
      const verdicts = { samePassed: 0, sameFailed: [] as string[], differentPassed: [] as string[], different: 0 };
      for (const pair of set.pairs) {
        const a = faces.get(pair.a),
          b = faces.get(pair.b);
        if (!a || !b) continue;
        const match = matchFaces(a, b);
        const label = `${pair.a} ~ ${pair.b}: ${match.similarity}`;
        if (pair.same && match.result === "FAILED") verdicts.sameFailed.push(label);
        if (pair.same && match.result === "PASSED") verdicts.samePassed++;
        if (!pair.same && match.result === "PASSED") verdicts.differentPassed.push(label);
        if (!pair.same) verdicts.different++;
      }
      expect(verdicts.differentPassed).toEqual([]);
      expect(verdicts.sameFailed).toEqual([]);
      expect(verdicts.different).toBeGreaterThan(0);
      expect(verdicts.samePassed).toBeGreaterThan(0); // the thresholds still let genuine people through
    });
  }

  it("decides by the thresholds it reports, which SAME_FACE shares", () => {
    expect(LIVENESS_THRESHOLDS).toMatchObject({
      SAME_FACE: FACE_MATCH_THRESHOLDS.MATCH,
      SAME_FACE_REVIEW: FACE_MATCH_THRESHOLDS.REVIEW,
    });
    expect(decideMatch(FACE_MATCH_THRESHOLDS.MATCH)).toBe("PASSED");
    expect(decideMatch(FACE_MATCH_THRESHOLDS.REVIEW)).toBe("REVIEW");
    expect(decideMatch(FACE_MATCH_THRESHOLDS.REVIEW - 0.001)).toBe("FAILED");
  });
});
