import { mkdtemp, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sampleFace, SAMPLE_PEOPLE } from "@/test/sample-faces";
import { SHIPPED_IDENTITY_DESCRIPTOR } from "./descriptors";
import { createFacePool, FacePoolError, closeFacePool, facePool } from "./face-pool";
import { decodeImage, detectFacesInPixels, identityDescriptor } from "./human-engine";
import { detectFacesOnnx } from "./human-onnx";
import { resnetDescriptor } from "./resnet-descriptor";

// The face pool (issue 35) answers with the functions this thread runs, so LIVENESS' observations and descriptors
// do not depend on where they were computed; a pool that cannot answer fails fast and the engine answers itself.

const spec = SHIPPED_IDENTITY_DESCRIPTOR;

describe("face pool", () => {
  const pool = createFacePool(2);
  afterAll(() => pool.close());

  it("gives the observations and identity descriptors of the in-thread path on the sample faces", async () => {
    await pool.warm();
    for (let i = 0; i < SAMPLE_PEOPLE.length; i++) {
      const image = await decodeImage(await sampleFace(i));
      const [pooled, here] = await Promise.all([pool.detect(image), detectFacesOnnx(image, undefined, true)]);
      expect(pooled.faces.length).toBeGreaterThan(0);
      expect(pooled).toEqual(here);
      const box = here.faces[0]!.box;
      const described = await pool.describe(image, box, spec.boxScale, spec.refine ?? false);
      expect(described).toHaveLength(128);
      expect(described).toEqual(await resnetDescriptor(image, box, spec.boxScale, spec.refine));
    }
  }, 120_000);

  it("fails a request with FacePoolError once closed, instead of leaving it waiting", async () => {
    const closing = createFacePool(1);
    await closing.close();
    const image = await decodeImage(await sampleFace(0));
    await expect(closing.detect(image)).rejects.toBeInstanceOf(FacePoolError);
    expect(closing.size()).toBe(0);
  });

  it("fails the requests of a worker that dies with FacePoolError, instead of leaving them waiting", async () => {
    // a worker that exits on its first request, as a crash in a native model would end it
    const file = path.join(await mkdtemp(path.join(os.tmpdir(), "face-pool-")), "dying-worker.cjs");
    await writeFile(file, 'require("node:worker_threads").parentPort.on("message", () => process.exit(3));\n');
    const dying = createFacePool(1, file);
    const image = await decodeImage(await sampleFace(0));
    await expect(dying.detect(image)).rejects.toThrow(/exited \(code 3\)/);
    await expect(dying.detect(image)).rejects.toBeInstanceOf(FacePoolError);
    expect(dying.size()).toBe(0);
    await dying.close();
  });
});

describe("face engine with and without its pool", () => {
  const workers = process.env.FACE_WORKERS;
  beforeAll(() => {
    process.env.FACE_WORKERS = "2"; // read when the engine first asks for its pool, below
  });
  afterAll(async () => {
    await closeFacePool();
    if (workers === undefined) delete process.env.FACE_WORKERS;
    else process.env.FACE_WORKERS = workers;
  });

  it("answers on its own thread, the same faces and descriptor, once the pool is closed", async () => {
    const image = await decodeImage(await sampleFace(2));
    expect(facePool()?.size()).toBe(2);
    const pooled = await detectFacesInPixels(image);
    const pooledIdentity = await identityDescriptor(image, pooled[0]!);
    await closeFacePool();
    expect(facePool()).toBeNull();
    const here = await detectFacesInPixels(image);
    expect(here).toEqual(pooled);
    expect(await identityDescriptor(image, here[0]!)).toEqual(pooledIdentity);
    expect(pooledIdentity).toHaveLength(128);
  }, 120_000);
});
