import { describe, expect, it } from "vitest";
import { printedZone } from "@/lib/engines/documents/ocr/printed-zone";
import { checkDigit } from "./icao";
import { pairedCandidate, PAIRED_DIFFERENCES } from "./paddle-readings";

// PaddleOCR's band and whole-image readings combined where neither holds alone (read-mrz.ts, step 3b).

const zone = printedZone([]);
const box = (y: number) => [
  [0, y],
  [400, y],
  [400, y + 10],
  [0, y + 10],
];
const paddle = (...lines: string[]) => lines.map((text, i) => ({ text, mean: 0.92, box: box(20 * i) }));

// ICAO 9303-7's specimen visa (MRV-A), every check digit holding; a visa has no composite check digit
const V1 = "V<UTOERIKSSON<<ANNA<MARIA<<<<<<<<<<<<<<<<<<<";
const V2 = "L8988901C4XXX4009078F96121096ZE184226B<<<<<<";
const at = (line: string, i: number, ch: string) => line.slice(0, i) + ch + line.slice(i + 1);

describe("pairedCandidate", () => {
  it("takes each differing digit from the reading that makes the check digit hold", () => {
    // the expiry 961210 read 911210 in the band and 861210 in the whole image: only 961210, one digit from each, holds
    const band = paddle(V1, at(V2, 22, "1"));
    const whole = paddle(V1, at(V2, 21, "8"));
    const c = pairedCandidate(band, whole, zone);
    expect(c?.lines).toEqual([V1, V2]);
    expect(c?.repairs.at(-1)).toMatch(/combined/);
  });

  it("takes a filler the other reading has where a known state code needs it", () => {
    // Germany's code `D<<`: the band read a filler as K (`D<K`), the whole image read it; the expiry as above
    const G1 = "V<D<<ERIKSSON<<ANNA<MARIA<<<<<<<<<<<<<<<<<<<";
    const c = pairedCandidate(paddle(at(G1, 4, "K"), at(V2, 22, "1")), paddle(G1, at(V2, 21, "8")), zone);
    expect(c?.lines).toEqual([G1, V2]);
  });

  it("reads nothing where both readings agree on a zone whose check digit fails (printed wrong)", () => {
    const wrong = at(V2, 27, "7");
    expect(pairedCandidate(paddle(V1, wrong), paddle(V1, wrong), zone)).toBeNull();
  });

  it("reads nothing where combinations hold with different digits", () => {
    // two document numbers, each with its own check digit holding: the check digits cannot choose
    const other = "L8988902";
    const v2b = `${other}${"<"}${checkDigit(`${other}<`)}${V2.slice(10)}`;
    const band = paddle(V1, at(V2, 22, "1"));
    const whole = paddle(V1, at(v2b, 21, "8"));
    expect(pairedCandidate(band, whole, zone)).toBeNull();
  });

  it("reads nothing where one reading has a filler and the other a character, where a check digit covers", () => {
    // ICAO's specimen passport at 0.75× (mrz-specimens): both readings took ZE184226B for 2E1842268, and the band
    // read two of the fillers after it as C6 — a combination with its C held by accident
    const P1 = "P<UTOERIKSSON<<ANNA<MARIA<<<<<<<<<<<<<<<<<<<";
    const band = paddle(P1, "L898902C360T07408122F12041592E1842268<C610");
    const whole = paddle(P1, "L8989020360T07408122F12041592E1842268<<<<<10");
    expect(pairedCandidate(band, whole, zone)).toBeNull();
  });

  it(`reads nothing where the readings differ in more than ${PAIRED_DIFFERENCES} positions`, () => {
    const band = paddle(V1, at(V2, 22, "1"));
    const whole = paddle(V1.replace("ERIKSSON<<ANNA", "EPIXSS0N<<AMMA"), at(V2, 21, "8"));
    expect(pairedCandidate(band, whole, zone)).toBeNull();
  });
});
