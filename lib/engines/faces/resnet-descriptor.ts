import "server-only";
import { createRequire } from "node:module";
import path from "node:path";
import sharp from "sharp";

// The ResNet-34 face descriptor of @vladmandic/face-api (dlib's 128-d face recognition model), fed the face that
// human found: a square crop around human's box, face-api's 68 landmarks on it, its own aligned chip, the
// descriptor. Chosen over human's faceres on real photos (docs/accuracy.md, "Face match"). face-api's CommonJS
// build requires @tensorflow/tfjs, whose core is the same module human runs on, so both use the one WASM backend
// human has set up; calls are serialised by the caller (human-engine's queue) because tfjs runs one graph at a time.

type Pixels = { data: Buffer; width: number; height: number };
type Box = readonly [number, number, number, number];
type Tensor3D = { dispose(): void };
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type FaceApi = any;

/** npm package of the model; its folder model/ holds the weights (nothing is fetched). */
export const RESNET_PACKAGE = "@vladmandic/face-api";

export function faceApiDir(): string {
  const fromRoot = createRequire(path.join(process.cwd(), "package.json"));
  return path.dirname(path.dirname(fromRoot.resolve(RESNET_PACKAGE)));
}

let loading: Promise<FaceApi> | null = null;

async function load(): Promise<FaceApi> {
  const dir = faceApiDir();
  const req = createRequire(path.join(dir, "package.json"));
  const faceapi = req(path.join(dir, "dist", "face-api.node-wasm.js"));
  if (faceapi.tf.getBackend() !== "wasm") {
    // standalone use (the evaluation's worker): set up the WASM backend from the installed package
    const wasm = req("@tensorflow/tfjs-backend-wasm");
    wasm.setWasmPaths(
      `${path.join(path.dirname(path.dirname(req.resolve("@tensorflow/tfjs-backend-wasm"))), "dist")}/`,
    );
    await faceapi.tf.setBackend("wasm");
    await faceapi.tf.ready();
  }
  const modelDir = path.join(dir, "model");
  await faceapi.nets.ssdMobilenetv1.loadFromDisk(modelDir);
  await faceapi.nets.faceLandmark68Net.loadFromDisk(modelDir);
  await faceapi.nets.faceRecognitionNet.loadFromDisk(modelDir);
  return faceapi;
}

export function faceApi(): Promise<FaceApi> {
  loading ??= load().catch((error) => {
    loading = null;
    throw error;
  });
  return loading;
}

/** Square crop of side boxScale × the box's longer side, centred on the box; the part outside the image mirrored. */
export async function squareCrop(image: Pixels, box: Box, boxScale: number, size = 200): Promise<Pixels> {
  const [x, y, w, h] = box;
  const side = Math.max(8, Math.round(Math.max(w, h) * boxScale));
  const left = Math.round(x + w / 2 - side / 2),
    top = Math.round(y + h / 2 - side / 2);
  const pad = {
    left: Math.max(0, -left),
    top: Math.max(0, -top),
    right: Math.max(0, left + side - image.width),
    bottom: Math.max(0, top + side - image.height),
  };
  const padded = await sharp(image.data, { raw: { width: image.width, height: image.height, channels: 3 } })
    .extend({ ...pad, extendWith: "mirror" })
    .raw()
    .toBuffer({ resolveWithObject: true });
  const { data, info } = await sharp(padded.data, {
    raw: { width: padded.info.width, height: padded.info.height, channels: 3 },
  })
    .extract({ left: left + pad.left, top: top + pad.top, width: side, height: side })
    .resize(size, size)
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height };
}

/** The 128-d descriptor of the face in `box` (human's box, image pixels), or null when face-api finds no landmarks. */
export async function resnetDescriptor(
  image: Pixels,
  box: Box,
  boxScale = 1,
  refine = false,
): Promise<number[] | null> {
  const faceapi = await faceApi();
  const crop = await squareCrop(image, box, boxScale, refine ? 300 : 200);
  const input: Tensor3D = faceapi.tf.tensor3d(
    new Uint8Array(crop.data.buffer, crop.data.byteOffset, crop.data.byteLength),
    [crop.height, crop.width, 3],
    "int32",
  );
  const chips: Tensor3D[] = [];
  try {
    let face: Tensor3D = input;
    let offset = { x: 0, y: 0 };
    if (refine) {
      // face-api's own detector inside human's region: the tight box its landmark model was trained on
      const found = await faceapi.detectSingleFace(input, new faceapi.SsdMobilenetv1Options({ minConfidence: 0.2 }));
      if (found) {
        const [sub] = await faceapi.extractFaceTensors(input, [found.box]);
        if (sub) {
          chips.push(sub);
          face = sub;
          offset = { x: found.box.x, y: found.box.y };
        }
      }
    }
    const landmarks = await faceapi.detectFaceLandmarks(face);
    if (!landmarks) return null;
    const aligned = landmarks.align();
    chips.push(
      ...(await faceapi.extractFaceTensors(input, [
        new faceapi.Rect(aligned.x + offset.x, aligned.y + offset.y, aligned.width, aligned.height),
      ])),
    );
    const chip = chips.at(-1);
    if (!chip) return null;
    const descriptor = (await faceapi.computeFaceDescriptor(chip)) as Float32Array;
    return Array.from(descriptor);
  } finally {
    input.dispose();
    for (const chip of chips) chip.dispose();
  }
}
