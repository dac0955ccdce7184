import { describe, expect, it } from "vitest";
import {
  compareNumber,
  hasValue,
  hasWord,
  nearWord,
  printedAddress,
  printedDates,
  printedFieldsOnly,
  printedRival,
  printedZone,
} from "./printed-zone";
import { checkDigit } from "@/lib/engines/documents/mrz/icao";

describe("printedZone", () => {
  const zone = printedZone([
    "Surname / Nom\nDE BRUIJN\nDate of birth\n10 MAR 1965\nPassport No.\nSPECI 2014",
    "Address / Adresse\nKERKSTRAAT 12, 1011 AB AMSTERDAM",
  ]);

  it("finds dates in the usual printed formats", () => {
    expect([...printedDates("10 MAR 1965 / 01.02.2030 / 3/4/1999 / 2031-12-01 / 1O.O3.2O2O")].sort()).toEqual([
      "1965-03-10",
      "1999-04-03",
      "2020-03-10",
      "2030-02-01",
      "2031-12-01",
    ]);
    expect(zone.dates.has("1965-03-10")).toBe(true);
  });

  it("reads numeric dates month first on US cards, and year first as Canadian cards print them", () => {
    expect([...printedDates("DOB 07/19/1984 EXP 03/04/2030", "MDY")].sort()).toEqual(["1984-07-19", "2030-03-04"]);
    // day first, 07/19 is no date at all
    expect([...printedDates("DOB 07/19/1984", "DMY")]).toEqual([]);
    expect([...printedDates("DOB 1980/02/15 EXP 2030.02.15")].sort()).toEqual(["1980-02-15", "2030-02-15"]);
    expect([...printedDates("1980/02-15")]).toEqual([]);
    expect(printedZone(["DOB 07/19/1984"], [], "MDY").dates.has("1984-07-19")).toBe(true);
  });

  it("keeps the printed fields alone: the page OCR's copy of the MRZ is left out, the dates kept", () => {
    const page = printedZone(
      [
        "PASSPORT PASSEPORT REISEPASS\nMARIE-ANNE\n21 JAN 1996\n07/19/1984",
        '"RIE<SANNE<<LL<<<LLLKL\nFG84668PL5D9601215F2903220\nI«UTOD23145890',
      ],
      [],
      "MDY",
    );
    const fields = printedFieldsOnly(page);
    expect(fields.lines).toEqual(["PASSPORT PASSEPORT REISEPASS", "MARIE-ANNE", "21 JAN 1996", "07/19/1984"]);
    expect([hasWord(page, "RIE"), hasWord(fields, "RIE"), hasWord(fields, "MARIE")]).toEqual([true, false, true]);
    expect([hasValue(page, "FG84668PL"), hasValue(fields, "FG84668PL")]).toEqual([true, false]);
    expect([...fields.dates].sort()).toEqual(["1984-07-19", "1996-01-21"]);
    expect(printedFieldsOnly(zone)).toBe(zone);
  });

  it("compares words with one OCR error in longer words only, numbers across look-alikes", () => {
    expect(hasWord(zone, "BRUIJN")).toBe(true);
    expect(hasWord(zone, "BRUIJM")).toBe(true);
    expect(hasWord(zone, "DA")).toBe(false);
    expect(nearWord(zone, "BRUIJM")).toBe("BRUIJN");
    expect(hasValue(zone, "SPECI2014")).toBe(true);
    expect(hasValue(zone, "SPEC12014")).toBe(true);
    expect(hasValue(zone, "SPEC12014", true)).toBe(false);
    expect(hasValue(zone, "SPECI2015")).toBe(false);
  });

  it("reads a labelled address, and none where no label is printed", () => {
    expect(printedAddress(zone)).toBe("KERKSTRAAT 12, 1011 AB AMSTERDAM");
    expect(printedAddress(printedZone(["ADDRESS: 5 HIGH STREET, LONDON"]))).toBe("5 HIGH STREET, LONDON");
    expect(printedAddress(printedZone(["PASSPORT\nDE BRUIJN"]))).toBeNull();
  });
});

describe("printed names with diacritics", () => {
  it("holds each word as printed, as ICAO transliterates it and without its marks", () => {
    const zone = printedZone(["Surname MÄNNIK\nGiven names MARI-LIIS\nESPAÑOLA"]);
    expect(zone.words.has("MAENNIK")).toBe(true);
    expect(zone.words.has("MANNIK")).toBe(true);
    expect(zone.words.has("ESPANOLA")).toBe(true);
  });
});

describe("printedRival", () => {
  const sameDigit = (read: string) => (candidate: string) => checkDigit(candidate) === checkDigit(read);

  it("finds the number nearer the print that keeps the same check digit: two swaps whose weights cancel", () => {
    const zone = printedZone(["DOCUMENT NO", "WV53BNOVG", "I<NLDNVS38N9V62<<<<<<<<<<<<<<<"]);
    expect(printedRival(zone, "NVS38N9V6", sameDigit("NVS38N9V6"))).toBe("WV538N9V6");
    // the MRZ's own copy on the page is no print
    expect(printedRival(printedZone(["I<NLDWV538N9V62<<<<<<<<<<<<<<<"]), "NVS38N9V6", sameDigit("NVS38N9V6"))).toBe(
      null,
    );
  });

  it("finds none where the print differs only by look-alikes, or no nearer number keeps the digit", () => {
    expect(printedRival(printedZone(["NV538N9V6"]), "NVS38N9V6", sameDigit("NVS38N9V6"))).toBe(null);
    expect(printedRival(printedZone(["NV53BNOVG"]), "NVS38N9V6", sameDigit("NVS38N9V6"))).toBe(null);
  });
});

describe("compareNumber", () => {
  const confidently = (text: string) => printedZone([text], [{ text, confidence: 95 }]);

  it("calls a number different where a confidently read token of its length differs from it", () => {
    expect(compareNumber(confidently("PASSPORT NO 10203040"), "00000000")).toBe("differs");
    expect(compareNumber(confidently("PASSPORT NO 00000000"), "00000000")).toBe("confirmed");
  });

  it("takes no printed date whose separators OCR lost for another number", () => {
    // a Lithuanian specimen: its number 00000000 not read, its expiry 01 01 2013 read as one token
    expect(compareNumber(confidently("GALIOJA IKI 01012013"), "00000000")).toBe("unconfirmed");
    expect(compareNumber(confidently("EXPIRY 20130101"), "00000000")).toBe("unconfirmed");
    expect(compareNumber(confidently("EXPIRY 12312013"), "00000000")).toBe("unconfirmed");
  });
});
