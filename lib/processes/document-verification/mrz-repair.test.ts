import { describe, expect, it } from "vitest";
import { paddleTexts } from "./mrz-repair";
import { printedZone } from "./printed-zone";
import { candidateOf } from "./read-mrz";

// a generated TD3 of the evaluation set (scripts/eval/make-documents.ts)
const L1 = "P<NLDVAN<DER<BERG<<ANNA<MARIA<<<<<<<<<<<<<<<";
const L2 = "WH055N4866NLD9206285F3208047<<<<<<<<<<<<<<<2";
const box = (y: number) => [[0, y], [100, y], [100, y + 10], [0, y + 10]];

describe("paddleTexts (PaddleOCR fallback lines)", () => {
  it("keeps the MRZ-shaped lines top to bottom, with spaces and « normalised", () => {
    const lines = [
      { text: L2.replace("<<<<<2", "«««««2"), mean: 0.9, box: box(50) },
      { text: "PASSPORT/PASSEPORT", mean: 0.9, box: box(0) },
      { text: L1.replace("BERG", "BE RG").toLowerCase(), mean: 0.9, box: box(40) },
    ];
    expect(paddleTexts(lines)).toEqual([`${L1}\n${L2}`]);
    expect(paddleTexts([{ text: "Date of expiry" }])).toEqual([]);
  });

  it("offers runs of ≥ 3 K at fillers as '<' as a second variant only", () => {
    const read = L1.replace("<<<<<<<<<<<<<<<", "<<<<<<<<<<<<KKK");
    expect(paddleTexts([{ text: read, box: box(0) }, { text: L2, box: box(10) }])).toEqual([`${read}\n${L2}`, `${L1}\n${L2}`]);
  });

  it("a reading is valid only when its check digits hold: a wrong document-number digit stays invalid", () => {
    const zone = printedZone([]);
    expect(candidateOf("paddleocr", `${L1}\n${L2}`, 90, zone)?.result.valid).toBe(true);
    expect(candidateOf("paddleocr", `${L1}\n${L2.replace("WH055N4866", "WH055N4867")}`, 90, zone)?.result.valid).toBe(false);
  });
});
