import { describe, expect, it } from "vitest";
import { td3Candidate } from "@/test/mrz-candidate";
import { readingHolds } from "./mrz-lines";
import { align, nearestLines, outvotedLine, outvotedNameLine } from "./name-line-votes";

// Readings of PassportEye's development images, as the evaluation's readings printed them (each variant's text
// with its spaces taken out): the ICAO specimen at 6 px per character (25_pass-uto), a Polish passport and a
// Taiwanese one at 0.85x (100_pass-polx, 43_pass-twn).
const UTO_NUMBER = "L898902C36UTO7408122F1204159ZE184226B<<<<<10";
const UTO_READINGS = [
  "P<UTOERIKSSO3<<QNNL<NAR1A<<<<<<<<<<<<<<<<<<<",
  "P<UTOERIKSSNO<<MIMMNAN1A<<<<<<<<<<<<<<<<<<<",
  "P<UYOERIKSSO3<<ANMA<NAN1<<<<<<<<<<<<<<<<<<<",
  "P<UTUFRIK530<<NN5<NA1A<<<<<<<<<<<<<<<<<<<",
  "P<UYOERIKSSD3<<QNQA<NAN1A<<<<<<<<<<<<<<<<<<<",
  "P<U7OER1K850<<QNMA<NARIA<<<<<<<<<<<<<<<<<<<",
  "P<UTOERIKSSDN<<ANNA<MAHIA<<<<<<<<<<<<<<<<<<<",
];

/** Readings by tesseract variants (else PaddleOCR's: `paddle`). */
const read = (texts: string[], paddle = false) => texts.map((text) => ({ text, paddle }));

const candidate = td3Candidate;

describe("align", () => {
  it("gives each character of the line the reading's character there, and the reading's extra ones", () => {
    expect(align("ERRIKSSON", "ERIKSSON")).toMatchObject({
      distance: 1,
      at: ["E", "", "R", "I", "K", "S", "S", "O", "N"],
    });
    expect(align("PTWNLIN", "P<TWNLIN")).toMatchObject({ distance: 1, before: ["", "<", "", "", "", "", "", ""] });
  });
});

describe("outvotedLine (a name line's character no other reading has)", () => {
  it("drops a doubled letter and reads P< where every other reading does, the line keeping its length", () => {
    const out = outvotedLine("PZUTOERRIKSSON<<ANNA<MARIA<<<<<<<<<<<<<<<<<<", read(UTO_READINGS));
    expect(out?.line).toBe("P<UTOERIKSSON<<ANNA<MARIA<<<<<<<<<<<<<<<<<<<");
    expect(out?.changes).toEqual(["position 2 Z→<", "position 7 R dropped"]);
    // each character's glyph is where it was read: after the dropped R, one position on
    expect(out?.from.slice(5, 8)).toEqual([5, 7, 8]);
  });

  it("puts back a filler every other reading has, and drops the letter doubled after it", () => {
    const twn = ["P<TUNLIN<<CNIEN<SHENG", "P<THNLIN<<CNIEN<SHENG", "P<THNL1N<<CNIEN<SHENG", "P<TUUOLIN<<C3IEN<3HENG"];
    const out = outvotedLine("PTWNLLIN<<CHIEN<SHENG<<<<<<<<<<<<<<<<<<<<<<<", read(twn));
    // W stands: the others read U or H there, no three in four alike
    expect(out?.line).toBe("P<TWNLIN<<CHIEN<SHENG<<<<<<<<<<<<<<<<<<<<<<<");
  });

  it("takes a filler for a letter where a tesseract variant and PaddleOCR agree on it", () => {
    const [variant, paddle] = [
      "P<POLKOHALSKA<KHIATKOHSKA<<JOANNA<<<<<<<<<<<",
      "P<POLKOWALSKA<KWIATKOWSKA<<JOANNA<<<<<<<<<<<",
    ];
    const line = "PSPOLKOWALSKA<KWIATKOWSKA<<JOANNA<<<<<<<<<<<";
    expect(outvotedLine(line, [...read([variant]), ...read([paddle], true)])?.line).toBe(paddle);
    // PaddleOCR's band and whole image alone are one reader
    expect(outvotedLine(line, read([paddle, paddle], true))).toBeNull();
  });

  it("never outvotes a filler with a letter (PaddleOCR's K), nor drops a letter PaddleOCR alone dropped", () => {
    const peru = "CARDENAS<<JORGE<ANTHONY<<<<<<<";
    expect(outvotedLine(peru, read(["CARDENASKKJORGE<ANTHONYKKKKKKS", peru.replace("S<<", "S<K")]))).toBeNull();
    expect(outvotedLine("SPECIMEN<<SVEN<<<<<<<<<<<<<<<<", read(["SPECMEN<<SVEN<<<<<<<<<<<<<<<"], true))).toBeNull();
  });

  it("never drops a letter of no pair: glare leaves the other readings nothing where a word starts", () => {
    // a generated glare photo (hard set, seed 20261125): the variants garble MAR, PaddleOCR reads it whole
    const line = "P<D<<VAN<DEN<BOSSCHE<<MARIE<ANNE<<<<<<<<<<<<";
    const glare = ["<IE", "<<M1E", "<XWE", "<XIE", "<IE", "<IE", "<<NDIE"].map((w) => `P<D<<VAN<DEN<BOSSCHE${w}<ANNE`);
    const paddle = ["PDKVANKDENBOSSCHEKMARIEANNE", "PDKVAN<DEN<BOSSCHEMARIE<ANNE"];
    expect(outvotedLine(line, [...read(glare), ...read(paddle, true)])).toBeNull();
  });

  it("leaves letters against letters, a change fewer than three in four readings make, and a lone reading", () => {
    const line = "P<UTOERIKSSON<<ANNA<MARIA<<<<<<<<<<<<<<<<<<<";
    expect(outvotedLine(line, read(UTO_READINGS))).toBeNull(); // MAHIA, NARIA …: letters
    const ps = line.replace("P<", "PS");
    expect(outvotedLine(ps, read([line, line, ps, ps]))).toBeNull();
    expect(outvotedLine(ps, read([line]))).toBeNull();
    expect(outvotedLine(ps, read([line, line]))?.line).toBe(line);
  });

  it("leaves out a reading of something else, and a line whose end is no filler run", () => {
    const line = "P<UTOERIKSSON<<ANNA<MARIA<<<<<<<<<<<<<<<<<<<";
    expect(outvotedLine(line, read(["F5H59", "QQQQQQQQQQQQQQQQQQQQQQQQQQQQQQ"]))).toBeNull();
    // an Australian photo at 0.85x: the variants read noise and empty lines, PaddleOCR's band a cut line
    const aus = "P<AUSCITIZEN<<JAN<<<<<<<<<<<<<<<<<<<<<<<<<<<";
    const noise = ["", "", "PLRQSQXIXIELL3VXELL44444444444444444", "9USCXXXIGAQ4L3KE4LLL4LLL4444<4LLLL4C"];
    expect(outvotedLine(aus, [...read(noise), ...read(["P<AUSCITIZEN<<"], true)])).toBeNull();
    const full = "P<UTOERIKSSON<<ANNA<MARIABCDEFGHIJKLMNOPQRST";
    expect(outvotedLine(full, read([full.replace("ERIK", "ERRIK"), full.replace("ERIK", "ERRIK")]))).toBeNull();
  });
});

describe("outvotedNameLine", () => {
  it("outvotes the chosen reading's name line with each other source's nearest line", () => {
    const best = candidate("paddleocr", ["PZUTOERRIKSSON<<ANNA<MARIA<<<<<<<<<<<<<<<<<<", UTO_NUMBER]);
    const sources = UTO_READINGS.map((r, i) => ({ lines: [`NOISE${i}`, r, UTO_NUMBER], paddle: i === 6 }));
    expect(nearestLines(best.lines[0]!, sources).map((r) => r.text)).toEqual(UTO_READINGS);
    const out = outvotedNameLine(best, sources);
    expect(out.lines).toEqual(["P<UTOERIKSSON<<ANNA<MARIA<<<<<<<<<<<<<<<<<<<", UTO_NUMBER]);
    expect(readingHolds(out.result)).toBe(true);
    expect(out.result.fields.lastName).toBe("ERIKSSON");
    expect(out.repairs.at(-1)).toBe(
      "name line position 2 Z→<, position 7 R dropped (as nearly every other reading of the band)",
    );
  });

  it("keeps the reading when the others agree with it", () => {
    const best = candidate("binarise", ["P<UTOERIKSSON<<ANNA<MARIA<<<<<<<<<<<<<<<<<<<", UTO_NUMBER]);
    expect(
      outvotedNameLine(
        best,
        [1, 2, 3].map(() => ({ lines: best.lines, paddle: false })),
      ),
    ).toBe(best);
  });
});
