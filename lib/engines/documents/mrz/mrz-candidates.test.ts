import { describe, expect, it } from "vitest";
import { printedZone } from "@/lib/engines/documents/ocr/printed-zone";
import { checkDigit } from "./icao";
import { candidateOf, certainFault, choose, settled, type Candidate } from "./mrz-candidates";
import { paddleSettles } from "./paddle-readings";
import { votingReadings } from "./letter-arbiter";

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

describe("paddleSettles: PaddleOCR's band reading ends the variants", () => {
  // ICAO 9303-3's TD3 specimen passport, every check digit holding, issued by a listed state (D)
  const P1 = "P<D<<MUSTERMANN<<ERIKA<<<<<<<<<<<<<<<<<<<<<<";
  const P2 = "C01X00T478D<<6408125F2702283<<<<<<<<<<<<<<<4";
  const box = (y: number) => [
    [0, y],
    [400, y],
    [400, y + 10],
    [0, y + 10],
  ];
  const paddle = (l1: string) => [
    { text: l1, mean: 0.95, box: box(0) },
    { text: P2, mean: 0.95, box: box(20) },
  ];

  it("when it is fully valid and a variant read its name line alike", () => {
    expect(read([P1, P2]).result.valid).toBe(true);
    const variant = read([P1, P2.replace("6408125", "6408I25")]);
    expect(paddleSettles(paddle(P1), [variant], zone)).toBe(true);
  });

  it("not when no variant read its name line alike: a later variant's letters may be better", () => {
    const variant = read([P1.replace("ERIKA", "ERIXA"), P2.replace("6408125", "6408I25")]);
    expect(paddleSettles(paddle(P1), [variant], zone)).toBe(false);
  });

  it("not before it has answered, nor when its digits fail", () => {
    const variant = read([P1, P2]);
    expect(paddleSettles(undefined, [variant], zone)).toBe(false);
    expect(
      paddleSettles(
        paddle(P1).map((l, i) => (i ? { ...l, text: P2.replace("F27", "F28") } : l)),
        [variant],
        zone,
      ),
    ).toBe(false);
  });
});

describe("choose: between readings that hold", () => {
  // ICAO 9303-7's specimen Schengen visa (MRV-B) of the French specimen: no composite, UTO no listed state
  const SCHENGEN = ["VCFRASPECIMEN<<SPECIMEN<<<<<<<<<<<<<", "F000000005UTO0311063M1401143<M300703"];

  it("prefers the one whose state codes are letters to one that read a code as digits (UTO as 070)", () => {
    const digits = read([SCHENGEN[0]!, SCHENGEN[1]!.replace("UTO", "070")]);
    const letters = read(SCHENGEN, "paddleocr");
    expect(digits.lines[1]).toContain("070"); // no autocorrection guesses a code left partly digits
    expect(choose([digits, letters], zone)?.best.lines).toEqual(SCHENGEN);
    expect(choose([letters, digits], zone)?.best.lines).toEqual(SCHENGEN);
  });
});

describe("votingReadings: who votes on a letter whose glyph says nothing", () => {
  it("the second reader once, and every tesseract variant of the same layout, the chosen one included", () => {
    const best = read(VISA);
    const other = read([VISA[0]!.replace("ANNA", "ANMA"), VISA[1]!], "grey");
    const fallback = read(VISA, "paddleocr");
    const td1 = read(td1WithWrongComposite(), "sharpen-binarise");
    const second = [VISA[0]!.replace("ANNA", "ANHA"), VISA[1]!];
    expect(votingReadings(best, second, [best, other, fallback, td1])).toEqual([second, best.lines, other.lines]);
  });
});
