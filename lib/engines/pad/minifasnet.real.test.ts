import { createHash } from "node:crypto";
import { existsSync } from "node:fs";
import { readFile } from "node:fs/promises";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { decodeImage } from "@/lib/engines/faces/human-engine";
import { cropPatch, referenceCropBox, type PixelBox } from "./crop-patch";
import { PAD_MODELS, scoreFaceBox } from "./minifasnet";

// The whole preprocessing and scoring against the reference implementation, on frames of ../shared/data/face-pad.
// Reference: tools/make/pad-reference.py — Silent-Face-Anti-Spoofing's CropImage (its _get_new_box, numpy slicing,
// cv2.resize of OpenCV 4.6.0) on the same decoded pixels (sharp's, as the check decodes), then both ONNX models in
// Python's onnxruntime 1.30 and the mean of the softmaxes' class 1. Boxes are fixed here (not detected) so that the
// comparison is of the preprocessing alone; they include a fractional box and ones where 4.0× is clamped.

const DATA = path.resolve(process.cwd(), "../shared/data/face-pad/images");
// skipped, saying so, where the development material is absent (a checkout without ../shared/data)
const present = existsSync(DATA);

type Case = {
  image: string;
  box: PixelBox;
  crops: { scale: number; box: [number, number, number, number]; sha256: string }[];
  perModel: [number, number];
  real: number;
};

const CASES: Case[] = [
  {
    image: "image_T1.jpg", // live, 480×640
    box: [150, 250, 120, 120],
    crops: [
      {
        scale: 2.7,
        box: [48, 148, 372, 472],
        sha256: "8a3f37093cbfb58185d93ea888a967de16a200be0ce8befe23962f05051c3d90",
      },
      {
        scale: 4.0,
        box: [0, 70, 479, 549],
        sha256: "15eef07a91010d7e3a7f04448b5cbd55a7c1c359f59f176b40c8e6d234951261",
      },
    ],
    perModel: [0.9999934606883196, 0.940857156840198],
    real: 0.9704253087642588,
  },
  {
    image: "image_T1.jpg",
    box: [150.6, 250.2, 119.7, 120.4],
    crops: [
      {
        scale: 2.7,
        box: [48, 147, 372, 472],
        sha256: "12b99201dbfc1d4ad42ebcea788a41509f1426c74303f83b56f99f6722d10f73",
      },
      {
        scale: 4.0,
        box: [0, 69, 478, 551],
        sha256: "c3c8ba21ea72765da00016e08c987a268ebc528d690aab7fd51379d49f869499",
      },
    ],
    perModel: [0.9999898912320884, 0.9672231606570545],
    real: 0.9836065259445714,
  },
  {
    image: "image_F2.jpg", // a tablet replay
    box: [150, 260, 170, 170],
    crops: [
      {
        scale: 2.7,
        box: [5, 115, 464, 574],
        sha256: "5b9f158b7f532bd97ba87ca7b42da94006faf4e5a2ec21307d7e506631c63c51",
      },
      {
        scale: 4.0,
        box: [0, 105, 479, 584],
        sha256: "91cd7baa7d75168453846e21e00e2c1b4e8aa2142959857717fbd9c64d8561be",
      },
    ],
    perModel: [0.02756608435095296, 0.0006428653160788644],
    real: 0.014104474833515911,
  },
  {
    image: "nuaa_live_0014_01_06_03_127.jpg", // a tight 162×162 webcam crop: both scales clamp to the image
    box: [40, 35, 80, 90],
    crops: [
      { scale: 2.7, box: [8, 0, 151, 161], sha256: "14f980efc09227fea5ec72fa623572a0b98c9233f8cd70226c4b31c0303af290" },
      { scale: 4.0, box: [8, 0, 151, 161], sha256: "14f980efc09227fea5ec72fa623572a0b98c9233f8cd70226c4b31c0303af290" },
    ],
    perModel: [0.9930010613117964, 0.9946919995462687],
    real: 0.9938465304290326,
  },
];

/** The patch as the reference hashed it: BGR interleaved bytes. */
function bgrBytes(rgb: Uint8Array): Buffer {
  const out = Buffer.alloc(rgb.length);
  for (let i = 0; i < rgb.length; i += 3) {
    out[i] = rgb[i + 2]!;
    out[i + 1] = rgb[i + 1]!;
    out[i + 2] = rgb[i]!;
  }
  return out;
}

const TITLE = "MiniFASNet pair against the reference preprocessing (Silent-Face-Anti-Spoofing + cv2)";
describe.skipIf(!present)(present ? TITLE : `${TITLE} — SKIPPED: ${DATA} is absent`, () => {
  it.each(CASES.map((c) => [`${c.image} box ${c.box.join(",")}`, c] as const))(
    "%s",
    async (_, c) => {
      const decoded = await decodeImage(await readFile(path.join(DATA, c.image)));
      const image = { ...decoded, channels: 3 };
      for (const crop of c.crops) {
        expect(referenceCropBox(image.width, image.height, c.box, crop.scale)).toEqual(crop.box);
        const patch = cropPatch(image, c.box, crop.scale);
        expect(createHash("sha256").update(bgrBytes(patch.data)).digest("hex")).toBe(crop.sha256);
      }
      const score = await scoreFaceBox(image, c.box);
      expect(score.perModel.map((m) => m.name)).toEqual(PAD_MODELS.map((m) => m.name));
      score.perModel.forEach((m, i) => expect(m.real).toBeCloseTo(c.perModel[i]!, 6));
      expect(score.real).toBeCloseTo(c.real, 6);
    },
    30_000,
  );
});
