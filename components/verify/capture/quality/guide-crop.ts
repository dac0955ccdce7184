// Where the on-screen document frame falls in the camera's own pixels, so that the judgement reads exactly what
// the end user lined up. Pure: unit-tested beside it.

/** Width ÷ height of the documents the frame is drawn for (ISO/IEC 7810 ID-1 cards, ICAO 9303 TD3 passport pages). */
export const DOCUMENT_ASPECT = {
  /** 85.60 × 53.98 mm: identity cards, driving licences, residence permits */
  id1: 85.6 / 53.98,
  /** 125 × 88 mm: a passport's data page */
  td3: 125 / 88,
} as const;
export type DocumentShape = keyof typeof DOCUMENT_ASPECT;

export type Box = { left: number; top: number; width: number; height: number };

/**
 * The frame's box (`guide`, screen pixels) in the video's pixels, for a video drawn into `view` with
 * `object-fit: cover` (scaled to fill, centred, the overflow cut off). Clamped to the video; null when empty.
 */
export function guideInVideo(view: Box, guide: Box, videoWidth: number, videoHeight: number): Box | null {
  if (!videoWidth || !videoHeight || !view.width || !view.height) return null;
  const scale = Math.max(view.width / videoWidth, view.height / videoHeight);
  const offsetX = (view.width - videoWidth * scale) / 2;
  const offsetY = (view.height - videoHeight * scale) / 2;
  const x0 = Math.max(0, (guide.left - view.left - offsetX) / scale);
  const y0 = Math.max(0, (guide.top - view.top - offsetY) / scale);
  const x1 = Math.min(videoWidth, (guide.left + guide.width - view.left - offsetX) / scale);
  const y1 = Math.min(videoHeight, (guide.top + guide.height - view.top - offsetY) / scale);
  if (x1 - x0 < 1 || y1 - y0 < 1) return null;
  return { left: Math.round(x0), top: Math.round(y0), width: Math.round(x1 - x0), height: Math.round(y1 - y0) };
}
