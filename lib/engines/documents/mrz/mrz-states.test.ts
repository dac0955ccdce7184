import { describe, expect, it } from "vitest";
import { repairStates } from "./mrz-states";
import { repairLines } from "./mrz-repair";
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
