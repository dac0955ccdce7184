import { describe, expect, it } from "vitest";
import { seededRandom } from "@/test/document-images";
import { MAX_AAMVA_LENGTH, parseAamva, type AamvaReading } from "./aamva";
import { jurisdictionOfIin } from "./aamva-jurisdictions";

// Payloads built the way the standard lays them out (header, subfile directory with true offsets, subfiles), one
// per version with that version's quirks, then broken every way real scanners and cards break them.

const LF = "\n";
const RS = "\x1e";
const CR = "\r";

type Subfile = { type: string; elements: [string, string][] };

/** An AAMVA text: versions 0–1 have no jurisdiction version in the header. */
function payload(iin: string, version: number, subfiles: Subfile[], options: { jurisdictionVersion?: string } = {}) {
  const bodies = subfiles.map((s) => s.type + s.elements.map(([d, v]) => d + v).join(LF) + CR);
  const head = `@${LF}${RS}${CR}ANSI ${iin}${String(version).padStart(2, "0")}${
    version >= 2 ? (options.jurisdictionVersion ?? "00") : ""
  }${String(subfiles.length).padStart(2, "0")}`;
  let offset = head.length + subfiles.length * 10;
  const directory = subfiles
    .map((s, i) => {
      const entry = `${s.type}${String(offset).padStart(4, "0")}${String(bodies[i]!.length).padStart(4, "0")}`;
      offset += bodies[i]!.length;
      return entry;
    })
    .join("");
  return head + directory + bodies.join("");
}

const read = (text: string): AamvaReading => {
  const result = parseAamva(text);
  if (!result.ok) throw new Error(result.error);
  return result.reading;
};

// the AAMVA 2020 standard's example card (Annex D): California, version 10
const CALIFORNIA: [string, string][] = [
  ["DCA", "C"],
  ["DCB", "NONE"],
  ["DCD", "NONE"],
  ["DBA", "08312030"],
  ["DCS", "PUBLIC"],
  ["DAC", "JOHN"],
  ["DAD", "QUINCY"],
  ["DBD", "08312020"],
  ["DBB", "01311970"],
  ["DBC", "1"],
  ["DAY", "BRO"],
  ["DAU", "069 IN"],
  ["DAG", "789 E OAK ST"],
  ["DAI", "ANYTOWN"],
  ["DAJ", "CA"],
  ["DAK", "902230000  "],
  ["DAQ", "D1234562"],
  ["DCF", "83D9BN217QO983B1"],
  ["DCG", "USA"],
  ["DDE", "N"],
  ["DDF", "N"],
  ["DDG", "N"],
];

describe("parseAamva", () => {
  it("reads a version 10 California licence completely", () => {
    const r = read(payload("636014", 10, [{ type: "DL", elements: CALIFORNIA }]));
    expect(r).toMatchObject({
      version: 10,
      iin: "636014",
      jurisdiction: { code: "CA", name: "California", country: "US" },
      jurisdictionVersion: 0,
      documentType: "DL",
      lastName: "PUBLIC",
      firstName: "JOHN",
      middleName: "QUINCY",
      fullName: "JOHN QUINCY PUBLIC",
      dateOfBirth: "1970-01-31",
      expiryDate: "2030-08-31",
      issueDate: "2020-08-31",
      sex: "M",
      documentNumber: "D1234562",
      documentDiscriminator: "83D9BN217QO983B1",
      country: "US",
      address: {
        street: "789 E OAK ST",
        street2: null,
        city: "ANYTOWN",
        province: "CA",
        postalCode: "90223",
        country: "US",
      },
      warnings: [],
    });
    expect(r.subfiles).toEqual([{ type: "DL", offset: 31, length: expect.any(Number) }]);
  });

  it.each([
    [
      1,
      [
        ["DAA", "PUBLIC,JOHN,QUINCY"],
        ["DBB", "19700131"],
        ["DBA", "20300131"],
        ["DAQ", "123"],
      ],
    ],
    [
      2,
      [
        ["DCS", "PUBLIC"],
        ["DCT", "JOHN,QUINCY"],
        ["DBB", "01311970"],
        ["DBA", "01312030"],
        ["DAQ", "123"],
      ],
    ],
    [
      3,
      [
        ["DCS", "PUBLIC"],
        ["DCT", "JOHN QUINCY"],
        ["DBB", "01311970"],
        ["DBA", "01312030"],
        ["DAQ", "123"],
      ],
    ],
    ...[4, 5, 6, 7, 8, 9, 10].map(
      (v) =>
        [
          v,
          [
            ["DCS", "PUBLIC"],
            ["DAC", "JOHN"],
            ["DAD", "QUINCY"],
            ["DBB", "01311970"],
            ["DBA", "01312030"],
            ["DAQ", "123"],
          ],
        ] as const,
    ),
  ] as [number, [string, string][]][])("reads version %i's names and dates", (version, elements) => {
    const r = read(payload("636001", version, [{ type: "DL", elements }]));
    expect(r).toMatchObject({
      version,
      jurisdictionVersion: version >= 2 ? 0 : null,
      lastName: "PUBLIC",
      firstName: "JOHN",
      middleName: "QUINCY",
      dateOfBirth: "1970-01-31",
      expiryDate: "2030-01-31",
      documentNumber: "123",
      jurisdiction: { code: "NY", country: "US" },
    });
    expect(r.warnings).toEqual([]);
  });

  it("reads a Canadian card's dates year first, its postal code spaced, and an ID (not DL) card", () => {
    const r = read(
      payload("636012", 8, [
        {
          type: "ID",
          elements: [
            ["DAQ", "P1234-56789-01234"],
            ["DCS", "TREMBLAY"],
            ["DAC", "ELODIE"],
            ["DAD", "NONE"],
            ["DBB", "19850412"],
            ["DBA", "20310412"],
            ["DBC", "2"],
            ["DAG", "120 KING ST W"],
            ["DAI", "TORONTO"],
            ["DAJ", "ON"],
            ["DAK", "M5H1J9"],
            ["DCG", "CAN"],
          ],
        },
      ]),
    );
    expect(r).toMatchObject({
      documentType: "ID",
      country: "CA",
      jurisdiction: { code: "ON", name: "Ontario", country: "CA" },
      middleName: null,
      fullName: "ELODIE TREMBLAY",
      dateOfBirth: "1985-04-12",
      expiryDate: "2031-04-12",
      sex: "F",
      address: { postalCode: "M5H 1J9", province: "ON", country: "CA" },
    });
  });

  it("keeps a ZIP+4 and drops an empty +4", () => {
    const zip = (value: string) =>
      read(
        payload("636015", 9, [
          {
            type: "DL",
            elements: [
              ["DAQ", "1"],
              ["DAK", value],
            ],
          },
        ]),
      ).address?.postalCode;
    expect(zip("787011234")).toBe("78701-1234");
    expect(zip("78701-0000")).toBe("78701");
    expect(zip("78701     ")).toBe("78701");
  });

  it("takes the DL subfile and ignores designators inside a jurisdiction subfile or inside a value", () => {
    const text = payload("636014", 10, [
      {
        type: "DL",
        elements: [
          ["DAQ", "D7"],
          ["DCS", "ROE"],
          ["DAG", "1 DAC STREET"],
          ["DBB", "02291992"],
        ],
      },
      {
        type: "ZC",
        elements: [
          ["ZCA", "X"],
          ["DAC", "EVIL"],
          ["DCS", "MALLORY"],
        ],
      },
    ]);
    const r = read(text);
    expect(r).toMatchObject({ lastName: "ROE", firstName: null, dateOfBirth: "1992-02-29" });
    expect(r.address?.street).toBe("1 DAC STREET");
    expect(r.elements).not.toHaveProperty("ZCA");
    expect(r.subfiles.map((s) => s.type)).toEqual(["DL", "ZC"]);
  });

  it("tolerates offsets a few bytes off, a missing '@', CRLF line ends, lowercase designators and trailing NULs", () => {
    const good = payload("636014", 10, [{ type: "DL", elements: CALIFORNIA }]);
    const shifted = good.replace(/DL00(\d\d)/, (_, n: string) => `DL00${String(Number(n) - 3).padStart(2, "0")}`);
    const r1 = read(shifted);
    expect(r1.documentNumber).toBe("D1234562");
    expect(r1.warnings.join()).toMatch(/not at its directory offset/);
    const r2 = read(good.slice(1));
    expect(r2.lastName).toBe("PUBLIC");
    const r3 = read(good.replace(/\n/g, "\r\n"));
    expect(r3.lastName).toBe("PUBLIC");
    expect(r3.dateOfBirth).toBe("1970-01-31");
    expect(read(good.replace("DCSPUBLIC", "dcsPUBLIC")).lastName).toBe("PUBLIC");
    expect(read(good + "\0\0\0").lastName).toBe("PUBLIC");
  });

  it("keeps the first of two values, warns of a date in the other order and of a truncated name", () => {
    const r = read(
      payload("636014", 10, [
        {
          type: "DL",
          elements: [
            ["DAQ", "1"],
            ["DCS", "FIRSTVALUE"],
            ["DCS", "SECOND"],
            ["DBB", "19700131"],
            ["DDE", "T"],
          ],
        },
      ]),
    );
    expect(r.lastName).toBe("FIRSTVALUE");
    expect(r.dateOfBirth).toBe("1970-01-31");
    expect(r.warnings).toEqual([
      "DCS appears twice: the first value is kept",
      "the family name is truncated on the card",
      "the date of birth is written CCYYMMDD, not as this card's MMDDCCYY",
    ]);
  });

  it("refuses, without throwing, what is no AAMVA card", () => {
    const good = payload("636014", 10, [{ type: "DL", elements: CALIFORNIA }]);
    for (const [text, error] of [
      ["", /empty/],
      ["@", /no AAMVA header/],
      ["hello world", /no AAMVA header/],
      [good.slice(0, 14), /truncated/],
      [good.slice(0, 27), /no DL or ID subfile/],
      [payload("636014", 10, [{ type: "ZC", elements: [["ZCA", "1"]] }]), /no DL or ID subfile/],
      [payload("636014", 10, [{ type: "DL", elements: [["DAY", "BRO"]] }]), /no document number, name or date/],
      ["@\n\x1e\rANSI " + "6".repeat(MAX_AAMVA_LENGTH), /too long/],
    ] as const)
      expect(parseAamva(text)).toEqual({ ok: false, error: expect.stringMatching(error) });
  });

  it("reads a subfile with no terminator, and directory lengths past the end", () => {
    const good = payload("636014", 10, [{ type: "DL", elements: CALIFORNIA }]);
    const r = read(good.slice(0, -1));
    expect(r.documentNumber).toBe("D1234562");
    expect(r.warnings.join()).toMatch(/no segment terminator/);
    expect(read(good.replace(/DL(\d{4})(\d{4})/, "DL$19999")).lastName).toBe("PUBLIC");
  });

  it("never throws on 3,000 random mutations and truncations of a valid card", () => {
    const good = payload("636014", 10, [
      { type: "DL", elements: CALIFORNIA },
      { type: "ZC", elements: [["ZCA", "X"]] },
    ]);
    const rng = seededRandom(1414);
    let ok = 0;
    for (let n = 0; n < 3000; n++) {
      const chars = [...good];
      const edits = 1 + Math.floor(rng() * 6);
      for (let e = 0; e < edits; e++) {
        const at = Math.floor(rng() * chars.length);
        const kind = rng();
        if (kind < 0.4) chars[at] = String.fromCharCode(Math.floor(rng() * 256));
        else if (kind < 0.7) chars.splice(at, 1);
        else chars.splice(at, 0, String.fromCharCode(Math.floor(rng() * 128)));
      }
      const text = rng() < 0.3 ? chars.slice(0, Math.floor(rng() * chars.length)).join("") : chars.join("");
      const result = parseAamva(text);
      expect(typeof result.ok).toBe("boolean");
      if (result.ok) {
        ok++;
        expect(["DL", "ID"]).toContain(result.reading.documentType);
        for (const date of [result.reading.dateOfBirth, result.reading.expiryDate])
          if (date) expect(date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      }
    }
    // most single-byte damage leaves the card readable: the parser is tolerant, not brittle
    expect(ok).toBeGreaterThan(1000);
  });
});

describe("jurisdictionOfIin", () => {
  it("knows the states, provinces and territories by their issuer numbers", () => {
    expect(jurisdictionOfIin("636015")).toEqual({ code: "TX", name: "Texas", country: "US" });
    expect(jurisdictionOfIin("604428")).toEqual({ code: "QC", name: "Quebec", country: "CA" });
    expect(jurisdictionOfIin("636043")?.code).toBe("DC");
    expect(jurisdictionOfIin("999999")).toBeNull();
  });
});
