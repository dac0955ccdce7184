import { describe, expect, it } from "vitest";
import { paddleBox } from "@/test/mrz-candidate";
import { paddleTexts, pickMrzLines, readingHolds, safeParse } from "./mrz-lines";

// PaddleOCR's lines as paddle-engine.ts gives them: text, and a box
const box = (y: number) => paddleBox(y, 400);

describe("paddleTexts: a zone line read as one with text beside it", () => {
  it("takes the line's word with fillers where other text stands before it (a card's front beside its back)", () => {
    // PaddleOCR's lines of a Serbian card photographed front and back side by side (mrz-specimens, 0.85×)
    const lines = [
      { text: "24.07.2008. IDSRB95555554612902968000000<<", box: box(0) },
      { text: "Bans 6802295F1307245SRB<<<<<<<<<<<6", box: box(10) },
      { text: "dilia Fia TEST<<MILICA<<<<<<<<<<<<<<<<<", box: box(20) },
    ];
    const texts = paddleTexts(lines);
    // first the lines as a whole, as before (the dated line is no MRZ text), then the zone's words
    expect(texts[0]).toBe("BANS6802295F1307245SRB<<<<<<<<<<<6\nDILIAFIATEST<<MILICA<<<<<<<<<<<<<<<<<");
    const zone = texts.map(pickMrzLines).find((p) => p?.format === "TD1");
    expect(zone?.lines).toEqual([
      "IDSRB95555554612902968000000<<",
      "6802295F1307245SRB<<<<<<<<<<<6",
      "TEST<<MILICA<<<<<<<<<<<<<<<<<<",
    ]);
    expect(readingHolds(safeParse(zone!.lines)!)).toBe(true);
  });

  it("pads a first line cut in its filler run, with a mark after it, back to the line below", () => {
    const l2 = "BD00020282HUN7802225F2203012<<<<<<<<<<<<<<06";
    const texts = paddleTexts([
      { text: "P<HUNHANDRA<<ROZALIA<IRMA<<<<<<< 人", box: box(0) },
      { text: l2, box: box(10) },
    ]);
    expect(texts).toEqual([l2, `${"P<HUNHANDRA<<ROZALIA<IRMA".padEnd(44, "<")}\n${l2}`]);
    // a line of that length ending in a name (the name may be cut) is not padded
    expect(
      paddleTexts([
        { text: "P<HUNHANDRA<<ROZALIA<IRMA<KATALIN", box: box(0) },
        { text: l2, box: box(10) },
      ]),
    ).toEqual([`P<HUNHANDRA<<ROZALIA<IRMA<KATALIN\n${l2}`]);
  });
});
