import { describe, expect, it } from "vitest";
import type { Line, Page } from "tesseract.js";
import { locateMrzBand, locateMrzBandIn, pageDirection, paddleBandLines } from "./mrz-band";
import { MRZ_CHAR_HEIGHT, workingWidth } from "./mrz-variants";

// A page OCR result as tesseract gives it: only the fields locateMrzBand reads.
const line = (text: string, x0: number, y0: number, x1: number, y1: number): Line =>
  ({
    text,
    bbox: { x0, y0, x1, y1 },
    baseline: { x0, y0: y1, x1, y1, has_baseline: true },
    words: [],
  }) as unknown as Line;
const pageOf = (lines: Line[]): Page => ({ blocks: [{ paragraphs: [{ lines }] }] }) as unknown as Page;

// a card photographed front and back side by side (702 px wide): the back's TD1 lines on the right half
const TD1 = ["IDSRB95555554612902968000000<<", "6802295F1307245SRB<<<<<<<<<<<6", "TEST<<MILICA<<<<<<<<<<<<<<<<<<"];

describe("locateMrzBand", () => {
  it("narrows the band to the MRZ lines when the page OCR read them whole (two sides side by side)", () => {
    const band = locateMrzBand(pageOf(TD1.map((t, i) => line(t, 365, 150 + i * 18, 690, 162 + i * 18))), 702, 220);
    const pitch = (690 - 365) / 30;
    expect(band.found).toBe(true);
    expect(band.left).toBe(Math.floor(365 - 2 * pitch));
    expect(band.right).toBe(702);
    expect(band.charHeight).toBe(12);
  });

  it("keeps the whole width when a line was read in part (its box may be cut short)", () => {
    const lines = [line(TD1[0]!, 365, 150, 690, 162), line(TD1[1]!.slice(0, 26), 365, 168, 640, 180)];
    const band = locateMrzBand(pageOf(lines), 702, 220);
    expect([band.left, band.right]).toEqual([0, 702]);
  });

  it("keeps the whole width when the MRZ spans most of it anyway, and without MRZ lines", () => {
    const wide = locateMrzBand(pageOf(TD1.map((t, i) => line(t, 20, 150 + i * 18, 680, 162 + i * 18))), 702, 220);
    expect([wide.left, wide.right]).toEqual([0, 702]);
    const none = locateMrzBand(pageOf([line("REPUBLIKA SRBIJA", 10, 10, 300, 22)]), 702, 220);
    expect(none).toMatchObject({ found: false, left: 0, right: 702, charHeight: 0 });
  });
});

describe("locateMrzBand: a single MRZ line found", () => {
  it("keeps room for two more lines either side at ICAO's line pitch (1.5 character heights)", () => {
    // a small card: 10-px characters on lines 15 px apart; the page OCR found only the first of three MRZ lines
    const band = locateMrzBand(pageOf([line(TD1[0]!, 16, 126, 267, 136)]), 282, 179);
    // the third line's box spans 156–166, the line two above the found one 96–106
    expect(band.bottom).toBeGreaterThanOrEqual(166);
    expect(band.top).toBeLessThanOrEqual(96);
  });
});

describe("workingWidth", () => {
  it("brings the measured character height to MRZ_CHAR_HEIGHT after the variants' 2×", () => {
    // 12-px characters on a 350-px band: the band is read 350 × 40 / 12 px wide (the variants then double it)
    expect(workingWidth(350, 12) * 2 * (12 / 350)).toBeCloseTo(MRZ_CHAR_HEIGHT);
    // unmeasured (no MRZ line found by the page OCR): as before, at least 1250 px
    expect(workingWidth(350, 0)).toBe(1250);
    expect(workingWidth(1600, 0)).toBe(1600);
  });
});

describe("locateMrzBandIn: PaddleOCR's whole-image lines (no MRZ line in the page OCR)", () => {
  it("finds the zone where PaddleOCR's boxes show it, not at the bottom (a card's two sides one above the other)", () => {
    // a 345 × 462 scan: the front's TD1 lines at 158–205, the back (a barcode) below; PaddleOCR's boxes run
    // top-left, top-right, bottom-right, bottom-left
    const quad = (y0: number, y1: number) => [
      [15, y0],
      [330, y0 + 2],
      [330, y1 + 2],
      [15, y1],
    ];
    const lines = paddleBandLines([
      { text: "DOCUMENTO NACIONAL DE IDENTIDAD", box: quad(19, 28) },
      { text: "8906 65PERS 228", box: quad(173, 186) },
      { text: "CARDENA SKKJORGESANTHONY<&KKKS", box: quad(190, 202) },
      { text: "CALLE NICOLAS COPERNICO", box: quad(371, 380) },
    ]);
    const band = locateMrzBandIn(lines, 345, 462);
    expect(band.found).toBe(true);
    expect(band.top).toBeLessThanOrEqual(158);
    expect(band.bottom).toBeGreaterThanOrEqual(205);
    expect(band.bottom).toBeLessThan(300);
    // the bottom edge is the baseline: the lines descend to the right
    expect(band.angle).toBeGreaterThan(0);
    // without MRZ-shaped text, not found: the bottom of the image stays the guess
    expect(locateMrzBandIn(lines.slice(0, 2), 345, 462).found).toBe(false);
  });
});

// The boxes tesseract gave the Serbian card (702×220) and the same card turned 90° clockwise (220×702): its lines
// then run top to bottom, each box much taller than wide (examine-document.ts turns such a side upright).
describe("pageDirection: which way a page's text runs", () => {
  it("is across when an MRZ line runs across, whatever else was read (an upright page stays as it was read)", () => {
    const upright = TD1.map((t, i) => line(t, 365, 150 + i * 18, 690, 162 + i * 18));
    expect(pageDirection(pageOf(upright))).toBe("across");
    const withTallNoise = [
      ...upright,
      ...["ABCDEF", "GHIJKL", "MNOPQR"].map((t, i) => line(t, i * 20, 0, i * 20 + 12, 200)),
    ];
    expect(pageDirection(pageOf(withTallNoise))).toBe("across");
  });

  it("is down when the MRZ lines run top to bottom (turned 90° clockwise)", () => {
    const turned = TD1.map((t, i) => line(t, 46 - i * 15, 118, 102 - i * 15, 678));
    expect(pageDirection(pageOf(turned))).toBe("down");
  });

  it("is sideways when two thirds of the text lines run down but no MRZ line was read (either quarter turn)", () => {
    const lines = [
      line("VARSOOTTIR", 220, 139, 234, 209),
      line("BURIBUR OSP.", 198, 139, 212, 205),
      line("ISLENSKT! ICELANDIC", 174, 139, 190, 373),
      line("20 JON 11", 79, 138, 107, 180),
    ];
    expect(pageDirection(pageOf(lines))).toBe("sideways");
    // one line in two down is not enough; nor are two lines, however they run
    expect(
      pageDirection(pageOf([...lines.slice(0, 2), line("PASSPORT", 10, 10, 200, 30), line("NOMS", 10, 40, 90, 60)])),
    ).toBeNull();
    expect(pageDirection(pageOf(lines.slice(0, 2)))).toBeNull();
  });

  it("is not across for an upside-down zone read as MRZ-like text: its chevrons point right, or read as L only", () => {
    const upsideDown = line("9555555555555 5>>6LL LL 62WH7L2L088ATINE.L828GS891ID", 72, 49, 1178, 77);
    expect(pageDirection(pageOf([upsideDown]))).toBeNull();
    expect(pageDirection(pageOf([line("LLLLLLLLLKLLLLL0128812L2OLLKL0", 10, 10, 400, 30)]))).toBeNull();
  });

  it("is null for noise across and no MRZ (upside down, or turned counter-clockwise), and for an empty page", () => {
    const noise = [
      line("uoissjunnl ~ AOS", 20, 30, 300, 48),
      line("ssivd Ot 'ad", 20, 60, 240, 78),
      line("HNIX <<", 30, 160, 320, 176),
    ];
    expect(pageDirection(pageOf(noise))).toBeNull();
    expect(pageDirection({ blocks: null } as unknown as Page)).toBeNull();
  });
});
