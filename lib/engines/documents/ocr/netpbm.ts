// Decoded pixels handed to tesseract as netpbm (issue 35): a binary PGM (P5) for grey, a PPM (P6) for RGB. Leptonica
// reads either without inflating anything, where a PNG costs an encode here and a decode in tesseract's WebAssembly
// for the same pixels (measured: the same text, confidence and boxes; ~0.1 s less CPU per MRZ variant on a
// 1,900×700 band, ~0.07 s per enlarged page of 1,600 px: docs/benchmarks.md).

/** Decoded pixels, as sharp gives them with `.raw()`. */
export type RawImage = { data: Buffer; width: number; height: number; channels: 1 | 2 | 3 | 4 };

/** The pixels as PGM (one channel) or PPM (three); null with an alpha channel, which netpbm does not carry. */
export function toNetpbm(image: RawImage): Buffer | null {
  const magic = image.channels === 1 ? "P5" : image.channels === 3 ? "P6" : null;
  if (!magic) return null;
  if (image.data.length !== image.width * image.height * image.channels)
    throw new Error(`${image.data.length} bytes are not ${image.width}×${image.height}×${image.channels}`);
  return Buffer.concat([Buffer.from(`${magic}\n${image.width} ${image.height}\n255\n`, "latin1"), image.data]);
}
