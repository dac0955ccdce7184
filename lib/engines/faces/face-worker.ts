// One thread of the face pool (face-pool.ts): its own onnxruntime sessions for human's four models and face-api's
// three nets, answering "detect this frame" and "describe this face" with the functions the main thread runs
// (human-onnx.ts' pipeline, resnet-descriptor.ts' crop and sequence), so the answers are the same. It never loads
// TF.js: under FACE_RUNTIME=onnx-exact a frame whose ONNX answer sits on one of human's edges is handed back (the
// request's stopNearEdge), and the main thread asks Human.
// Requests are answered one at a time (each worker is one core's worth of work). Loaded by a Worker started with
// tsx (face-pool.ts), so no "server-only" import: that package's react-server condition is set there too.
import { parentPort } from "node:worker_threads";
import { onnxNets, faceApiOnnx } from "./face-api-onnx";
import { detectFacesOnnx, humanOnnx } from "./human-onnx";
import { descriptorOfCrop, squareCrop } from "./resnet-descriptor";
import type { PoolImage, PoolReply, PoolRequest } from "./face-pool-protocol";

// a Buffer arrives as a plain Uint8Array (structured clone): the same bytes, viewed as a Buffer again for sharp
const asBuffer = (image: PoolImage) => ({
  width: image.width,
  height: image.height,
  data: Buffer.from(image.data.buffer, image.data.byteOffset, image.data.byteLength),
});

async function answer(request: PoolRequest): Promise<PoolReply> {
  switch (request.kind) {
    case "warm":
      await humanOnnx();
      await faceApiOnnx();
      return { id: request.id, ok: true, value: null };
    case "detect":
      return {
        id: request.id,
        ok: true,
        value: await detectFacesOnnx(asBuffer(request.image), undefined, request.stopNearEdge),
      };
    case "describe": {
      const crop = await squareCrop(asBuffer(request.image), request.box, request.boxScale, request.refine ? 300 : 200);
      const descriptor = await descriptorOfCrop(crop, request.refine, onnxNets);
      return { id: request.id, ok: true, value: descriptor ? Array.from(descriptor) : null };
    }
  }
}

let chain: Promise<unknown> = Promise.resolve();
parentPort?.on("message", (request: PoolRequest) => {
  chain = chain.then(async () => {
    try {
      parentPort!.postMessage(await answer(request));
    } catch (error) {
      parentPort!.postMessage({ id: request.id, ok: false, error: String((error as Error)?.stack ?? error) });
    }
  });
});
