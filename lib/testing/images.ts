// Test-only: real image and video bytes made on the fly.
import sharp from "sharp";

export async function jpeg(width = 640, height = 400, withExif = false): Promise<Buffer> {
  const image = sharp({ create: { width, height, channels: 3, background: { r: 200, g: 180, b: 160 } } }).jpeg();
  return withExif ? image.withExif({ IFD0: { Software: "Adobe Photoshop 25.0", Make: "TestCam" }, }).toBuffer() : image.toBuffer();
}

export async function png(width = 320, height = 200): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 4, background: { r: 10, g: 20, b: 30, alpha: 1 } } }).png().toBuffer();
}

export function dataUrl(bytes: Buffer, mime: string): string {
  return `data:${mime};base64,${bytes.toString("base64")}`;
}

/** The first bytes of a WebM (EBML header with DocType "webm"): what a browser's MediaRecorder writes. */
export function webm(extraBytes = 2048): Buffer {
  const header = Buffer.from("1a45dfa39f4286810142f7810142f2810442f381084282847765626d4287810442858102", "hex");
  const segment = Buffer.from("18538067010000000000000015", "hex");
  return Buffer.concat([header, segment, Buffer.alloc(extraBytes, 0)]);
}
