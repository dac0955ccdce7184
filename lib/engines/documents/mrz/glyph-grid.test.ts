import type { Page } from "tesseract.js";
import { describe, expect, it } from "vitest";
import { drawnBand } from "@/test/mrz-bands";
import { charClasses, optionalCorroborated, readGrid } from "./glyph-grid";
import { candidateOf } from "./mrz-candidates";
import { printedZone } from "@/lib/engines/documents/ocr/printed-zone";
import { decodeGrid, GRID_MARGIN, GRID_SPREAD } from "./grid-decode";
import { checkDigit } from "./icao";
import { pickMrzLines } from "./mrz-lines";

// A Liechtenstein-like identity card's zone (TD1), every check digit holding.
const ZONE = ["IDLIEID98754015<<<<<<<<<<<<<<<", "8205122F1906224LIE<<<<<<<<<<<6", "OSPELTBECK<<MARISA<<<<<<<<<<<<"];

/** Scores as a clean reading gives them: the printed character 0.8, every other 0.5 — then `changes` applied. */
function scoresOf(zone: string[], changes: Record<string, Record<string, number>> = {}) {
  const all = "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789<";
  return zone.map((line, l) =>
    [...line].map((ch, i) => {
      const s = new Map([...all].map((c) => [c, c === ch ? 0.8 : 0.5]));
      for (const [c, v] of Object.entries(changes[`${l}:${i}`] ?? {})) s.set(c, v);
      return s;
    }),
  );
}

const decoded = (zone: string[], changes: Record<string, Record<string, number>> = {}) =>
  decodeGrid("TD1", charClasses("TD1", false), scoresOf(zone, changes), false);
const decode = (zone: string[], changes: Record<string, Record<string, number>> = {}) => decoded(zone, changes).lines;

describe("decodeGrid: the check digits choose between near characters", () => {
  it("reads a blurred 2 that looks a little more like a 7 as the 2 its check digits need", () => {
    // the expiry's last digit: 7 scores above 2, and only the 2 keeps the expiry's check digit
    const decoded = decode(ZONE, { "1:13": { "7": 0.82, "2": 0.79 } });
    expect(decoded).toEqual(ZONE);
  });

  it("never takes a character scoring further than GRID_SPREAD below the best, so a wrong printed digit stays wrong", () => {
    const printedWrong = [ZONE[0]!, ZONE[1]!.slice(0, 6) + "9" + ZONE[1]!.slice(7), ZONE[2]!];
    expect(checkDigit(printedWrong[1]!.slice(0, 6))).not.toBe("9");
    // the right digit (2) is there, but far below the printed one
    const decoded = decode(printedWrong, { "1:6": { "2": 0.8 - GRID_SPREAD - 0.05 } });
    expect(decoded[1]!.slice(6, 7)).toBe("9");
  });

  it("says so when the check digits cannot tell two near characters apart (8 and S weigh alike)", () => {
    // S counts 28, 8 counts 8: the same modulo 10, so every check digit holds either way
    const clear = decoded(ZONE, { "0:8": { S: 0.8 - GRID_SPREAD + 0.005 } });
    expect(clear.ambiguous).toBe(false);
    const close = decoded(ZONE, { "0:8": { S: 0.8 - GRID_MARGIN / 2 } });
    expect(close.ambiguous).toBe(true);
    expect(decoded(ZONE).ambiguous).toBe(false);
  });

  it("reads an O among the digits of a document number as 0 when 0 is near, and a letter where only a letter fits", () => {
    const decoded = decode(ZONE, { "0:12": { O: 0.81, "0": 0.78 }, "2:0": { "0": 0.82, O: 0.79 } });
    expect(decoded[0]).toBe(ZONE[0]);
    // a name holds letters only: the O stands whatever the digit scores
    expect(decoded[2]).toBe(ZONE[2]);
  });
});

describe("readGrid: the zone read on its fixed pitch", () => {
  it("reads a zone whose characters were 8 px high, every position in its place", async () => {
    const { grey, page } = await drawnBand(ZONE, 48, 4.2);
    const picked = pickMrzLines(ZONE.join("\n"))!;
    const read = readGrid(grey, page, 1, picked);
    expect(read?.text.split("\n")).toEqual(ZONE);
    // the scores it lends the repairs are of letters and digits, the filler left out
    expect(read?.shapes(0, 20)?.has("<")).toBe(false);
    expect(read?.shapes(0, 7)?.get("9")).toBeGreaterThan(0.6);
  }, 60_000);

  it("finds no line where tesseract boxed none", async () => {
    const { grey } = await drawnBand(ZONE, 48, 4.2);
    const empty = { blocks: [] } as unknown as Page;
    expect(readGrid(grey, empty, 1, pickMrzLines(ZONE.join("\n"))!)).toBeNull();
  });
});

describe("optionalCorroborated: optional data no digit of its own covers", () => {
  const zone = printedZone([]);
  const reading = (variant: string, lines: string[]) => candidateOf(variant, lines.join("\n"), 90, zone)!;
  const US = ["C1USA0223456791EAC9730051220<<", "4910040M9411014CAN<<<<<<<<<<<0", "CRITTENDEN<<LEE<W<<<<<<<<<<<<<"];
  const misread = [US[0]!.replace("EAC", "FAC"), US[1]!, US[2]!];

  it("holds where another reading of the zone has the same optional data", () => {
    expect(optionalCorroborated(reading("glyph grid", US), [reading("binarise", US)])).toBe(true);
  });

  it("does not where every other reading has other optional data, or there is no other reading", () => {
    // PassportEye's US card sent turned: the grid's `FAC` (with an S in the number) made every digit hold
    expect(optionalCorroborated(reading("glyph grid", misread), [reading("binarise", US)])).toBe(false);
    expect(optionalCorroborated(reading("glyph grid", US), [])).toBe(false);
  });
});
