import sharp from "sharp";
import { beforeAll, describe, expect, it } from "vitest";
import type { ProcessInput, StoredInput } from "@/lib/checks/types";
import type { SettingValues } from "@/lib/shared/workflow-settings";
import { framesVideo, loopedPhotoVideo, sampleFace, stillVideo } from "@/test/sample-faces";
import { liveness } from "./liveness";
import { FACE_MATCH_THRESHOLDS } from "./face-match";
import { testPorts, offlineVerification } from "@/test/check-ports";
import { drawPassport, randomPerson, seededRandom } from "@/test/document-images";

// End to end on videos made at run time with ffmpeg from human's shipped sample faces (test/sample-faces).
// No positive live case here: no real head turn can be generated from still photos (see docs/accuracy.md).

type Files = Record<string, { bytes: Buffer; contentType: string }>;
function processInput(
  files: Files,
  settings: SettingValues = { LIVENESS_CHALLENGE: "TURN_HEAD_LEFT_RIGHT" },
  processes = ["DOCUMENT_VERIFICATION", "LIVENESS"],
  extra: { meta?: Record<string, unknown>; drawn?: { type: string; nonce: string } } = {},
): ProcessInput {
  const inputs = new Map<string, StoredInput>(
    Object.keys(files).map((name) => [name, { type: "FILE", value: null, fileId: name }]),
  );
  return {
    verification: { ...offlineVerification(), livenessChallenge: extra.drawn ?? null },
    workflow: { processes, documentTypes: [], countries: [], settings },
    inputs,
    readFile: async (id) => files[id] ?? null,
    earlierSteps: [],
    now: new Date(),
    // the stored file's metadata: an API upload's (nothing of the page) unless a test gives the hosted stamp
    ports: testPorts({ fileMeta: async () => extra.meta ?? null }),
  };
}
const byName = (checks: { name: string; result: string }[]) =>
  Object.fromEntries(checks.map((c) => [c.name, c.result]));

/** A document-like front: the face small on a light card with text bars, as a JPEG photo of it. */
async function documentFront(face: Buffer): Promise<Buffer> {
  const portrait = await sharp(face).resize(220, 220).modulate({ saturation: 0.7 }).toBuffer();
  const bar = await sharp({ create: { width: 420, height: 18, channels: 3, background: "#445" } })
    .png()
    .toBuffer();
  return sharp({ create: { width: 900, height: 600, channels: 3, background: "#e8e4da" } })
    .composite([
      { input: portrait, left: 40, top: 160 },
      ...[180, 240, 300, 360].map((top) => ({ input: bar, left: 320, top })),
    ])
    .jpeg({ quality: 80 })
    .toBuffer();
}

describe("liveness.run", () => {
  let faces: Buffer[];
  beforeAll(async () => {
    faces = await Promise.all([1, 0].map((i) => sampleFace(i))); // dark-hair woman, man: clearly different people
  });

  it("declines a still photo video: not live, yet the face matches the document of the same person", async () => {
    const video = await stillVideo(faces[0]!, 3, "webm");
    const output = await liveness.run(
      processInput({
        SELFIE_VIDEO: { bytes: video, contentType: "video/webm" },
        DOCUMENT_FRONT: { bytes: await documentFront(faces[0]!), contentType: "image/jpeg" },
      }),
    );
    expect(byName(output.checks)).toMatchObject({
      VIDEO_FRAMES: "PASSED",
      FACE_PRESENT: "PASSED",
      SINGLE_FACE: "PASSED",
      NOT_STILL: "FAILED",
      HEAD_CHALLENGE: "FAILED",
      SAME_FACE: "PASSED",
      DOCUMENT_MATCH: "PASSED",
      SELFIE_PHOTO_MATCH: "SKIPPED",
    });
    expect(output.result).toBe("DECLINED");
    expect(output.data).toMatchObject({
      live: false,
      challenge: { type: "TURN_HEAD_LEFT_RIGHT", passed: false, observed: [] },
      face_match: { reference: "DOCUMENT_FRONT", result: "PASSED" },
      scores: { decisive: false },
    });
    expect((output.data.face_match as { similarity: number }).similarity).toBeGreaterThan(0.8);
    // a photo is not let through by presentation-attack detection either; its frames are scored and recorded
    expect(byName(output.checks).PRESENTATION_ATTACK).not.toBe("PASSED");
    const pad = output.data.presentation_attack as { mode: string; frames: unknown[]; median_real: number };
    expect(pad.mode).toBe("ENFORCE");
    expect(pad.frames.length).toBeGreaterThan(0);
    expect(pad.median_real).toBeLessThan(0.75);
  }, 90_000);

  it.each([90, 180])(
    "matches the face with the portrait of a passport sent turned %i° clockwise, turned upright by its text",
    async (turn) => {
      const person = { ...randomPerson(seededRandom(1503), "TD3", new Date()), country: "NL", nationality: "NL" };
      const passport = await drawPassport(person, { portrait: faces[0]! });
      const sent = await sharp(passport.front).rotate(turn).jpeg({ quality: 90 }).toBuffer();
      const output = await liveness.run(
        processInput({
          SELFIE_VIDEO: { bytes: await stillVideo(faces[0]!, 3, "webm"), contentType: "video/webm" },
          DOCUMENT_FRONT: { bytes: sent, contentType: "image/jpeg" },
        }),
      );
      const match = output.checks.find((c) => c.name === "DOCUMENT_MATCH")!;
      expect(match.result).toBe("PASSED");
      expect(match.detail).toContain(`the front read turned ${360 - turn}° clockwise`);
    },
    120_000,
  );

  it("matches the face with a wallet credential's portrait (CREDENTIAL_PORTRAIT) when the workflow has one (issue 34)", async () => {
    const video = await stillVideo(faces[0]!, 3, "webm");
    const portrait = await sharp(faces[0]!).resize(240, 300, { fit: "cover" }).jpeg().toBuffer();
    const output = await liveness.run(
      processInput(
        {
          SELFIE_VIDEO: { bytes: video, contentType: "video/webm" },
          CREDENTIAL_PORTRAIT: { bytes: portrait, contentType: "image/jpeg" },
        },
        undefined,
        ["DIGITAL_CREDENTIAL", "LIVENESS"],
      ),
    );
    expect(byName(output.checks).DOCUMENT_MATCH).toBe("PASSED");
    expect(output.data).toMatchObject({ face_match: { reference: "CREDENTIAL_PORTRAIT", result: "PASSED" } });
    // without a portrait (the claim was not asked for, or not disclosed) a person decides
    const without = await liveness.run(
      processInput({ SELFIE_VIDEO: { bytes: video, contentType: "video/webm" } }, undefined, [
        "DIGITAL_CREDENTIAL",
        "LIVENESS",
      ]),
    );
    expect(byName(without.checks).DOCUMENT_MATCH).toBe("REVIEW");
  }, 90_000);

  it("declines a looped photo (moving picture, head pose unchanged) and a face that differs from the document", async () => {
    const video = await loopedPhotoVideo(faces[0]!, 4, "mp4");
    const output = await liveness.run(
      processInput({
        SELFIE_VIDEO: { bytes: video, contentType: "video/mp4" },
        DOCUMENT_FRONT: { bytes: await documentFront(faces[1]!), contentType: "image/jpeg" },
      }),
    );
    expect(byName(output.checks)).toMatchObject({
      NOT_STILL: "PASSED",
      HEAD_CHALLENGE: "FAILED",
      DOCUMENT_MATCH: "FAILED",
    });
    expect(output.data).toMatchObject({ live: false, face_match: { result: "FAILED" } });
    expect((output.data.face_match as { similarity: number }).similarity).toBeLessThan(FACE_MATCH_THRESHOLDS.REVIEW);
  }, 90_000);

  it("fails a turn in the wrong order (a mirrored cut: yaw jumps to the person's left first)", async () => {
    const mirrored = await sharp(faces[0]!).flop().png().toBuffer();
    const frames = [...Array(8).fill(faces[0]!), ...Array(8).fill(mirrored), ...Array(8).fill(faces[0]!)];
    const video = await framesVideo(frames, 4, "webm");
    const rightLeft = await liveness.run(
      processInput(
        { SELFIE_VIDEO: { bytes: video, contentType: "video/webm" } },
        { LIVENESS_CHALLENGE: "TURN_HEAD_RIGHT_LEFT", PAD_MODE: "SHADOW" },
        ["LIVENESS"],
      ),
    );
    expect(byName(rightLeft.checks)).toMatchObject({ HEAD_CHALLENGE: "FAILED", DOCUMENT_MATCH: "SKIPPED" });
    // shadow mode: the PAD score is recorded, the check decides nothing
    const pad = rightLeft.checks.find((c) => c.name === "PRESENTATION_ATTACK");
    expect(pad?.result).toBe("SKIPPED");
    expect(pad?.detail).toMatch(/^Shadow mode: scores recorded, not decisive \(would have been (PASSED|REVIEW|FAILED)/);
    expect(rightLeft.data.presentation_attack).toMatchObject({ mode: "SHADOW" });
    expect(rightLeft.checks.find((c) => c.name === "HEAD_CHALLENGE")?.detail).toContain(
      "Wrong order: the head turned left first",
    );
    expect(rightLeft.data).toMatchObject({ live: false, challenge: { observed: ["LEFT"] } });
  }, 90_000);

  it("judges the challenge drawn for the verification, and sends a virtual camera to review", async () => {
    const mirrored = await sharp(faces[0]!).flop().png().toBuffer();
    const video = await framesVideo([...Array(8).fill(faces[0]!), ...Array(8).fill(mirrored)], 4, "webm");
    const files = { SELFIE_VIDEO: { bytes: video, contentType: "video/webm" } };
    const obs = "OBS Virtual Camera";
    const stamp = {
      capture: {
        channel: "hosted",
        signals: {
          version: 1,
          source: "camera",
          nonce: "n1",
          device: { label: obs, trackLabel: obs, cameras: 1, listed: true },
          settings: null,
          frames: null,
          recording: null,
        },
      },
    };
    const drawn = await liveness.run(
      processInput(files, { LIVENESS_CHALLENGE: "RANDOM" }, ["LIVENESS"], {
        meta: stamp,
        drawn: { type: "TURN_HEAD_RIGHT_LEFT", nonce: "n1" },
      }),
    );
    expect(drawn.checks.find((c) => c.name === "HEAD_CHALLENGE")?.detail).toContain(
      "the instruction was right then left",
    );
    expect(drawn.data).toMatchObject({ challenge: { type: "TURN_HEAD_RIGHT_LEFT", drawn: true } });
    expect(drawn.checks.find((c) => c.name === "CAPTURE_INTEGRITY")).toMatchObject({
      result: "REVIEW",
      detail: expect.stringContaining(`virtual camera ("${obs}"`),
    });
    expect(drawn.data.capture_integrity).toMatchObject({ channel: "hosted", camera_label: obs });

    // RANDOM with nothing drawn: nothing to judge the movement against; an API upload's timing passes
    const undrawn = await liveness.run(processInput(files, { LIVENESS_CHALLENGE: "RANDOM" }, ["LIVENESS"]));
    expect(byName(undrawn.checks)).toMatchObject({ HEAD_CHALLENGE: "REVIEW", CAPTURE_INTEGRITY: "PASSED" });
  }, 90_000);

  it("fails a video ffmpeg cannot read, and a missing video", async () => {
    const garbage = await liveness.run(
      processInput({ SELFIE_VIDEO: { bytes: Buffer.from("not a video at all"), contentType: "video/webm" } }, {}, [
        "LIVENESS",
      ]),
    );
    expect(byName(garbage.checks)).toEqual({ VIDEO_FRAMES: "FAILED" });
    expect(garbage.result).toBe("DECLINED");
    const missing = await liveness.run(processInput({}, {}, ["LIVENESS"]));
    expect(missing.result).toBe("DECLINED");
  }, 30_000);

  it("looks for the document's face while the video is decoded, and an unreadable video still decides alone", async () => {
    let asked = 0;
    const unreadable = { bytes: Buffer.from("not a video"), contentType: "video/webm" };
    const input = processInput({ SELFIE_VIDEO: unreadable, DOCUMENT_FRONT: unreadable });
    // the front's storage fails: the video's failure is the answer, and the lookup's error is no unhandled rejection
    const readFile = input.readFile;
    const result = await liveness.run({
      ...input,
      readFile: async (id) => {
        if (id !== "DOCUMENT_FRONT") return readFile(id);
        asked++;
        throw new Error("storage is down");
      },
    });
    expect(byName(result.checks)).toEqual({ VIDEO_FRAMES: "FAILED" });
    expect(asked).toBe(1);
  }, 30_000);
});
