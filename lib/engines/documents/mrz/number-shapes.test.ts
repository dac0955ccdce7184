import { describe, expect, it } from "vitest";
import { checkDigit } from "./icao";
import type { ShapeLookup } from "./glyphs";
import { compositeHolds } from "./mrz-layout";
import { repairLines } from "./mrz-repair";
import { resolveByShape } from "./number-shapes";
import { printedZone } from "@/lib/engines/documents/ocr/printed-zone";

describe("resolveByShape (document number by OCR-B glyph shapes)", () => {
  // a degraded passport of the evaluation set: the number WTR33593O9 was read with a zero for its O
  const truth = "WTR33593O9ESP5502185M3012121<<<<<<<<<<<<<<<2";
  const read = truth.replace("WTR33593O", "WTR335930");
  const lines = (l2: string) => ["P<ESPMURPHY<<OLIVER<JAMES<<<<<<<<<<<<<<<<<<<", l2];
  const LOOKALIKE: Record<string, string> = { O: "0", "0": "O", "3": "5", "5": "3", "9": "Q", W: "N", T: "I", R: "P" };
  // each glyph looks most like `looks[i]`, its look-alike scores `gap` less
  const shapes =
    (looks: string, gap = 0.12): ShapeLookup =>
    (line, position) =>
      line === 1 && position < looks.length
        ? new Map([
            [looks[position]!, 0.9],
            [LOOKALIKE[looks[position]!] ?? "X", 0.9 - gap],
          ])
        : null;

  it("takes the reading the shapes support when its check digit and the composite hold", () => {
    expect(resolveByShape("TD3", lines(read), shapes("WTR33593O"))).toEqual(lines(truth));
  });

  it("never makes a wrong check digit valid: no number keeps both the digit and the composite", () => {
    // as a forger or a faulty printer writes it: the number's digit is wrong, the composite computed over it
    const body = truth.replace("WTR33593O9", "WTR33593O2");
    const wrongDigit = body.slice(0, 43) + checkDigit(body.slice(0, 10) + body.slice(13, 20) + body.slice(21, 43));
    expect(compositeHolds("TD3", lines(wrongDigit))).toBe(true);
    expect(resolveByShape("TD3", lines(wrongDigit), shapes("WTR33593O"))).toBeNull();
  });

  it("reads the number by its own check digit when the document's composite is wrong whatever the number", () => {
    const wrongComposite = (l2: string) => l2.slice(0, 43) + String((Number(l2[43]) + 3) % 10);
    const repaired = resolveByShape("TD3", lines(wrongComposite(read)), shapes("WTR33593O"));
    expect(repaired).toEqual(lines(wrongComposite(truth)));
    expect(compositeHolds("TD3", repaired!)).toBe(false);
  });

  it("reads the number as printed when its own check digit is wrong on the document (the composite holds)", () => {
    const body = truth.replace("WTR33593O9", "WTR33593O2");
    const wrongDigit = body.slice(0, 43) + checkDigit(body.slice(0, 10) + body.slice(13, 20) + body.slice(21, 43));
    const misread = wrongDigit.replace("WTR33593O", "WTR335930");
    const repaired = resolveByShape("TD3", lines(misread), shapes("WTR33593O"));
    expect(repaired).toEqual(lines(wrongDigit));
    expect(compositeHolds("TD3", repaired!)).toBe(true);
  });

  it("never changes a number read right to make up for a misread check digit", () => {
    const misreadDigit = truth.replace("WTR33593O9", "WTR33593O3");
    expect(resolveByShape("TD3", lines(misreadDigit), shapes("WTR33593O"))).toBeNull();
  });

  it("declines to choose when two valid numbers are within the margin", () => {
    // every glyph as much like its look-alike as like itself: several numbers keep the digits and tie
    const flat: ShapeLookup = (line, position) =>
      line === 1 && position < 9
        ? new Map([
            [read[position]!, 0.85],
            [LOOKALIKE[read[position]!] ?? "X", 0.85],
          ])
        : null;
    expect(resolveByShape("TD3", lines(read), flat)).toBeNull();
  });

  it("changes a number whose own digit holds only where no digit can tell (G/6 is one), never 0s into Os", () => {
    const lines3 = (l2: string) => ["P<NLDROSSI<<OLIVER<JAMES<<<<<<<<<<<<<<<<<<<<", l2];
    const mg = "MG56116J57NLD9012075M2708137<<<<<<<<<<<<<<<2";
    const m6 = mg.replace("MG56116J5", "M656116J5"); // G = 16, 6 = 6: the same value modulo 10, both digits hold
    expect(repairLines("TD3", lines3(m6), printedZone([]), shapes("MG56116J5")).lines).toEqual(lines3(mg));
    // a run of 0s that keeps both digits as Os (a real specimen's M00000426): the shapes of a real scan are no evidence
    const twn = ["P<TWNLIN<<HIEN<SHENG<<<<<<<<<<<<<<<<<<<<<<<<<", "M000004264TWN6803029M9801048F122187664<<<<66"];
    expect(repairLines("TD3", twn, printedZone([]), shapes("MOOOOO426")).lines).toEqual(twn);
  });

  it("leaves a number whose check digit stands elsewhere alone (a TD1 number running on into the optional data)", () => {
    // a US border crossing card (pre-ICAO): a filler where the number's check digit stands; the composite as
    // read holds only with Os for the number's 0s, which the glyphs (on a real scan, no evidence) prefer
    const withOs = "A3USAO85O43401<01<9108<<<<<<<<";
    const line2 = "7006171F0108168<<<<<<A5AA37743";
    const composite = checkDigit(withOs.slice(5) + line2.slice(0, 7) + line2.slice(8, 15) + line2.slice(18, 29));
    const card = ["A3USA085043401<01<9108<<<<<<<<", line2.slice(0, 29) + composite, "GONZALEZ<MENDEZ<<CRISTINA<MARI"];
    expect(compositeHolds("TD1", [withOs, ...card.slice(1)])).toBe(true);
    const looksLikeOs: ShapeLookup = (line, position) =>
      line === 0 && position >= 5 && position < 14
        ? new Map([
            [withOs[position]!, 0.9],
            [card[0]![position]!, 0.6],
          ])
        : null;
    expect(resolveByShape("TD1", card, looksLikeOs)).toBeNull();
    expect(repairLines("TD1", card, printedZone([]), looksLikeOs).lines).toEqual(card);
  });

  it("reads a check digit misread like a digit of its number (both kept wrong alike) as the glyphs show", () => {
    // PassportEye's Czech passport at 0.75×: both 4s read as 6s; the composite still holds (weights 3 and 7)
    const czech = (l2: string) => ["P<CZESPECIMEN<<VZOR<<<<<<<<<<<<<<<<<<<<<<<<<", l2];
    const printed = "99009054<4CZE6906229F16072996956220612<<<<74";
    const misread = "99009056<6CZE6906229F16072996956220612<<<<74";
    expect(compositeHolds("TD3", czech(misread))).toBe(true);
    // each glyph looks most like `looks[i]`, a 6 where it shows a 4 scores 0.3 less
    const glyphs =
      (looks: string): ShapeLookup =>
      (line, position) =>
        line === 1 && position < looks.length
          ? new Map([
              [looks[position]!, 0.7],
              [looks[position] === "4" ? "6" : "X", 0.4],
            ])
          : null;
    expect(resolveByShape("TD3", czech(misread), glyphs("99009054<4"))).toEqual(czech(printed));
    const { repairs } = repairLines("TD3", czech(misread), printedZone([]), glyphs("99009054<4"));
    expect(repairs).toContain(
      "document number and its check digit 99009056<6 → 99009054<4 (check digit and composite hold; OCR-B glyph shapes)",
    );
    // the glyphs show the digits read (a document printed so): two changes would make both digits hold, none is taken
    expect(resolveByShape("TD3", czech(misread), glyphs("99009056<6"))).toBeNull();
    // nor where only the check digit's glyph is another digit's
    expect(resolveByShape("TD3", czech(misread), glyphs("99009056<4"))).toBeNull();
    // nor a number with more characters changed, though each is its glyph's best and both digits would hold
    expect(resolveByShape("TD3", czech(misread), glyphs("99004054<9"))).toBeNull();
  });

  it("flows into repairLines with a note of what changed", () => {
    const { lines: repaired, repairs } = repairLines("TD3", lines(read), printedZone([]), shapes("WTR33593O"));
    expect(repaired).toEqual(lines(truth));
    expect(repairs.join(" ")).toContain("WTR335930 → WTR33593O");
  });
});
