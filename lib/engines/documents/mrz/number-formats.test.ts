import { describe, expect, it } from "vitest";
import { checkDigit } from "./icao";
import { repairLines } from "./mrz-repair";
import { safeParse } from "./mrz-lines";
import { conformNumber, fitsNumber, FRENCH_ID_NUMBER, numberFormatOf } from "./number-formats";
import { printedZone } from "@/lib/engines/documents/ocr/printed-zone";

// The German identity card's published specimen number (Erika Mustermann) in a TD1 zone built with its digits.
function germanId(number: string): string[] {
  const l1 = `IDD<<${number}${checkDigit(number)}`.padEnd(30, "<");
  const head = `6408125<2010315D<<`.padEnd(29, "<");
  const composite = checkDigit(l1.slice(5, 30) + head.slice(0, 7) + head.slice(8, 15) + head.slice(18, 29));
  return [l1, head + composite, "MUSTERMANN<<ERIKA".padEnd(30, "<")];
}

describe("document numbers read by the issuing state's format", () => {
  it("knows the formats it has a source for, by state and document code", () => {
    expect(numberFormatOf("D<<", "ID")?.source).toMatch(/German/);
    expect(numberFormatOf("D", "P<")).not.toBeNull();
    expect(numberFormatOf("NLD", "P<")).not.toBeNull();
    expect(numberFormatOf("NLD", "I<")).not.toBeNull();
    expect(numberFormatOf("NLD", "ID")).not.toBeNull();
    // a Dutch residence permit (IT, IR …) is neither a passport nor an identity card: its number ("52151673" on the
    // development specimen) follows other rules
    expect(numberFormatOf("NLD", "IT")).toBeNull();
    expect(numberFormatOf("NLD", "IR")).toBeNull();
    expect(numberFormatOf("USA", "P<")).not.toBeNull();
    // a US visa or card: no format listed
    expect(numberFormatOf("USA", "V<")).toBeNull();
    expect(numberFormatOf("UTO", "P<")).toBeNull();
    expect(numberFormatOf("ESP", "ID")?.source).toMatch(/Spanish/);
    // a Spanish passport: no format listed
    expect(numberFormatOf("ESP", "P<")).toBeNull();
  });

  it("reads a Spanish identity card's number as three letters and six digits", () => {
    const spanish = numberFormatOf("ESP", "ID")!.slots;
    expect(conformNumber("AAA1OOOO1", spanish)).toBe("AAA100001");
    expect(conformNumber("0AA100001", spanish)).toBe("OAA100001");
  });

  it("puts digits where the format has digits and letters where it has letters", () => {
    const german = numberFormatOf("D", "ID")!.slots;
    expect(conformNumber("T22OO0129", german)).toBe("T22000129");
    expect(fitsNumber("T22000129", german)).toBe(true);
    // a vowel with no digit look-alike cannot be made to fit
    expect(conformNumber("TA2000129", german)).toBeNull();
    const dutch = numberFormatOf("NLD", "I<")!.slots;
    expect(conformNumber("SPECI2O1I", dutch)).toBe("SPECI2011");
    expect(conformNumber("5PECI2014", dutch)).toBe("SPECI2014");
    const us = numberFormatOf("USA", "P<")!.slots;
    expect(conformNumber("E0OO07730", us)).toBe("E00007730");
    expect(conformNumber("88O692310285", FRENCH_ID_NUMBER)).toBe("880692310285");
  });

  it("catches an O/0 swap every check digit misses (O weighs 24: under weights 7 and 3 the two swaps cancel)", () => {
    const truth = germanId("T22000129");
    expect(safeParse(truth)?.valid).toBe(true);
    const misread = [truth[0]!.replace("T22000129", "T22OO0129"), truth[1]!, truth[2]!];
    // the check digits cannot tell
    expect(safeParse(misread)?.valid).toBe(true);
    const { lines, repairs } = repairLines("TD1", misread, printedZone([]));
    expect(lines).toEqual(truth);
    expect(repairs.join(" ")).toMatch(/T22OO0129 → T22000129/);
  });

  it("without a listed format, reads an O among digits as 0 only where the check digit cannot tell", () => {
    const utopian = (number: string) =>
      germanId(number).map((l) => l.replace("IDD<<", "IDUTO").replace("D<<<", "UTO<"));
    const truth = utopian("T22000129");
    const invisible = [truth[0]!.replace("T22000129", "T22OO0129"), truth[1]!, truth[2]!];
    expect(repairLines("TD1", invisible, printedZone([])).lines).toEqual(truth);
    // …even when the page OCR misread the printed number the same way
    const hungarianLike = utopian("BD0002028");
    const misread = [hungarianLike[0]!.replace("BD0002028", "BDOO02O28"), hungarianLike[1]!, hungarianLike[2]!];
    expect(repairLines("TD1", misread, printedZone(["Passport No. BDOO02O28"])).lines).toEqual(hungarianLike);
    // one O whose swap the digit sees: the digit says it is an O, so it stays
    const seen = utopian("T2200O129");
    expect(repairLines("TD1", seen, printedZone([])).lines[0]).toContain("T2200O129");
  });
});

describe("the zone's fields", () => {
  it("reads the French 2×36 card's number whole (twelve characters under its check digit)", () => {
    const lines = ["IDFRABERTHIER<<<<<<<<<<<<<<<<<<<<<<<", "8806923102858CORINNE<<<<<<<6512068F6"];
    const result = safeParse(lines)!;
    expect(result.format).toBe("FRENCH_NATIONAL_ID");
    expect(result.valid).toBe(true);
    expect(result.fields.documentNumber).toBe("880692310285");
    expect(result.details.find((d) => d.field === "documentNumber")).toMatchObject({ start: 0, end: 12 });
    // its layout is not a TD2's: a French reading is repaired by its own format only, the rest left as read
    const misread = [lines[0]!, lines[1]!.replace("88069", "88O69")];
    expect(repairLines("TD2", misread, printedZone([])).lines).toEqual(lines);
  });

  it("takes a name field without '<<' as the primary identifier alone, not as the given names too", () => {
    const l1 = "I<UTOD231458907<<<<<<<<<<<<<<<";
    const l2 = "7408122F1204159UTO<<<<<<<<<<<6";
    const whole = safeParse([l1, l2, "ERIKSSONANNAMARIAJOHANNASOFIAB"])!;
    expect(whole.fields.lastName).toBe("ERIKSSONANNAMARIAJOHANNASOFIAB");
    expect(whole.fields.firstName).toBe("");
    const separated = safeParse([l1, l2, "ERIKSSON<<ANNA<MARIA<<<<<<<<<<"])!;
    expect(separated.fields.firstName).toBe("ANNA MARIA");
  });
});
