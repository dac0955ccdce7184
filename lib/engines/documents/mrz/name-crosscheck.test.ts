import { describe, expect, it } from "vitest";
import {
  crossCheckName,
  cutNameWords,
  isLookAlike,
  nameFieldOf,
  repairedNameField,
  wantsPageAgain,
} from "./name-crosscheck";
import { printedZone } from "@/lib/engines/documents/ocr/printed-zone";

// A printed zone as the page OCR gives it: text, and the words it read confidently (all of them unless told).
const zone = (text: string, unsure: string[] = []) =>
  printedZone(
    [text],
    text
      .split(/\s+/)
      .filter(Boolean)
      .map((w) => ({ text: w, confidence: unsure.includes(w) ? 40 : 95 })),
  );
const field = (name: string, width = 39) => (name + "<".repeat(width)).slice(0, width);

describe("crossCheckName", () => {
  it("repairs a look-alike the MRZ OCR made when the printed name agrees on the rest (NNOSU / NWOSU)", () => {
    const check = crossCheckName(
      field("OKAFOR<NNOSU<<ADAEZE"),
      zone("Surname / Nom\nOKAFOR NWOSU\nGiven names\nADAEZE"),
      true,
    );
    expect(check).toMatchObject({
      mrz: "OKAFOR NNOSU, ADAEZE",
      printed: "OKAFOR NWOSU, ADAEZE",
      repaired: "OKAFOR NWOSU, ADAEZE",
      agree: true,
    });
    expect(check.repairs).toEqual(["name NNOSU → NWOSU (printed name; look-alike letters)"]);
    expect(repairedNameField(field("OKAFOR<NNOSU<<ADAEZE"), check)).toBe(field("OKAFOR<NWOSU<<ADAEZE"));
  });

  it("repairs two look-alikes in a longer word (HANNOND / HAMMOND), not three", () => {
    expect(crossCheckName(field("HANNOND<<GRACE"), zone("HAMMOND\nGRACE"), true).repaired).toBe("HAMMOND, GRACE");
    const three = crossCheckName(field("HANNONN<<GRACE"), zone("HAMMONM\nGRACE"), true);
    expect(three.repaired).toBeNull();
    expect(three.agree).toBe(false);
  });

  it("does not repair from a printed word read without confidence, or from a digit the page OCR read", () => {
    const unsure = crossCheckName(field("OKAFOR<NNOSU<<ADAEZE"), zone("OKAFOR NWOSU\nADAEZE", ["NWOSU"]), true);
    expect(unsure).toMatchObject({ repaired: null, agree: true });
    expect(unsure.tokens[1]!.state).toBe("look-alike");
    const digit = crossCheckName(field("OLSEN<<BOB"), zone("0LSEN\nBOB"), true);
    expect(digit).toMatchObject({ repaired: null, agree: true, printed: "0LSEN, BOB" });
  });

  it("takes a word printed without confidence where the MRZ's own glyph looks more like its letter (SPECIHEN)", () => {
    const name = field("SPECIHEN<<SVEN", 30);
    const page = zone("SPECIMEN\nSVEN", ["SPECIMEN"]);
    // the glyph at the name field's offset 5 (the H), correlated with the OCR-B references
    const glyphs = (scores: Record<string, number>) => (offset: number) =>
      offset === 5 ? new Map(Object.entries(scores)) : null;
    const taken = crossCheckName(name, page, true, glyphs({ M: 0.52, N: 0.44, H: 0.42 }));
    expect(taken).toMatchObject({ agree: true, repaired: "SPECIMEN, SVEN" });
    expect(taken.repairs).toEqual([
      "name SPECIHEN → SPECIMEN (printed name; look-alike letters; the MRZ's glyph looks more like the printed letter)",
    ]);
    expect(repairedNameField(name, taken)).toBe(field("SPECIMEN<<SVEN", 30));
    // the glyph prefers the letter read, says nothing there, or there is no glyph: both readings stand
    for (const g of [glyphs({ H: 0.6, M: 0.5 }), glyphs({}), () => null, undefined]) {
      const kept = crossCheckName(name, page, true, g);
      expect(kept).toMatchObject({ agree: true, repaired: null });
      expect(kept.tokens[0]!.state).toBe("look-alike");
    }
    // the offset counts from the field's start: the second word's glyphs are asked at its own places
    const second = crossCheckName(field("SVEN<<SPECIHEN", 30), page, true, (o) =>
      o === 11
        ? new Map([
            ["M", 0.52],
            ["H", 0.42],
          ])
        : null,
    );
    expect(second.repaired).toBe("SVEN, SPECIMEN");
  });

  it("takes a confidently printed look-alike of a three-letter word only where the MRZ's glyph prefers it (ALI / ALT)", () => {
    const name = field("SINGH<<JASIN<ALI", 30);
    // the page's confident ALT (the name misread there, or another word of the card): ALI stays ALI
    const onlyAlt = crossCheckName(name, zone("SINGH\nJASIN ALT"), true);
    expect(onlyAlt).toMatchObject({ agree: true, repaired: null });
    expect(onlyAlt.tokens[2]!.state).toBe("look-alike");
    // the glyph at offset 15 (the I) looking more like a T: taken
    const glyphs = (offset: number) => (offset === 15 ? new Map(Object.entries({ T: 0.6, I: 0.4 })) : null);
    expect(crossCheckName(name, zone("SINGH\nJASIN ALT"), true, glyphs).repaired).toBe("SINGH, JASIN ALT");
    // four letters and more: the confident printed word is taken as before (NNOSU / NWOSU above)
    expect(crossCheckName(field("SINGH<<JASIN<ALIM", 30), zone("SINGH\nJASIN ALTM"), true).repaired).toBe(
      "SINGH, JASIN ALTM",
    );
  });

  it("takes a letter the MRZ reading dropped from the one confident printed word one letter longer (LIN / LN)", () => {
    const page = "Name\nLIN, CHIEN-SHENG\nAlso known as\nPETERSON LIN";
    const lost = crossCheckName(field("LN<<CHIEN<SHENG"), zone(page), true);
    expect(lost).toMatchObject({ agree: true, repaired: "LIN, CHIEN SHENG" });
    expect(lost.repairs).toEqual(["name LN → LIN (printed name; a letter the reading dropped)"]);
    expect(repairedNameField(field("LN<<CHIEN<SHENG"), lost)).toBe(field("LIN<<CHIEN<SHENG"));
    // not from a word read without confidence, nor when two confident words could be it, nor a shorter word
    expect(crossCheckName(field("IN<<MEI<HUA"), zone("LIN\nMEI HUA", ["LIN"]), true).repaired).toBeNull();
    expect(crossCheckName(field("IN<<MEI<HUA"), zone("LIN IAN\nMEI HUA"), true).repaired).toBeNull();
    expect(crossCheckName(field("LIN<<MEI<HUA"), zone("IN\nMEI HUA"), true).repaired).toBeNull();
  });

  it("calls a name word one letter short of a word printed but not read confidently a difference (WANJIRU / ANJIRU)", () => {
    const check = crossCheckName(field("NOWAK<<ANJIRU"), zone("NOWAK\nWANJIRU", ["WANJIRU"]), true);
    expect(check).toMatchObject({ agree: false, repaired: null, printed: "NOWAK, WANJIRU" });
    // two such words: no judgement; a short word: none either
    expect(
      crossCheckName(field("NOWAK<<ANJIRU"), zone("NOWAK\nWANJIRU ANJIRUS", ["WANJIRU", "ANJIRUS"]), true).agree,
    ).not.toBe(false);
  });

  it("takes a doubled letter from the printed name when the MRZ merged it, the printed word is confident and the field has room", () => {
    const merged = crossCheckName(field("WODWARD<<CHUKWUEMEKA"), zone("WOODWARD\nCHUKWUEMEKA"), true);
    expect(merged).toMatchObject({ agree: true, repaired: "WOODWARD, CHUKWUEMEKA" });
    expect(repairedNameField(field("WODWARD<<CHUKWUEMEKA"), merged)).toBe(field("WOODWARD<<CHUKWUEMEKA"));
    const split = crossCheckName(field("JANSSENS<<LOTTE"), zone("JANSENS\nLOTTE"), true);
    expect(split).toMatchObject({ agree: true, repaired: null }); // a printed word with one letter fewer: the page OCR merged it
    // read without confidence, or no filler left to absorb the letter: agreement, no repair
    const unsure = crossCheckName(field("JANSENS<<LOTTE"), zone("JANSSENS\nLOTTE", ["JANSSENS"]), true);
    expect(unsure).toMatchObject({ agree: true, repaired: null });
    expect(unsure.tokens[0]!.state).toBe("doubled");
    const full = crossCheckName("HAMOND<<ANNA<MARIA", zone("HAMMOND\nANNA MARIA"), true);
    expect(full).toMatchObject({ agree: true, repaired: null });
    // the page read with a doubled letter merged asks for the page again, enlarged; the MRZ's merged one does not
    expect(wantsPageAgain(split)).toBe(true);
    expect(wantsPageAgain(unsure)).toBe(false);
  });

  it("drops a stray letter the MRZ OCR read before the name when the printed word is confident, else reports it", () => {
    const sure = crossCheckName(field("XDUBOIS<<MARIE<ANNE", 30), zone("DUBOIS\nMARIE ANNE"), true);
    expect(sure).toMatchObject({ repaired: "DUBOIS, MARIE ANNE", agree: true });
    expect(sure.repairs).toEqual(["name XDUBOIS → DUBOIS (printed name; a stray letter at the band's edge)"]);
    expect(repairedNameField(field("XDUBOIS<<MARIE<ANNE", 30), sure)).toBe(field("DUBOIS<<MARIE<ANNE", 30));
    const unsure = crossCheckName(field("XDUBOIS<<MARIE<ANNE", 30), zone("DUBOIS\nMARIE ANNE", ["DUBOIS"]), true);
    expect(unsure).toMatchObject({ repaired: null, agree: false, printed: "DUBOIS, MARIE ANNE" });
    // a printed word the page OCR cut short never shortens the MRZ's (NWOSU read NWOS on the page)
    expect(
      crossCheckName(field("OKAFOR<NWOSU<<MARIE<CLAIRE", 30), zone("OKAFOR NWOS\nMARIE CLAIRE"), true).repaired,
    ).toBeNull();
  });

  it("matches particles, hyphens and apostrophes written as fillers", () => {
    expect(crossCheckName(field("VAN<DER<BERG<<PIETER"), zone("VAN DER BERG\nPIETER"), true)).toMatchObject({
      agree: true,
      printed: "VAN DER BERG, PIETER",
      repaired: null,
    });
    expect(crossCheckName(field("DE<LA<CRUZ<<MARIA<JOSE"), zone("DE LA CRUZ\nMARIA-JOSÉ"), true).agree).toBe(true);
    expect(crossCheckName(field("ONEIL<<SIOBHAN"), zone("O'NEIL\nSIOBHAN"), true)).toMatchObject({
      agree: true,
      printed: "ONEIL, SIOBHAN",
    });
    expect(crossCheckName(field("SMITH<JONES<<WILLOW"), zone("SMITH-JONES\nWILLOW"), true).agree).toBe(true);
  });

  it("reports a genuinely different printed name as a disagreement, showing both readings", () => {
    const replaced = crossCheckName(field("MURPHY<<SEAN"), zone("Surname\nKARLSSON\nGiven names\nSEAN"), true);
    expect(replaced).toMatchObject({ agree: false, mrz: "MURPHY, SEAN", printed: "?, SEAN", repaired: null });
    const letter = crossCheckName(field("HANSEN<<ERIK"), zone("HANSON\nERIK"), true);
    expect(letter).toMatchObject({ agree: false, printed: "HANSON, ERIK" });
  });

  it("agrees with a national letter the MRZ writes with two and the page OCR reads without its mark", () => {
    // MÜLLER, JÜRGEN and HÄMÄLÄINEN printed; tesseract's English model reads MULLER, JURGEN, HAMALAINEN
    expect(crossCheckName(field("MUELLER<<JUERGEN"), zone("Name\nMULLER\nVornamen\nJURGEN"), true)).toMatchObject({
      agree: true,
      printed: "MULLER, JURGEN",
    });
    const finnish = crossCheckName(field("HAEMAELAEINEN<<AINO"), zone("HAMALAINEN\nAINO"), true);
    expect(finnish).toMatchObject({ agree: true, printed: "HAMALAINEN, AINO" });
    expect(crossCheckName(field("PENXXA<<ANA"), zone("PENA\nANA"), true).agree).toBe(true);
    // the two letters are no wildcard: another printed surname still differs
    expect(crossCheckName(field("MUELLER<<JUERGEN"), zone("MEIER\nJURGEN"), true).agree).toBe(false);
  });

  it("makes no judgement when the printed name was not read", () => {
    expect(crossCheckName(field("OKAFOR<NNOSU<<ADAEZE"), zone("PASSPORT\n12 APR 1988"), true)).toMatchObject({
      agree: null,
      printed: null,
      repaired: null,
    });
    // an illegible page: an unfound word is unread, not different
    expect(crossCheckName(field("MURPHY<<SEAN"), zone("KARLSSON\nSEAN"), false).agree).toBe(true);
  });

  it("compares a truncated last name word as a prefix", () => {
    const check = crossCheckName(
      "PAPADOPOULOS<<CHUKWUEMEKA<OLIVER<JAMES<ALEX",
      zone("PAPADOPOULOS\nCHUKWUEMEKA OLIVER JAMES ALEXANDER"),
      true,
    );
    expect(check.agree).toBe(true);
    expect(check.tokens.at(-1)!.state).toBe("same");
  });

  it("knows the look-alike pairs both ways and where the name field is", () => {
    expect(isLookAlike("W", "N") && isLookAlike("N", "W") && isLookAlike("0", "O")).toBe(true);
    expect(isLookAlike("E", "O")).toBe(false);
    expect(nameFieldOf("TD3", ["P<CANOKAFOR<<ADA<<<", "X"])).toEqual({ line: 0, start: 5, value: "OKAFOR<<ADA<<<" });
    expect(nameFieldOf("TD1", ["A", "B", "SMITH<<JO<<"])).toEqual({ line: 2, start: 0, value: "SMITH<<JO<<" });
  });
});

describe("cutNameWords", () => {
  it("names the last word of a name field filled to its end, in each ICAO layout", () => {
    const td3 = "P<UTOGONZALEZ<DE<LA<FUENTE<PEREZ<<MARIA<GUAD";
    expect(td3).toHaveLength(44);
    expect(cutNameWords("TD3", [td3, "L898902C36UTO7408122F1204159ZE184226B<<<<<10"])).toEqual(["GUAD"]);
    expect(
      cutNameWords("TD2", ["I<UTOGONZALEZ<PEREZ<<MARIA<GUADALUPE", "D231458907UTO7408122F1204159<<<<<<<6"]),
    ).toEqual(["GUADALUPE"]);
    expect(cutNameWords("TD1", ["", "", "GONZALEZ<PEREZ<<MARIA<GUADALUP"])).toEqual(["GUADALUP"]);
  });

  it("names the old French card's two fields' last words where each is full: 14 characters of given names", () => {
    const line1 = (surname: string) => `IDFRA${surname.padEnd(25, "<")}075123`;
    const line2 = (given: string) => `9409923102854${given.padEnd(14, "<")}6512068F6`;
    expect(line2("MARIE<<CHRISTI")).toHaveLength(36);
    expect(cutNameWords("FRENCH_NATIONAL_ID", [line1("DUPONT"), line2("MARIE<<CHRISTI")])).toEqual(["CHRISTI"]);
    expect(cutNameWords("FRENCH_NATIONAL_ID", [line1("DUPONT"), line2("MARIE")])).toEqual([]);
    expect(cutNameWords("FRENCH_NATIONAL_ID", [line1("DE<LA<ROCHEFOUCAULD<MONTB"), line2("MARIE<<CHRISTI")])).toEqual([
      "MONTB",
      "CHRISTI",
    ]);
  });

  it("names nothing where the field ends in fillers or in one letter, or the layout has no name field", () => {
    expect(cutNameWords("TD3", ["P<UTOERIKSSON<<ANNA<MARIA<<<<<<<<<<<<<<<<<<<", ""])).toEqual([]);
    expect(cutNameWords("TD1", ["", "", "GONZALEZ<DE<LA<FUENTE<PEREZ<<M"])).toEqual([]);
    expect(cutNameWords("FRENCH_NATIONAL_ID", ["IDFRABERTHIER<<<<<<<<<<<<<<<<<<<<<<", ""])).toEqual([]);
    expect(cutNameWords("FRENCH_DRIVING_LICENSE", ["", "", "DUPONTDUPONTDUPONTDUPONTDUPONT"])).toEqual([]);
  });
});
