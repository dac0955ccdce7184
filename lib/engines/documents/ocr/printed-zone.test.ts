import { describe, expect, it } from "vitest";
import {
  compareNumber,
  hasValue,
  hasWord,
  printedForms,
  nearWord,
  printedAddress,
  printedDates,
  printedFieldsOnly,
  printedRival,
  printedConfirmingDates,
  printedZone,
  printsDate,
  isProse,
  withoutProse,
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

  it("reads month names of other languages, marks and all, and the English one beside them", () => {
    const dates = (text: string) => [...printedDates(text)];
    expect(dates("15 DEC/DÉC 1985")).toEqual(["1985-12-15"]);
    expect(dates("15 JUIN/JUN 1985")).toEqual(["1985-06-15"]);
    expect(dates("15 AOÛT 1985")).toEqual(["1985-08-15"]);
    expect(dates("03 DIC 2030 / 04 MRZ 2031 / 05 OKT 1990 / 06 GEN 1970")).toEqual([
      "2030-12-03",
      "2031-03-04",
      "1990-10-05",
      "1970-01-06",
    ]);
    expect(dates("15 ΜΑΡ/MAR 1985")).toEqual(["1985-03-15"]);
    // JUI begins JUIN and JUILLET: no month; a word that begins with no month's name gives no date
    expect(dates("15 JUI 1985 / 15 LOT 1985")).toEqual([]);
  });

  it("reads numeric dates month first on US cards, and year first as Canadian cards print them", () => {
    expect([...printedDates("DOB 07/19/1984 EXP 03/04/2030", "MDY")].sort()).toEqual(["1984-07-19", "2030-03-04"]);
    // day first, 07/19 is no date at all
    expect([...printedDates("DOB 07/19/1984", "DMY")]).toEqual([]);
    expect([...printedDates("DOB 1980/02/15 EXP 2030.02.15")].sort()).toEqual(["1980-02-15", "2030-02-15"]);
    expect([...printedDates("1980/02-15")]).toEqual([]);
    expect(printedZone(["DOB 07/19/1984"], [], "MDY").dates.has("1984-07-19")).toBe(true);
  });

  it("finds dates printed with a two-digit year or spaces alone, which only confirm an MRZ date", () => {
    // as the page OCR read ICAO 9303's own specimens (development half of ../shared/data/mrz-specimens)
    expect(
      [...printedConfirmingDates("12 AUG/AOUT 74 ZE 1842268\nL8988901C FIF O7SEP40 XXX\n12AUGIAOUT 74")].sort(),
    ).toEqual(["40-09-07", "74-08-12"]);
    expect([...printedConfirmingDates("SO 14-01-14 / 17.10.03-09.05.2013")].sort()).toEqual(["03-10-17", "14-01-14"]);
    expect([...printedConfirmingDates("DOB 07/19/84", "MDY")]).toEqual(["84-07-19"]);
    // numbers parted by spaces alone (a Lithuanian passport's date of birth), with either year
    expect([...printedConfirmingDates("23 11 1959 / 01 01 13 / 12 34 5678")].sort()).toEqual(["13-01-01", "59-11-23"]);
    expect(printedDates("23 11 1959").size).toBe(0);
    // four-digit years are printedDates' alone; no month 19
    expect([...printedConfirmingDates("10 MAR 1965 / 10.03.1965 / 07/19/84")]).toEqual([]);
    const page = printedZone([
      "GIVEN NAMES\nANNA MARIA\n12 AUG/AOUT 74",
      "P<UTOERIKSSON<<ANNA<MARIA<<<\nL898902C36UTO7408122F1204159",
    ]);
    expect([printsDate(page, "1974-08-12"), printsDate(page, "2074-08-12"), printsDate(page, "1974-08-13")]).toEqual([
      true,
      true,
      false,
    ]);
    expect(page.dates.size).toBe(0);
    // the page OCR's copy of the MRZ is no printed date: `12 JAN 24<<<` there is a misread, not a date
    expect(printedZone(["P<UTO 12 JAN 24<<<<<<<<"]).confirmingDates.size).toBe(0);
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

describe("prose on the page", () => {
  it("is a line of three English function words or more, never a field or its label", () => {
    expect(isProse("THIS DOCUMENT IS VOID IF ALTERED, AND MAY BE REVOKED BY THE")).toBe(true);
    expect(isProse("EMBASSY OF THE REPUBLIC OF CHINA")).toBe(true);
    expect(isProse("DATE OF ISSUE / DATE OF EXPIRY")).toBe(false);
    expect(isProse("ANNA MARIA UTO 12 AUG/AOUT 74")).toBe(false);
    expect(isProse("GONZALEZ-MENDEZ, CRISTINA MARIE")).toBe(false);
  });

  it("leaves the fields where the holder's name is looked for", () => {
    const zone = printedZone(["THIS CARD IS NOT EVIDENCE OF CITIZENSHIP\nSURNAME\nOKAFOR\nADA"]);
    const fields = withoutProse(zone);
    expect(fields.lines).toEqual(["SURNAME", "OKAFOR", "ADA"]);
    expect(hasWord(fields, "CITIZENSHIP")).toBe(false);
    expect(hasWord(fields, "OKAFOR")).toBe(true);
    expect(withoutProse(fields)).toBe(fields);
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

describe("printedForms", () => {
  it("gives an MRZ token with each two-letter transliteration written as the one letter it stands for", () => {
    expect(printedForms("MUELLER")).toEqual(["MUELLER", "MULLER"]);
    expect(printedForms("AASA")).toEqual(["AASA", "ASA"]);
    expect(printedForms("HAEMAELAEINEN")).toContain("HAMALAINEN");
    expect(printedForms("PENXXA")).toEqual(["PENXXA", "PENA"]);
    expect(printedForms("SMITH")).toEqual(["SMITH"]);
  });
});
