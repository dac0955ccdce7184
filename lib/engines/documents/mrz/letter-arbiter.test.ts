import { describe, expect, it } from "vitest";
import { arbitrateLetters, lettersCorroborated, variantsNameLine, withSecondNameLine } from "./letter-arbiter";
import { printedZone } from "@/lib/engines/documents/ocr/printed-zone";
import type { ShapeLookup } from "./glyphs";

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

describe("arbitrateLetters: a stroke the box cannot see", () => {
  // a TD1 name line with a T, read as I by tesseract (its box around the stem alone), as the Icelandic DOTTIR was
  const TRUE = [ZONE[0]!, ZONE[1]!, "DOTTIR<<ANNA<MARIA<<<<<<<<<<<<"];
  const readI = [ZONE[0]!, ZONE[1]!, "DOITIR<<ANNA<MARIA<<<<<<<<<<<<"];
  const box = shapesOf({ "2:2": { I: 0.55, T: 0.54, Y: 0.56 } });

  it("takes the second reader's letter with a stroke more where the cell on the pitch shows it best", () => {
    const cells = shapesOf({ "2:2": { I: 0.69, T: 0.76, Y: 0.6 } });
    expect(arbitrateLetters(readI, TRUE, box, [], cells)).toEqual({
      lines: TRUE,
      changes: ["line 3 position 3 I→T (the stroke more, seen in its cell on the pitch)"],
    });
  });

  it("keeps the letter read where the cell's best is another character, or the letters differ otherwise", () => {
    // the cell prefers T to I but likes a P best: the cell is not on the glyph
    expect(arbitrateLetters(readI, TRUE, box, [], shapesOf({ "2:2": { I: 0.05, T: 0.1, P: 0.16 } }))).toBeNull();
    // a letter with a stroke LESS than the one read (I for a read T) is never taken this way: ink does not appear
    const iForT = shapesOf({ "2:2": { T: 0.55, I: 0.54 } });
    expect(arbitrateLetters(TRUE, readI, iForT, [], shapesOf({ "2:2": { I: 0.9, T: 0.2 } }))).toBeNull();
    // H against M is no stroke more: the box sees the same ink as the cell, and its say stands
    const readH = withLetter(2, 15, "H"); // HARIA for MARIA
    const hm = shapesOf({ "2:15": { H: 0.6, M: 0.5 } });
    expect(arbitrateLetters(readH, ZONE, hm, [], shapesOf({ "2:15": { M: 0.9, H: 0.3 } }))).toBeNull();
    // and without cells, the box alone decides as before
    expect(arbitrateLetters(readI, TRUE, box)).toBeNull();
  });
});

describe("arbitrateLetters: a visa's optional data, and glyphs that look like neither letter", () => {
  // a US immigrant visa (MRV-A): from position 29 of line 2 optional data, letters and digits, no check digit
  const VISA = ["VIUSATRAVELER<<HAPPYPERSON<<<<<<<<<<<<<<<<<<", "555123ABC6GBR6502056F0412236IFLND00AMS803085"];
  const misread = [VISA[0]!, VISA[1]!.replace("6IFLND", "61FLND")];

  it("weighs a letter against a digit in a visa's optional data by the glyph, as a name's letters", () => {
    expect(arbitrateLetters(misread, VISA, shapesOf({ "1:28": { I: 0.86, "1": 0.3 } }))).toEqual({
      lines: VISA,
      changes: ["line 2 position 29 1→I"],
    });
    // not where a check digit speaks: a digit read as a letter in the document number is not the same zone
    const number = [VISA[0]!, VISA[1]!.replace("555123", "SS5123")];
    expect(arbitrateLetters(number, VISA, shapesOf({ "1:0": { "5": 0.9 }, "1:1": { "5": 0.9 } }))).toBeNull();
  });

  it("where the glyph looks like neither letter, takes the second reader's when more readings have it", () => {
    const hm = withLetter(2, 2, "H"); // ERHKSSON for ERIKSSON: a letter to decide
    const silent = shapesOf({ "2:2": { H: 0.35, I: 0.3, V: 0.4 } });
    const other = withLetter(2, 2, "Q");
    expect(arbitrateLetters(hm, ZONE, silent, [ZONE, hm, ZONE])?.lines).toEqual(ZONE);
    // as many readings for each letter, or a glyph that looks like one of them: the first reading stands
    expect(arbitrateLetters(hm, ZONE, silent, [ZONE, hm, other])).toBeNull();
    expect(arbitrateLetters(hm, ZONE, shapesOf({ "2:2": { H: 0.6, I: 0.55 } }), [ZONE, hm, ZONE])).toBeNull();
    // a reading whose fillers stand elsewhere (a letter dropped) does not vote
    const shifted = ["", "", "ERHIKSSON<<ANNA<MARIA<<<<<<<<<"];
    expect(arbitrateLetters(hm, ZONE, silent, [ZONE, ZONE, hm, shifted, shifted])?.lines).toEqual(ZONE);
  });
});

describe("withSecondNameLine (a second reader's name line alone)", () => {
  const PASSPORT = ["P<JPNGAIHU<<SAKURA<<<<<<<<<<<<<<<<<<<<<<<<<<", "XS12345673JPN7902206F1603202<<<<<<<<<<<<<<02"];

  it("pads a name line whose filler run was cut short back to the line's length, the other lines kept", () => {
    const texts = ["20MAR2016", "P<JPNGAIMU<<SAKURA<<", "X512345673P27902206F1603202<<<<<<<<<<<02"];
    expect(withSecondNameLine("TD3", PASSPORT, texts)).toEqual([
      "P<JPNGAIMU<<SAKURA<<<<<<<<<<<<<<<<<<<<<<<<<<",
      PASSPORT[1],
    ]);
  });

  it("finds none in a text of another zone, or one that cuts off letters rather than fillers", () => {
    expect(withSecondNameLine("TD3", PASSPORT, ["P<UTOGAIMU<<SAKURA<<", "P<JPNGAIMU<<SAK"])).toBeNull();
    expect(withSecondNameLine("TD3", PASSPORT, [PASSPORT[0]!])).toBeNull();
    // a TD1's other lines are no reading of its name line (a name line has no prefix to compare)
    expect(withSecondNameLine("TD1", ZONE, [ZONE[1]!, ZONE[0]!])).toBeNull();
    expect(withSecondNameLine("TD1", ZONE, ["ERIKSSOM<<ANNA<MARIA"])?.[2]).toBe("ERIKSSOM<<ANNA<MARIA<<<<<<<<<<");
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

  // the sex is the letter the page OCR misses most (a generated card's printed F read as E): its own glyph may stand in
  const unread = card.replace("Sex F", "Sex E");
  it("takes the sex's own glyph where the page does not print it legibly and no other sex letter looks more like it", () => {
    expect(lettersCorroborated("TD1", ZONE, page(unread))).toBe(false);
    expect(lettersCorroborated("TD1", ZONE, page(unread), shapesOf({ "1:7": { F: 0.92, M: -0.05, X: 0.19 } }))).toBe(
      true,
    );
  });

  it("does not where the glyph is no evidence, looks more like M or X, or cannot be cut out", () => {
    const at = (scores: Record<string, number>) => shapesOf({ "1:7": scores });
    expect(lettersCorroborated("TD1", ZONE, page(unread), at({ F: 0.45, M: 0.1, X: 0.1 }))).toBe(false);
    expect(lettersCorroborated("TD1", ZONE, page(unread), at({ F: 0.6, M: 0.7, X: 0.1 }))).toBe(false);
    expect(lettersCorroborated("TD1", ZONE, page(unread), at({ F: 0.6, M: 0.1, X: 0.65 }))).toBe(false);
    expect(lettersCorroborated("TD1", ZONE, page(unread), shapesOf({}))).toBe(false);
    // the glyph speaks for the sex alone: a name word or a state code still has to be printed
    const shapes = at({ F: 0.92, M: -0.05, X: 0.19 });
    expect(lettersCorroborated("TD1", ZONE, page(unread.replace("MARIA", "MARTA")), shapes)).toBe(false);
    expect(lettersCorroborated("TD1", ZONE, page(unread.replaceAll("UTO", "UTA")), shapes)).toBe(false);
  });
});

describe("variantsNameLine (the tesseract variants' name field for PaddleOCR's fallback reading)", () => {
  // PaddleOCR dropped the I of SPECIMEN (a 319-px Swedish card); tesseract's variants kept the count, M read as H or N
  const PADDLE = ["I<SWE59000002<8198703142391<<<", "8703145M1701027SWE<<<<<<<<<<<8", "SPECMEN<<SVEN<<<<<<<<<<<<<<<<<"];
  const variant = (name: string) => [PADDLE[0]!, PADDLE[1]!, name];

  it("takes the name field most variants read where all put their fillers elsewhere than PaddleOCR", () => {
    const variants = ["SPECINEN<<SVEN", "SPECIHEN<<SVEN", "SPECIHEN<<SVEN", "SPECIHEN<<SVEU"].map((n) =>
      variant(n.padEnd(30, "<")),
    );
    expect(variantsNameLine("TD1", PADDLE, variants)).toEqual({
      lines: variant("SPECIHEN<<SVEN".padEnd(30, "<")),
      variant: 1,
    });
  });

  it("takes it where more than half of the variants put their fillers alike, a variant or two reading noise", () => {
    const read = ["SPECIHEN<<SVEN", "SPECIOS<<SVE", "SPECIHEN<<SVEN", "3PECIQE<<VS", "SPECINEN<<SVEN"];
    const variants = read.map((n) => variant(n.padEnd(30, "<")));
    expect(variantsNameLine("TD1", PADDLE, variants)).toEqual({
      lines: variant("SPECIHEN<<SVEN".padEnd(30, "<")),
      variant: 0,
    });
    // two of four alike is no majority
    const split = ["SPECIHEN<<SVEN", "SPECIOS<<SVE", "SPECINEN<<SVEN", "3PECIQE<<VS"];
    expect(
      variantsNameLine(
        "TD1",
        PADDLE,
        split.map((n) => variant(n.padEnd(30, "<"))),
      ),
    ).toBeNull();
  });

  it("keeps PaddleOCR's where the variants disagree on the words, are too few, or put fillers where it does", () => {
    const long = variant("SPECIHEN<<SVEN".padEnd(30, "<"));
    expect(variantsNameLine("TD1", PADDLE, [long, variant("SPECIHENS<SVEN".padEnd(30, "<"))])).toBeNull();
    expect(variantsNameLine("TD1", PADDLE, [long])).toBeNull();
    expect(variantsNameLine("TD1", PADDLE, [long, variant("SPECIHEN<<SVE")])).toBeNull();
    const same = [variant("SPECHEN<<SVEN".padEnd(30, "<")), variant("SPECNEN<<SVEN".padEnd(30, "<"))];
    expect(variantsNameLine("TD1", PADDLE, same)).toBeNull();
  });

  it("replaces only the name field: a passport's first line keeps PaddleOCR's document code and states", () => {
    const paddle = ["P<TWNLN<<MEI<HUA<<<<<<<<<<<<<<<<<<<<<<<<<<<<", "1234567897TWN8001014F2501012<<<<<<<<<<<<<<06"];
    const tesseract = (l: string) => [l, paddle[1]!];
    const read = ["P<THNLIN<<MEI<HUA<<<<<<<<<<<<<<<<<<<<<<<<<<<", "P<TWNLIN<<MEI<HUA<<<<<<<<<<<<<<<<<<<<<<<<<<<"];
    expect(variantsNameLine("TD3", paddle, read.map(tesseract))).toEqual({
      lines: ["P<TWNLIN<<MEI<HUA<<<<<<<<<<<<<<<<<<<<<<<<<<<", paddle[1]],
      variant: 0,
    });
  });
});
