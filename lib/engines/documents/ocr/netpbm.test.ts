import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { toNetpbm } from "./netpbm";

describe("pixels as netpbm", () => {
  it("writes grey as P5 and RGB as P6, header then the bytes as they are", () => {
    const grey = toNetpbm({ data: Buffer.from([0, 255, 17, 200, 3, 4]), width: 3, height: 2, channels: 1 })!;
    expect(grey.subarray(0, 11).toString("latin1")).toBe("P5\n3 2\n255\n");
    expect([...grey.subarray(11)]).toEqual([0, 255, 17, 200, 3, 4]);
    const rgb = toNetpbm({ data: Buffer.from([1, 2, 3, 4, 5, 6]), width: 2, height: 1, channels: 3 })!;
    expect(rgb.subarray(0, 11).toString("latin1")).toBe("P6\n2 1\n255\n");
    expect([...rgb.subarray(11)]).toEqual([1, 2, 3, 4, 5, 6]);
  });

  it("leaves an image with alpha to another format, and refuses bytes that are not the size given", () => {
    expect(toNetpbm({ data: Buffer.alloc(16), width: 2, height: 2, channels: 4 })).toBeNull();
    expect(toNetpbm({ data: Buffer.alloc(2), width: 1, height: 1, channels: 2 })).toBeNull();
    expect(() => toNetpbm({ data: Buffer.alloc(5), width: 3, height: 2, channels: 1 })).toThrow(/not 3×2×1/);
  });

  it("holds the pixels of the PNG it replaces", async () => {
    const png = await sharp({ create: { width: 5, height: 4, channels: 3, background: { r: 10, g: 120, b: 240 } } })
      .png()
      .toBuffer();
    const { data, info } = await sharp(png).raw().toBuffer({ resolveWithObject: true });
    const ppm = toNetpbm({ data, width: info.width, height: info.height, channels: 3 })!;
    expect([...ppm.subarray(ppm.length - 3)]).toEqual([10, 120, 240]);
    expect(ppm.length).toBe("P6\n5 4\n255\n".length + 5 * 4 * 3);
  });
});
