import sharp from "sharp";
import { describe, expect, it } from "vitest";
import type { Examination } from "@/lib/engines/documents/examine-document";
import { errorLevel } from "@/lib/engines/documents/forensics/image-forensics";
import { drawPassport, randomPerson, seededRandom } from "@/test/document-images";
import { cameraCopy, tamper } from "@/test/document-variants";
import { alterationSignals } from "./image-checks";

// ALTERATION_DETECTION's error level analysis on generated passport pages, each saved again at quality 92 as the
// upload normaliser does (normalize-upload.ts): a page with one history passes, a pasted region is sent to review
// with where it was pasted.

const today = new Date("2026-11-25T00:00:00Z");
const asUploaded = (jpeg: Buffer) => sharp(jpeg).jpeg({ quality: 92 }).toBuffer();
const alteration = async (page: Buffer) =>
  alterationSignals({ ela: await errorLevel(await asUploaded(page)) } as Examination, {});

describe("ALTERATION_DETECTION by error level analysis", () => {
  const doc = drawPassport(randomPerson(seededRandom(3), "TD3", today));

  it("passes the untouched page", async () => {
    const { check, signals } = await alteration(await cameraCopy((await doc).front));
    expect(check).toMatchObject({ name: "ALTERATION_DETECTION", result: "PASSED" });
    expect(signals).toEqual([]);
  });

  it("sends a document number re-saved at another quality to review, with the region around the number", async () => {
    const page = await doc;
    const { check, signals } = await alteration(await tamper(page, "region-resaved", seededRandom(3)));
    expect(check).toMatchObject({ name: "ALTERATION_DETECTION", result: "REVIEW" });
    expect(signals.map((s) => s.signal)).toEqual(["ERROR_LEVEL_ANALYSIS"]);
    const [, x, y, w, h] = /around x=(\d+), y=(\d+) \((\d+)×(\d+) px\)/.exec(signals[0]!.detail)!.map(Number);
    const number = page.fields.documentNumber;
    expect(x! < number.x + number.w && number.x < x! + w!).toBe(true);
    expect(y! < number.y + number.h && number.y < y! + h!).toBe(true);
  });

  it("sends a pasted name, a pasted birth date and a swapped portrait to review", async () => {
    for (const kind of ["name", "birth-date", "portrait"] as const) {
      const { check } = await alteration(await tamper(await doc, kind, seededRandom(5)));
      expect(check.result, kind).toBe("REVIEW");
    }
  });
});
