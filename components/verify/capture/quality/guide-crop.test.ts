import { describe, expect, it } from "vitest";
import { DOCUMENT_ASPECT, guideInVideo } from "@/components/verify/capture/quality/guide-crop";

describe("guideInVideo", () => {
  it("maps the frame through object-fit: cover (a 16:9 camera in a 4:3 viewfinder loses its sides)", () => {
    // viewfinder 400 × 300 at (10, 20); 1920 × 1080 video scaled by 300/1080 → 533 px wide, 66.7 px cut each side
    const view = { left: 10, top: 20, width: 400, height: 300 };
    const whole = guideInVideo(view, view, 1920, 1080)!;
    expect(whole).toEqual({ left: 240, top: 0, width: 1440, height: 1080 });
    const guide = { left: 10 + 200 - 176, top: 20 + 150 - 111, width: 352, height: 222 };
    const box = guideInVideo(view, guide, 1920, 1080)!;
    expect(box.left).toBe(Math.round(240 + 24 * 3.6));
    expect(box.width).toBe(Math.round(352 * 3.6));
    expect(box.height).toBe(Math.round(222 * 3.6));
  });

  it("clamps to the video and refuses an empty box", () => {
    const view = { left: 0, top: 0, width: 640, height: 480 };
    expect(guideInVideo(view, { left: -50, top: -50, width: 800, height: 600 }, 640, 480)).toEqual({
      left: 0,
      top: 0,
      width: 640,
      height: 480,
    });
    expect(guideInVideo(view, { left: 700, top: 0, width: 10, height: 10 }, 640, 480)).toBeNull();
    expect(guideInVideo(view, view, 0, 0)).toBeNull();
  });

  it("knows the real shapes: an ID-1 card is wider than a passport page", () => {
    expect(DOCUMENT_ASPECT.id1).toBeCloseTo(1.586, 3);
    expect(DOCUMENT_ASPECT.td3).toBeCloseTo(1.42, 2);
  });
});
