import { describe, expect, it } from "vitest";
import { drawnBand } from "@/test/mrz-bands";
import { printedZone } from "@/lib/engines/documents/ocr/printed-zone";
import { boxedReading } from "./glyph-grid";
import { candidateOf, shapeLookup } from "./mrz-candidates";
import { crossCheckName } from "./name-crosscheck";
import { lettersByTwoLooks, withLookedLetters } from "./name-glyphs";

// The Swedish identity card of the development specimens (TD1): at 0.85x and 1.15x every tesseract variant read its
// OCR-B M as H (`SPECIHEN`), and no other reader read an M there.
const CARD = ["I<SWE59000002<8198703142391<<<", "8703145M1701027SWE<<<<<<<<<<<8", "SPECIMEN<<SVEN<<<<<<<<<<<<<<<<"];
const withName = (name: string) => [CARD[0]!, CARD[1]!, name.padEnd(30, "<")];

/** The zone drawn as `printed` and read by tesseract as `read`, with its glyphs at tesseract's boxes. */
async function reading(printed: string[], read: string[]) {
  const { grey, page } = await drawnBand(printed, 48, 2.5, read);
  const candidate = candidateOf("binarise", read.join("\n"), 90, printedZone([]), (p) =>
    shapeLookup(page, grey, 1, p),
  )!;
  return { grey, boxed: boxedReading(page, 1), candidate };
}

describe("lettersByTwoLooks: a name's letter where its box and its cell on the pitch both prefer another", () => {
  it("proposes the M both looks at the print prefer to SPECIHEN's H", async () => {
    const { grey, boxed, candidate } = await reading(CARD, withName("SPECIHEN<<SVEN"));
    expect(lettersByTwoLooks(candidate, grey, boxed)).toEqual([{ position: 5, read: "H", letter: "M" }]);
  }, 60_000);

  it("proposes nothing for a name read right, or read off by more letters than MAX_CHANGES (a shifted reading)", async () => {
    const right = await reading(CARD, CARD);
    expect(lettersByTwoLooks(right.candidate, right.grey, right.boxed)).toEqual([]);
    const shifted = await reading(CARD, withName("SPECIEN<<SVEN"));
    expect(lettersByTwoLooks(shifted.candidate, shifted.grey, shifted.boxed)).toEqual([]);
  }, 60_000);

  it("proposes nothing without the band's boxed reading to place the cells", async () => {
    const { grey, candidate } = await reading(CARD, withName("SPECIHEN<<SVEN"));
    expect(lettersByTwoLooks(candidate, grey, null)).toEqual([]);
  }, 60_000);
});

describe("withLookedLetters: the looked letters taken only in words the page did not print", () => {
  const field = withName("SPECIHEN<<SVEN")[2]!;
  const looked = [{ position: 5, read: "H", letter: "M" }];

  it("takes them in a word the page's name check left unread, and says so", () => {
    const check = crossCheckName(field, printedZone([]), false);
    expect(withLookedLetters(field, 0, looked, check)).toEqual({
      value: CARD[2],
      repairs: [
        "name SPECIHEN position 6 H→M (unread on the page; the glyph at its box and its cell on the pitch agree)",
      ],
    });
  });

  it("leaves a word the page prints as read, and a name the page check repaired", () => {
    const printed = crossCheckName(field, printedZone(["SPECIHEN", "SVEN"]), true);
    expect(withLookedLetters(field, 0, looked, printed)).toBeNull();
    const words = ["SPECIMEN", "SVEN"].map((text) => ({ text, confidence: 95 }));
    const repaired = crossCheckName(field, printedZone(["SPECIMEN SVEN"], words), true);
    expect(repaired.repaired).not.toBeNull();
    expect(withLookedLetters(field, 0, looked, repaired)).toBeNull();
  });
});
