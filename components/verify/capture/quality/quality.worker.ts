// The capture judgement, off the main thread: the page posts a picture (an ImageBitmap of the frame's area, or an
// uploaded file), this worker reads its pixels on an OffscreenCanvas and answers with judge-capture's verdict.
// Nothing leaves the device. Live frames also carry how much the picture moved since the previous one.
import {
  frameDifference,
  judgeCapture,
  thumbnail,
  toLuma,
  type Luma,
  type Verdict,
} from "@/components/verify/capture/quality/judge-capture";
import type { QualityRequest, QualityResponse } from "@/components/verify/capture/quality/quality-protocol";

// an upload is judged at this width at most: decoding a 12-megapixel photo's every pixel buys nothing
const MAX_DECODE_WIDTH = 1280;

let previous: Luma | null = null;

async function pixels(picture: ImageBitmap | Blob): Promise<ImageData> {
  let bitmap = picture instanceof Blob ? await createImageBitmap(picture) : picture;
  if (bitmap.width > MAX_DECODE_WIDTH) {
    const resized = await createImageBitmap(bitmap, {
      resizeWidth: MAX_DECODE_WIDTH,
      resizeHeight: Math.round((bitmap.height * MAX_DECODE_WIDTH) / bitmap.width),
      resizeQuality: "medium",
    });
    bitmap.close();
    bitmap = resized;
  }
  const canvas = new OffscreenCanvas(bitmap.width, bitmap.height);
  const context = canvas.getContext("2d", { willReadFrequently: true });
  if (!context) throw new Error("no 2D context in the worker");
  context.drawImage(bitmap, 0, 0);
  bitmap.close();
  return context.getImageData(0, 0, canvas.width, canvas.height);
}

self.onmessage = async (event: MessageEvent<QualityRequest>) => {
  const request = event.data;
  let response: QualityResponse;
  try {
    const image = await pixels(request.picture);
    const verdict: Verdict = judgeCapture(image, { source: request.source });
    let difference: number | null = null;
    if (request.kind === "frame") {
      const small = thumbnail(toLuma(image));
      difference = previous ? frameDifference(previous, small) : null;
      previous = small;
    } else previous = null;
    response = { id: request.id, ok: true, verdict, difference };
  } catch (error) {
    response = { id: request.id, ok: false, error: error instanceof Error ? error.message : String(error) };
  }
  self.postMessage(response);
};
