import { describe, expect, it } from "vitest";
import { printedZone } from "@/lib/engines/documents/ocr/printed-zone";
import { checkDigit } from "./icao";
import { candidateOf, certainFault, settled, type Candidate } from "./mrz-candidates";

// When reading more preprocessing variants of a band is pointless (read-mrz.ts's early stops), on MRZ strings.

const zone = printedZone([]);
const read = (lines: string[], variant = "binarise"): Candidate => {
  const c = candidateOf(variant, lines.join("\n"), 90, zone);
  if (!c) throw new Error(`not a reading: ${lines.join(" ")}`);
  return c;
};

// ICAO 9303-7's specimen visa (MRV-A): issued by the specimen state UTO to a stateless holder (XXX); every check
// digit holds, and the two state codes differ
const VISA = ["V<UTOERIKSSON<<ANNA<MARIA<<<<<<<<<<<<<<<<<<<", "L8988901C4XXX4009078F96121096ZE184226B<<<<<<"];

// a TD1 of a state outside ICAO's list ("QQQ") whose composite check digit is printed wrong, every other one holding
function td1WithWrongComposite(): string[] {
  const number = "Q12345678";
  const l1 = `IDQQQ${number}${checkDigit(number)}<<<<<<<<<<<<<<<`;
  const birth = "610412";
  const expiry = "340220";
  const body = `${birth}${checkDigit(birth)}M${expiry}${checkDigit(expiry)}QQQ<<<<<<<<<<<`;
  const composite = checkDigit(`${l1.slice(5, 30)}${body.slice(0, 7)}${body.slice(8, 15)}${body.slice(18, 29)}`);
  return [l1, `${body}${(Number(composite) + 1) % 10}`, "PUBLIC<<JON<<<<<<<<<<<<<<<<<<<"];
}

describe("settled: when a holding reading ends the variants", () => {
  it("a reading whose digits hold but whose state codes differ and are not both known needs a second variant to agree", () => {
    const first = read(VISA);
    expect(first.result.valid).toBe(false); // UTO is no state
    expect(settled([first])).toBe(false);
    expect(settled([first, read(VISA, "sharpen-binarise")])).toBe(true);
  });

  it("two variants agreeing on a reading whose digits fail do not settle it", () => {
    const broken = [VISA[0]!, VISA[1]!.replace("4009078", "4009079")];
    expect(settled([read(broken), read(broken, "grey")])).toBe(false);
  });
});

describe("certainFault: when a failing reading is certain", () => {
  it("three variants reading a wrong composite alike are certain even when the state is not a known one", () => {
    const lines = td1WithWrongComposite();
    const one = read(lines);
    expect(one.result.details.filter((d) => !d.valid).map((d) => d.field)).toEqual(
      expect.arrayContaining(["compositeCheckDigit", "issuingState"]),
    );
    expect(certainFault([one, read(lines, "grey")])).toBe(false);
    expect(certainFault([one, read(lines, "grey"), read(lines, "sharpen-binarise")])).toBe(true);
  });
});
