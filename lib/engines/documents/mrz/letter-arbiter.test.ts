import { describe, expect, it } from "vitest";
import { arbitrateLetters, lettersCorroborated } from "./letter-arbiter";
import { printedZone } from "@/lib/engines/documents/ocr/printed-zone";
import type { ShapeLookup } from "./mrz-repair";

// a TD1 zone (ICAO 9303-5's specimen card) and glyph scores at a few positions: what glyphs.ts would measure
const ZONE = ["I<UTOD231458907<<<<<<<<<<<<<<<", "7408122F1204159UTO<<<<<<<<<<<6", "ERIKSSON<<ANNA<MARIA<<<<<<<<<<"];
const shapesOf =
  (at: Record<string, Record<string, number>>): ShapeLookup =>
  (line, position) => {
    const scores = at[`${line}:${position}`];
    return scores ? new Map(Object.entries(scores)) : null;
  };
const withLetter = (line: number, position: number, letter: string) =>
  ZONE.map((l, i) => (i === line ? l.slice(0, position) + letter + l.slice(position + 1) : l));

describe("arbitrateLetters (a second reader's letters, decided by glyph shape)", () => {
  it("keeps the first reading's letter where the glyph looks more like it", () => {
    const second = withLetter(2, 7, "G");
    expect(arbitrateLetters(ZONE, second, shapesOf({ "2:7": { N: 0.8, G: 0.6 } }))).toBeNull();
  });

  it("takes the second reader's letter where the glyph looks more like it: a name, a state code, the sex", () => {
    const misread = withLetter(2, 13, "H").map((l, i) => (i === 1 ? l.replace("F1204", "C1204") : l));
    const shapes = shapesOf({ "2:13": { A: 0.8, H: 0.5 }, "1:7": { F: 0.7, C: 0.6 } });
    expect(arbitrateLetters(misread, ZONE, shapes)).toEqual({
      lines: ZONE,
      changes: ["line 2 position 8 C→F", "line 3 position 14 H→A"],
    });
  });

  it("changes nothing without glyph shapes, or when a digit or a filler differs (not the same reading)", () => {
    const second = withLetter(2, 7, "G");
    expect(arbitrateLetters(ZONE, second, undefined)).toBeNull();
    const digit = withLetter(0, 5, "0");
    expect(arbitrateLetters(ZONE, digit, shapesOf({ "0:5": { "0": 0.99 } }))).toBeNull();
    const filler = withLetter(2, 20, "K");
    expect(arbitrateLetters(ZONE, filler, shapesOf({ "2:20": { K: 0.99 } }))).toBeNull();
  });
});

describe("lettersCorroborated (every letter no check digit covers, printed on the page too)", () => {
  const page = (text: string) => printedZone([text], [], "DMY");
  const card = "IDENTITY CARD UTO\nSurname ERIKSSON\nGiven names ANNA MARIA\nSex F Nationality UTO";

  it("holds when the names, both state codes and the sex are printed as the MRZ has them", () => {
    expect(lettersCorroborated("TD1", ZONE, page(card))).toBe(true);
  });

  it("does not when a name word, a state code or the sex is printed otherwise or not at all", () => {
    expect(lettersCorroborated("TD1", ZONE, page(card.replace("MARIA", "MARTA")))).toBe(false);
    expect(lettersCorroborated("TD1", ZONE, page(card.replaceAll("UTO", "UTA")))).toBe(false);
    expect(lettersCorroborated("TD1", ZONE, page(card.replace("Sex F", "Sex M")))).toBe(false);
    expect(lettersCorroborated("TD1", ZONE, page(""))).toBe(false);
  });
});
