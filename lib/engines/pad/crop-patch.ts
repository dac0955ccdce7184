import { resizeLinearU8, type U8Image } from "./opencv-resize";

// The patch a MiniFASNet model reads, made as Silent-Face-Anti-Spoofing's CropImage.crop does
// (src/generate_patches.py): the face box scaled by `scale` around its centre (less when the image is too small),
// shifted back inside the image, the pixels from left/top to right/bottom INCLUSIVE, resized to 80×80 with
// cv2.resize (INTER_LINEAR), then fed as BGR, raw 0–255, NCHW.

export const PATCH_SIZE = 80;

/** Face box in pixels: x, y, width, height (the reference's bbox). */
export type PixelBox = readonly [number, number, number, number];

/** CropImage._get_new_box: the crop's left, top, right and bottom pixel (inclusive), Python int() truncation. */
export function referenceCropBox(
  srcWidth: number,
  srcHeight: number,
  box: PixelBox,
  scale: number,
): [number, number, number, number] {
  const [x, y, w, h] = box;
  const s = Math.min((srcHeight - 1) / h, Math.min((srcWidth - 1) / w, scale));
  const newWidth = w * s;
  const newHeight = h * s;
  const cx = w / 2 + x;
  const cy = h / 2 + y;
  let left = cx - newWidth / 2;
  let top = cy - newHeight / 2;
  let right = cx + newWidth / 2;
  let bottom = cy + newHeight / 2;
  if (left < 0) {
    right -= left;
    left = 0;
  }
  if (top < 0) {
    bottom -= top;
    top = 0;
  }
  if (right > srcWidth - 1) {
    left -= right - srcWidth + 1;
    right = srcWidth - 1;
  }
  if (bottom > srcHeight - 1) {
    top -= bottom - srcHeight + 1;
    bottom = srcHeight - 1;
  }
  return [Math.trunc(left), Math.trunc(top), Math.trunc(right), Math.trunc(bottom)];
}

/** The 80×80 patch (still RGB, interleaved) the reference would resize from an RGB image. */
export function cropPatch(image: U8Image, box: PixelBox, scale: number): U8Image {
  const [left, top, right, bottom] = referenceCropBox(image.width, image.height, box, scale);
  // numpy's slice [top:bottom+1, left:right+1], clipped to the image as numpy clips
  const x0 = Math.max(0, left);
  const y0 = Math.max(0, top);
  const x1 = Math.min(image.width, right + 1);
  const y1 = Math.min(image.height, bottom + 1);
  const cn = image.channels;
  const width = x1 - x0;
  const height = y1 - y0;
  const data = new Uint8Array(width * height * cn);
  for (let row = 0; row < height; row++) {
    const from = ((y0 + row) * image.width + x0) * cn;
    data.set(image.data.subarray(from, from + width * cn), row * width * cn);
  }
  return resizeLinearU8({ data, width, height, channels: cn }, PATCH_SIZE, PATCH_SIZE);
}

/** RGB interleaved patch → the models' input: BGR planes (NCHW), raw 0–255 as float32. */
export function toBgrPlanes(patch: U8Image): Float32Array {
  const plane = patch.width * patch.height;
  const out = new Float32Array(3 * plane);
  for (let i = 0; i < plane; i++) {
    out[i] = patch.data[i * 3 + 2]!; // B
    out[plane + i] = patch.data[i * 3 + 1]!; // G
    out[2 * plane + i] = patch.data[i * 3]!; // R
  }
  return out;
}
