import { describe, expect, it } from "vitest";
import { repairSex, repairStates } from "./mrz-states";
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
