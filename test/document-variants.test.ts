import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { drawPassport, randomPerson, seededRandom } from "./document-images";
import { hardCondition, HARD_CONDITIONS } from "./hard-conditions";

// The hard conditions are evaluation material: each must really change the page, stay decodable, and be the same
// for the same seed (a hold-out seed is only meaningful when the main seed is reproducible).

const today = new Date("2026-11-25T00:00:00Z");
const grey = async (image: Buffer, width = 200) =>
  await sharp(image).resize({ width, height: 140, fit: "fill" }).greyscale().raw().toBuffer();
const meanDifference = (a: Buffer, b: Buffer) => a.reduce((sum, v, i) => sum + Math.abs(v - b[i]!), 0) / a.length;

describe("hard documents", () => {
  it("draw the MRZ in another rendering than the reference style", async () => {
    const person = randomPerson(seededRandom(5), "TD3", today);
    const reference = await drawPassport(person, { portraitSeed: 3 });
    const hard = await drawPassport(person, { portraitSeed: 3, style: "hard" });
    expect(hard.mrz).toEqual(reference.mrz);
    const band = { left: 0, top: 700, width: 1250, height: 180 };
    const [a, b] = await Promise.all(
      [reference.front, hard.front].map((f) => sharp(f).extract(band).greyscale().raw().toBuffer()),
    );
    expect(meanDifference(a!, b!)).toBeGreaterThan(10);
  });

  it("apply every condition deterministically, as a decodable JPEG that differs from the clean page", async () => {
    const doc = await drawPassport(randomPerson(seededRandom(6), "TD3", today), { portraitSeed: 4, style: "hard" });
    const clean = await grey(doc.front);
    for (const kind of HARD_CONDITIONS) {
      const [once, again] = await Promise.all([
        hardCondition(doc.front, kind, seededRandom(9)),
        hardCondition(doc.front, kind, seededRandom(9)),
      ]);
      expect((await sharp(once).metadata()).format, kind).toBe("jpeg");
      expect(once.equals(again), kind).toBe(true);
      expect(meanDifference(await grey(once), clean), kind).toBeGreaterThan(kind === "security-print" ? 0 : 2);
    }
  }, 60_000);
});
