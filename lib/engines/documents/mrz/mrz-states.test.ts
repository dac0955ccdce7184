import { describe, expect, it } from "vitest";
import { nameDigitsByGlyph, repairSex, repairStates } from "./mrz-states";
import { repairLines } from "./mrz-repair";
import { safeParse } from "./mrz-lines";
import { printedZone } from "@/lib/engines/documents/ocr/printed-zone";

describe("the state codes of an MRZ, repaired together", () => {
  it("gives both misread codes of a passport the one known code they are both near (not Tokelau's TKL)", () => {
    expect(repairStates("TNL", "THN")).toMatchObject({ issuing: "TWN", nationality: "TWN" });
    expect(repairStates("TWN", "THN")).toMatchObject({ issuing: "TWN", nationality: "TWN" });
  });

  it("leaves known codes, and ICAO's specimen state, as read; a permit's holder keeps another state", () => {
    expect(repairStates("USA", "GBR")).toMatchObject({ issuing: "USA", nationality: "GBR" });
    expect(repairStates("UTO", "UTO")).toMatchObject({ issuing: "UTO", nationality: "UTO" });
    expect(repairStates("NLD", "CNE")).toMatchObject({ issuing: "NLD", nationality: "CHE" });
  });

  it("prefers the state one look-alike away to the other code two characters away", () => {
    // a Swiss holder of an Indian card, CHE read CNE (N/H): not IND, two characters from CNE
    expect(repairStates("IND", "CNE")).toMatchObject({ issuing: "IND", nationality: "CHE" });
    expect(repairStates("CNE", "IND")).toMatchObject({ issuing: "CHE", nationality: "IND" });
    // NLD read NL0, the 0 taken for an O: NLD (O/D), not the issuer MCO
    expect(repairStates("MCO", "NLO")).toMatchObject({ issuing: "MCO", nationality: "NLD" });
    // a digit the autocorrection leaves: BWA read BW4 beside ZWE
    expect(repairStates("ZWE", "BW4")).toMatchObject({ issuing: "ZWE", nationality: "BWA" });
    // two states one look-alike away (CRI read GRI: CRI, GRL): neither, nor the other code two characters away
    expect(repairStates("PRY", "GRI")).toMatchObject({ issuing: "PRY", nationality: "GRI" });
    // one look-alike from a code that names no state (GBO, a British Overseas citizen): not the issuer LBR either
    expect(repairStates("LBR", "CBO")).toMatchObject({ issuing: "LBR", nationality: "CBO" });
    // with no state one look-alike away, two characters from the other code still take it
    expect(repairStates("TWN", "ZWX")).toMatchObject({ issuing: "TWN", nationality: "TWN" });
  });

  it("repairs into no UNMIK code: DNK read ONK is Denmark's (UNK is one look-alike away too)", () => {
    expect(repairStates("VAT", "ONK")).toMatchObject({ issuing: "VAT", nationality: "DNK" });
    // printed, UNK is kept as it is
    expect(repairStates("UNK", "UNK")).toMatchObject({ issuing: "UNK", nationality: "UNK" });
  });

  it("keeps the codes ICAO lists that name no state: a BN(O) passport's GBN is no misread of its issuer GBR", () => {
    expect(repairStates("GBR", "GBN")).toMatchObject({ issuing: "GBR", nationality: "GBN" });
    expect(repairStates("GBR", "GBD")).toMatchObject({ issuing: "GBR", nationality: "GBD" });
    expect(repairStates("D<<", "XXA")).toMatchObject({ issuing: "D<<", nationality: "XXA" });
    expect(repairStates("UNO", "FRA")).toMatchObject({ issuing: "UNO", nationality: "FRA" });
    // a code ICAO does not list, one character from the issuer, is still the issuer's
    expect(repairStates("GBR", "GBH")).toMatchObject({ issuing: "GBR", nationality: "GBR" });
  });

  it("keeps a nationality printed as digits as printed (no check digit covers it; 'I3Z' is no truer)", () => {
    const lines = ["IDROUSAVA<<SUPERMAN<<<<<<<<<<<<<<<<<", "HD198025<51328505095M130509012049941"];
    expect(repairLines("TD2", lines, printedZone([])).lines).toEqual(lines);
  });
});

describe("the sex of an MRZ", () => {
  it("reads a letter that is no sex code as the one sex code it looks like, and leaves the rest as read", () => {
    expect(["H", "N", "W", "E", "P", "K"].map(repairSex)).toEqual(["M", "M", "M", "F", "F", "X"]);
    expect(["M", "F", "X", "<", "Q", "8"].map(repairSex)).toEqual(["M", "F", "X", "<", "Q", "8"]);
  });

  it("repairs it in a reading, saying so (a Peruvian card's bold M read as H)", () => {
    const card = ["I<PER70275722<2<<<<<<<<<<<<<<<", "8906120H2107165PER<<<<<<<<<<<8", "CARDENAS<<JORGE<ANTHONY<<<<<<<"];
    const { lines, repairs } = repairLines("TD1", card, printedZone([]));
    expect(lines[1]).toBe("8906120M2107165PER<<<<<<<<<<<8");
    expect(repairs).toContain("sex H → M (the only sex code it looks like)");
    expect(safeParse(lines)?.valid).toBe(true);
  });
});

describe("a digit read in the name", () => {
  // a 282-px Swiss card: tesseract read QUO as 0U0, which the field's character class makes OUO
  const card = ["IDCHES0002068<8<<<<<<<<<<<<<<<", "8102287F1301014CHE<<<<<<<<<<<4", "VADIS<<0U0<<<<<<<<<<<<<<<<<<<<"];
  const glyphs =
    (at: Record<number, Record<string, number>>) =>
    (line: number, position: number): ReadonlyMap<string, number> | null =>
      line === 2 && at[position] ? new Map(Object.entries(at[position])) : null;
  const swiss = { 7: { Q: 0.53, "9": 0.37, O: 0.37 }, 9: { O: 0.6, D: 0.58, Q: 0.49 } };

  it("becomes the letter of its look-alikes that its glyph is, when the glyph clearly is one", () => {
    const { lines, repairs } = repairLines("TD1", card, printedZone([]), glyphs(swiss));
    expect(lines[2]).toBe("VADIS<<QUO<<<<<<<<<<<<<<<<<<<<");
    expect(repairs).toContain("line 3 position 8 0→Q (a digit in the name: the letter its glyph is)");
    expect(nameDigitsByGlyph("TD1", card, card, glyphs(swiss)).changes).toEqual([]); // nothing autocorrected to a letter
  });

  it("stays the field's letter where the glyph says nothing or prefers it, or there is no glyph", () => {
    for (const shapes of [glyphs({ 7: { Q: 0.45, O: 0.3 } }), glyphs({ 7: { Q: 0.55, O: 0.6 } }), glyphs({})]) {
      expect(repairLines("TD1", card, printedZone([]), shapes).lines[2]).toBe("VADIS<<OUO<<<<<<<<<<<<<<<<<<<<");
    }
    expect(repairLines("TD1", card, printedZone([])).lines[2]).toBe("VADIS<<OUO<<<<<<<<<<<<<<<<<<<<");
  });
});
