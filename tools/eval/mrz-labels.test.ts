import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { compareWithLabel, declaredOf, isGenuine, readLabels, type MrzLabel } from "./mrz-labels";

// ICAO 9303-4's specimen passport zone (Utopia), public: the evaluation's comparison on known lines.
const ICAO = ["P<UTOERIKSSON<<ANNA<MARIA<<<<<<<<<<<<<<<<<<<", "L898902C36UTO7408122F1204159ZE184226B<<<<<10"];
const label: MrzLabel = { image: "a.png", format: "TD3", lines: ICAO, printHolds: true };

describe("the evaluation's labels", () => {
  it("reads labels.csv (quoted notes, empty third line, the three validity states)", () => {
    const dir = mkdtempSync(path.join(tmpdir(), "mrz-labels-"));
    writeFileSync(
      path.join(dir, "labels.csv"),
      "image,format,line1,line2,line3,all_check_digits_valid,notes\n" +
        `a.png,TD3,${ICAO[0]},${ICAO[1]},,True,"a note, with a comma"\n` +
        "b.png,TD3,x,y,,False,\n" +
        "c.jpg,NONE,,,,,\n",
    );
    const labels = readLabels(dir)!;
    expect(labels.map((l) => [l.image, l.lines.length, l.printHolds, isGenuine(l)])).toEqual([
      ["a.png", 2, true, true],
      ["b.png", 2, false, false],
      ["c.jpg", 0, null, false],
    ]);
    expect(readLabels(path.join(dir, "absent"))).toBeNull();
  });

  it("compares the whole zone and each field; a misread name letter is caught though every digit holds", () => {
    expect(compareWithLabel(label, ICAO)).toEqual({
      exact: true,
      fields: { documentNumber: true, lastName: true, firstName: true, birthDate: true, expirationDate: true },
    });
    const misread = [ICAO[0]!.replace("ERIKSSON", "ERIKSSQN"), ICAO[1]!];
    expect(compareWithLabel(label, misread)).toMatchObject({
      exact: false,
      fields: { lastName: false, documentNumber: true },
    });
    expect(compareWithLabel(label, null)).toMatchObject({ exact: false, fields: { documentNumber: false } });
  });

  it("declares what an end user would: the type the document code names and the issuing state's country", () => {
    expect(declaredOf(label)).toEqual({ type: "PASSPORT", country: null });
    expect(declaredOf({ ...label, lines: ["V<USA" + "<".repeat(39)] })).toEqual({ type: "VISA", country: "US" });
    expect(declaredOf({ ...label, lines: ["IRNLD" + "<".repeat(25)] }).type).toBe("RESIDENCE_PERMIT");
    expect(declaredOf({ ...label, lines: ["IDD<<" + "<".repeat(25)] })).toEqual({ type: "NATIONAL_ID", country: "DE" });
  });
});
