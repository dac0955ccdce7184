import { describe, expect, it } from "vitest";
import { td3Candidate } from "@/test/mrz-candidate";
import { readingHolds } from "./mrz-lines";
import { secondReadersNumber } from "./second-number";
import { printedZone } from "@/lib/engines/documents/ocr/printed-zone";

// A Hungarian passport's zone (PassportEye's development image 79_pass-hun) and a misreading of its number that
// keeps the number's check digit and the composite: B → 8 at weight 7 and D → 0 at weight 3 change the sum by 60
const NAME = "P<HUNHANDRA<<ROZALIA<IRMA<<<<<<<<<<<<<<<<<<<";
const RIGHT = [NAME, "BD00020282HUN7802225F2203012<<<<<<<<<<<<<<06"];
const CHANCE = [NAME, "8000020282HUN7802225F2203012<<<<<<<<<<<<<<06"];

const candidate = td3Candidate;
const blank = printedZone([]);

describe("secondReadersNumber (two readers that both hold, with different document numbers)", () => {
  it("takes PaddleOCR's number where only one tesseract variant read the other", () => {
    const variant = candidate("binarise-level-minus-28", CHANCE);
    const failing = candidate("grey", [NAME, "5000020282HUN7802225F2203012<<<<<<<<<<<<<<05"]);
    const out = secondReadersNumber(variant, candidate("paddleocr", RIGHT), [failing, variant], blank);
    expect(out.lines).toEqual(RIGHT);
    expect(out.repairs).toEqual([
      "document number 800002028 → BD0002028 (PaddleOCR's reading holds too; no other reading nor the page has 800002028)",
    ]);
  });

  it("keeps the variant's number when another variant read it too, or the page prints it", () => {
    const variant = candidate("binarise", CHANCE);
    const again = candidate("grey", CHANCE);
    const paddle = candidate("paddleocr", RIGHT);
    expect(secondReadersNumber(variant, paddle, [variant, again], blank)).toBe(variant);
    const printed = printedZone(["PASSPORT NO 800002028"]);
    expect(secondReadersNumber(variant, paddle, [variant], printed)).toBe(variant);
  });

  it("keeps the variant's reading where the two differ anywhere else than in the number and letters", () => {
    const variant = candidate("binarise", CHANCE);
    // PaddleOCR's birth date another (its check digit holds too): not the same zone read otherwise
    const other = candidate("paddleocr", [NAME, "BD00020282HUN7702222F2203012<<<<<<<<<<<<<<06"]);
    expect(readingHolds(other.result)).toBe(true);
    expect(secondReadersNumber(variant, other, [variant], blank)).toBe(variant);
  });

  it("keeps the variant's reading when PaddleOCR's does not hold", () => {
    const variant = candidate("binarise", CHANCE);
    const broken = candidate("paddleocr", [NAME, "BD00020283HUN7802225F2203012<<<<<<<<<<<<<<06"]);
    expect(secondReadersNumber(variant, broken, [variant], blank)).toBe(variant);
  });
});
