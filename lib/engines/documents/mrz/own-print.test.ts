import { describe, expect, it } from "vitest";
import { drawnBand } from "@/test/mrz-bands";
import { printedZone } from "@/lib/engines/documents/ocr/printed-zone";
import { boxedReading } from "./glyph-grid";
import { candidateOf } from "./mrz-candidates";
import { visaZerosByOwnPrint } from "./own-print";

// The US visa specimen of both development halves (ICAO 9303-7 MRV-A): its optional data `IFLND00AMS803085` has
// no check digit, and tesseract read its zeros as O's.
const VISA = ["VIUSATRAVELER<<HAPPYPERSON<<<<<<<<<<<<<<<<<<", "555123ABC6GBR6502056F0412236IFLND00AMS803085"];
const withOptional = (optional: string) => [VISA[0]!, VISA[1]!.slice(0, 28) + optional];

/** What tesseract read (`read`) of the zone drawn as `printed`, 13 px high as sent, as the reader hands it on. */
async function reading(printed: string[], read: string[]) {
  const { grey, page } = await drawnBand(printed, 48, 2.5, read);
  const boxed = boxedReading(page, 1);
  const candidate = candidateOf("binarise", read.join("\n"), 90, printedZone([]))!;
  return { grey, boxed, candidate };
}

describe("visaZerosByOwnPrint: a visa's optional data read by the document's own 0 and O", () => {
  it("reads as zeros the O's that look like the zone's own zeros, and says so", async () => {
    const { grey, boxed, candidate } = await reading(VISA, withOptional("IFLNDOOAMS803085"));
    expect(candidate.result.valid).toBe(true); // nothing else could catch it: every check digit holds as read
    const read = visaZerosByOwnPrint(grey, boxed, candidate);
    expect(read.lines).toEqual(VISA);
    expect(read.repairs.at(-1)).toBe(
      "line 2 position 34 O→0, line 2 position 35 O→0 (a visa's optional data: by the document's own 0 and O)",
    );
  }, 60_000);

  it("reads as O's the zeros that look like the name's O, and leaves what looks like what it was read as", async () => {
    const printed = withOptional("IFLNDOOAMS803085");
    const { grey, boxed, candidate } = await reading(printed, withOptional("IFLND0OAMS803085"));
    expect(visaZerosByOwnPrint(grey, boxed, candidate).lines).toEqual(printed);
    const right = await reading(VISA, VISA);
    expect(visaZerosByOwnPrint(right.grey, right.boxed, right.candidate)).toBe(right.candidate);
  }, 60_000);

  it("changes nothing without an O of the document's own to compare with", async () => {
    const noO = [VISA[0]!.replace("PERSON", "PERSAN"), VISA[1]!];
    const misread = [noO[0]!, withOptional("IFLNDOOAMS803085")[1]!];
    const visa = await reading(noO, misread);
    expect(visaZerosByOwnPrint(visa.grey, visa.boxed, visa.candidate).lines).toEqual(misread);
  }, 60_000);
});
