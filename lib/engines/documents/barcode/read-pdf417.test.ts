import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { drawLicence, randomLicencePerson, seededRandom } from "@/test/licence-images";
import { degradeBack } from "@/test/licence-variants";
import { parseAamva } from "./aamva";
import { estimateTilt, greyForBarcode, readPdf417 } from "./read-pdf417";

// The PDF417 reader on generated licence backs (read rates per condition: tools/eval/barcodes.ts and
// docs/accuracy.md): it returns exactly the encoded bytes, separators included, or nothing.

const today = new Date("2026-11-25T00:00:00Z");

describe("readPdf417", () => {
  it("reads a back photographed on a desk, byte for byte, and the text parses as the person's card", async () => {
    const rng = seededRandom(71);
    const person = randomLicencePerson(rng, today);
    const licence = await drawLicence(person, { version: 9 });
    const read = await readPdf417(await degradeBack(licence.back, "clean", rng));
    expect(read?.text).toBe(licence.payload);
    expect(read?.position?.width).toBeGreaterThan(300);
    const parsed = parseAamva(read!.text);
    expect(parsed.ok && parsed.reading).toMatchObject({
      documentNumber: person.number,
      lastName: person.surname,
      dateOfBirth: person.birthDate,
      expiryDate: person.expiryDate,
    });
  });

  it("levels a card held at an angle, which ZXing alone cannot read", async () => {
    const licence = await drawLicence(randomLicencePerson(seededRandom(5), today));
    const framed = await sharp(licence.back)
      .extend({ top: 150, bottom: 150, left: 150, right: 150, background: "#555" })
      .png()
      .toBuffer();
    const tilted = await sharp(framed).rotate(-9, { background: "#555" }).jpeg().toBuffer();
    expect(await estimateTilt((await greyForBarcode(tilted))!)).toBeCloseTo(9, 0);
    // the first variant alone (no levelling) does not read it; the reader does
    expect(await readPdf417(tilted, [{ name: "as-is", make: async (g) => g }])).toBeNull();
    expect(await readPdf417(tilted)).toMatchObject({ text: licence.payload, variant: "levelled" });
  });

  it("returns null for a photo without a barcode, a tiny image and bytes that are no image", async () => {
    const front = (await drawLicence(randomLicencePerson(seededRandom(9), today))).front;
    expect(await readPdf417(front)).toBeNull();
    const dot = await sharp({ create: { width: 1, height: 1, channels: 3, background: "#fff" } })
      .png()
      .toBuffer();
    expect(await readPdf417(dot)).toBeNull();
    expect(await readPdf417(Buffer.from("not an image at all"))).toBeNull();
  });
});
