import { describe, expect, it } from "vitest";
import { parseAamva, type AamvaReading } from "./aamva";
import { jurisdictionOfCode } from "./aamva-jurisdictions";

// The ways real barcode texts stray from the standard (seen in scanner captures and on real cards), each on a small
// hand-made payload of an invented person: separators replaced or dropped, control characters typed as letters,
// undefined characters around lines, subfiles without their marker, version 1's own elements, issuers' own ways of
// writing names, heights and weights, and issuer numbers AAMVA never assigned.

const LF = "\n";
const RS = "\x1e";
const CR = "\r";

/** A standard payload: "@" LF RS CR, the header and directory with true offsets, one DL and one ZX subfile. */
function card(elements: string[], options: { iin?: string; version?: number; jurisdiction?: string[] } = {}) {
  const version = options.version ?? 8;
  const dl = `DL${elements.join(LF)}${CR}`;
  const z = `ZX${(options.jurisdiction ?? ["ZXA1"]).join(LF)}${CR}`;
  const head = `@${LF}${RS}${CR}ANSI ${options.iin ?? "636045"}${String(version).padStart(2, "0")}${version >= 2 ? "00" : ""}02`;
  const at = head.length + 20;
  const entry = (type: string, offset: number, body: string) =>
    `${type}${String(offset).padStart(4, "0")}${String(body.length).padStart(4, "0")}`;
  return head + entry("DL", at, dl) + entry("ZX", at + dl.length, z) + dl + z;
}

const WASHINGTON = [
  "DAQWDLQ7Z2K9P4M1",
  "DCSOKONKWO",
  "DACADAEZE",
  "DADCHIOMA",
  "DBD03152022",
  "DBB11021988",
  "DBA11022030",
  "DBC2",
  "DAU064 IN",
  "DAYBRO",
  "DAG4410 ALDER CREST LN",
  "DAIOLYMPIA",
  "DAJWA",
  "DAK985010000  ",
  "DCF7Q2K9W0X",
  "DCGUSA",
  "DDEN",
  "DDFN",
  "DDGN",
  "DDB09012020",
];
// a jurisdiction subfile whose designators must never be read as the card's
const DECOY = ["ZXADCSMALLORY", "ZXBDACEVE"];

const read = (text: string): AamvaReading => {
  const result = parseAamva(text);
  if (!result.ok) throw new Error(result.error);
  return result.reading;
};

const IDENTITY = {
  lastName: "OKONKWO",
  firstName: "ADAEZE",
  middleName: "CHIOMA",
  dateOfBirth: "1988-11-02",
  expiryDate: "2030-11-02",
  issueDate: "2022-03-15",
  revisionDate: "2020-09-01",
  documentNumber: "WDLQ7Z2K9P4M1",
  sex: "F",
  address: { street: "4410 ALDER CREST LN", city: "OLYMPIA", province: "WA", postalCode: "98501", country: "US" },
};

describe("parseAamva on texts whose separators are not the header's", () => {
  const good = card(WASHINGTON, { jurisdiction: DECOY });

  it("reads the standard text itself without a warning", () => {
    const r = read(good);
    expect(r).toMatchObject(IDENTITY);
    expect(r.warnings).toEqual([]);
  });

  it.each([
    ["every CR turned into LF (@ LF RS LF)", good.replaceAll(CR, LF)],
    ["RS dropped and CR turned into LF (@ LF LF)", good.replace(RS, "").replaceAll(CR, LF)],
    ["CR turned into CRLF", good.replaceAll(CR, CR + LF)],
    ["every LF turned into CR (CR between elements too)", good.replaceAll(LF, CR)],
    ["RS and CR typed as letters (@ LF 6 M), no CR left", good.replace(`${RS}${CR}`, "6M").replaceAll(CR, "M")],
    [
      "the header's separators typed as other letters (@ac), no RS",
      good.replace(`${LF}${RS}${CR}`, "ac").replaceAll(CR, LF),
    ],
    ["undefined characters (0x90) around every line", good.replace(/\n/g, "\x90\n\x90")],
    ["leading whitespace before the @", `  ${good.replaceAll(CR, LF)}`],
    [
      "a web browser's keyboard capture (@ CR LF RS, then CRLF line ends)",
      good.replace(`@${LF}${RS}${CR}`, `@${CR}${LF}${RS}`).replaceAll(LF, CR + LF),
    ],
    ["spaces before every line's designator", good.replaceAll(LF, `${LF}  `)],
    ['two spaces after the file type ("ANSI  636045")', good.replace("ANSI ", "ANSI  ")],
  ])("reads every field when %s", (_, text) => {
    const r = read(text);
    expect(r).toMatchObject(IDENTITY);
    expect(r.elements).not.toHaveProperty("ZXA");
    expect(r.lastName).toBe("OKONKWO");
    if (text !== good) expect(r.warnings.length).toBeGreaterThan(0);
  });

  // Colorado writes the subfile's marker on a line of its own ("DL" LF "DCA…"); a capture may end that line with
  // CRLF or with spaces before it. The directory's offset is zero here (as on Ontario's cards): the marker itself
  // must be found.
  it.each([
    ["LF", `DL${LF}`],
    ["CRLF", `DL${CR}${LF}`],
    ["spaces, then LF", `DL   ${LF}`],
  ])("finds a marker on its own line ending in %s", (_, marker) => {
    const r = read(good.replace(/DL\d{4}(\d{4}ZX\d{8})DL/, `DL0000$1${marker}`));
    expect(r).toMatchObject({ documentType: "DL", ...IDENTITY });
    expect(r.warnings.join()).not.toMatch(/no "DL" marker/);
  });

  it("says which separators the header declared when they are not LF RS CR", () => {
    expect(read(good.replaceAll(CR, LF)).warnings[0]).toMatch(/separators are LF RS LF, not LF RS CR/);
    expect(read(good.replace(RS, "")).warnings[0]).toMatch(/separators are LF CR, not LF RS CR/);
  });

  it("drops a CR typed as M only where it ends a date glued to the next subfile, never from a value", () => {
    const glued = good.replace(`DDB09012020${CR}`, "DDB09012020M").replaceAll(CR, LF);
    const r = read(glued);
    expect(r.revisionDate).toBe("2020-09-01");
    expect(r.warnings.join()).toMatch(/typed as a letter/);
    // a number ending in M at the end of the subfile is the number
    const number = card(["DCSOKONKWO", "DBB11021988", "DAQWDL1234M"]).replaceAll(CR, LF);
    expect(read(number).documentNumber).toBe("WDL1234M");
  });
});

describe("parseAamva on subfiles found without their directory", () => {
  it('finds a subfile with no "DL" marker by its first element (older Connecticut and West Virginia cards)', () => {
    const text = card(WASHINGTON, { jurisdiction: DECOY }).replace(/(ZX\d{8})DL/, "$1");
    const r = read(text);
    expect(r).toMatchObject({ documentType: "DL", ...IDENTITY });
    expect(r.warnings.join()).toMatch(/no "DL" marker/);
  });

  it("reads a version 1 card: AAMVA file type, no marker, DAA full name, DAL residence address, CCYYMMDD dates", () => {
    const v1 = [
      "DAAOKONKWO,ADAEZE,CHIOMA,JR",
      "DALP O BOX 77",
      "DAMAPT 4",
      "DANSALEM",
      "DAOOR",
      "DAP973010000",
      "DAQ7744120",
      "DBB19881102",
      "DBA20301102",
      "DBD20220315",
      "DBC2",
      "DAU511",
      "DAW140",
      "DARC",
      "DASB",
      "DATM",
      "DBHY",
    ];
    const text = `@${LF}${RS}${CR}AAMVA6360290101DL00290200${v1.join(LF)}${CR}`;
    const r = read(text);
    expect(r).toMatchObject({
      version: 1,
      jurisdiction: { code: "OR", name: "Oregon" },
      lastName: "OKONKWO",
      firstName: "ADAEZE",
      middleName: "CHIOMA",
      suffix: "JR",
      fullName: "ADAEZE CHIOMA OKONKWO JR",
      dateOfBirth: "1988-11-02",
      expiryDate: "2030-11-02",
      address: { street: "P O BOX 77", street2: "APT 4", city: "SALEM", province: "OR", postalCode: "97301" },
      physical: { height: { value: 71, unit: "in" }, weight: { pounds: 140, kilograms: null, range: null } },
      licence: { vehicleClass: "C", restrictions: "B", endorsements: "M" },
      organDonor: true,
    });
  });

  it('never takes a "DL" inside the first value for the marker of a subfile that has none', () => {
    const text = card(["DAADLUGOSZ,MAREK,J", "DAQ4411", "DBB19800101"], { version: 1 }).replace(/(ZX\d{8})DL/, "$1");
    expect(read(text)).toMatchObject({ lastName: "DLUGOSZ", firstName: "MAREK", documentNumber: "4411" });
  });

  it("never reads the subfile's marker and first element as one more directory entry", () => {
    const text = card(WASHINGTON).replace(/(ANSI 636045\d{4})02/, "$103");
    const r = read(text);
    expect(r).toMatchObject({ documentNumber: "WDLQ7Z2K9P4M1", subfiles: [{ type: "DL" }, { type: "ZX" }] });
    expect(r.warnings.join()).toMatch(/directory ends after 2 of 3 entries/);
  });

  it("reads a directory whose offset is written in letters (Alberta)", () => {
    const text = card(WASHINGTON).replace(/DL\d{4}(\d{4})/, "DLabac$1");
    expect(read(text)).toMatchObject({ documentNumber: "WDLQ7Z2K9P4M1", subfiles: [{ type: "DL", offset: -1 }, {}] });
  });
});

describe("parseAamva on an issuer number AAMVA never assigned", () => {
  it("takes the jurisdiction from the card's state element, and says so", () => {
    const r = read(card(WASHINGTON, { iin: "999123" }));
    expect(r).toMatchObject({ jurisdiction: { code: "WA", country: "US" }, jurisdictionFrom: "STATE", country: "US" });
    expect(r.warnings.join()).toMatch(/issuer number 999123 is not AAMVA's: the issuer Washington is read from DAJ/);
  });

  it("tells a province from a state of the same code by the country element, and knows no jurisdiction XX", () => {
    expect(jurisdictionOfCode("AB", "CA")).toMatchObject({ name: "Alberta" });
    expect(jurisdictionOfCode("XX")).toBeNull();
    const r = read(
      card(
        WASHINGTON.map((e) => (e === "DAJWA" ? "DAJXX" : e)),
        { iin: "999123" },
      ),
    );
    expect(r).toMatchObject({ jurisdiction: null, jurisdictionFrom: null, country: "US" });
  });

  it("knows Alberta's older number as Alberta", () => {
    const r = read(card(["DAQ123456-789", "DCSTREMBLAY", "DBB19850412", "DAJAB", "DCGCAN"], { iin: "990876" }));
    expect(r).toMatchObject({
      jurisdiction: { code: "AB", country: "CA" },
      jurisdictionFrom: "IIN",
      dateOfBirth: "1985-04-12",
    });
  });
});

describe("parseAamva on issuers' own ways of writing values", () => {
  const withElements = (elements: string[], version = 8) => read(card(["DAQ1", ...elements], { version }));

  it.each([
    [
      "DAA delimited with an empty middle and a suffix",
      ["DAAOKONKWO,ADAEZE,,SR"],
      1,
      ["OKONKWO", "ADAEZE", null, "SR"],
    ],
    [
      "DAA with spaces only, first name first",
      ["DAAADAEZE CHIOMA NNEKA OKONKWO"],
      1,
      ["OKONKWO", "ADAEZE", "CHIOMA NNEKA", null],
    ],
    ["DCT given names with a comma", ["DCSOKONKWO,", "DCTADAEZE,CHIOMA"], 3, ["OKONKWO", "ADAEZE", "CHIOMA", null]],
    [
      "a middle initial inside DAC and an empty DAD",
      ["DCSOKONKWO", "DACADAEZE C", "DAD"],
      4,
      ["OKONKWO", "ADAEZE", "C", null],
    ],
    ["a suffix in DCU", ["DCSOKONKWO", "DACADAEZE", "DCUIII"], 8, ["OKONKWO", "ADAEZE", null, "III"]],
    [
      "DAB and DAC beside a DAA that has the middle",
      ["DAAOKONKWO,ADAEZE,C", "DABOKONKWO", "DACADAEZE"],
      1,
      ["OKONKWO", "ADAEZE", "C", null],
    ],
  ] as const)("reads %s", (_, elements, version, [last, first, middle, suffix]) => {
    expect(withElements([...elements], version)).toMatchObject({
      lastName: last,
      firstName: first,
      middleName: middle,
      suffix,
    });
  });

  it("reads heights, weights and colours in their several forms", () => {
    const physical = (elements: string[], version = 8) => withElements(elements, version).physical;
    expect(physical(["DAU170 CM", "DAX068", "DAYBR", "DAZBRN"])).toEqual({
      height: { value: 170, unit: "cm" },
      weight: { pounds: null, kilograms: 68, range: null },
      eyeColor: "BRO",
      hairColor: "BRO",
    });
    expect(physical(["DAU072", "DCE5", "DAYHAZ", "DAZBLN"])).toMatchObject({
      height: { value: 72, unit: "in" },
      weight: { range: 5 },
      eyeColor: "HAZ",
      hairColor: "BLN",
    });
    expect(physical(["DAU602"], 1).height).toEqual({ value: 74, unit: "in" });
    expect(withElements(["DCLH"]).ethnicity).toBe("H");
    expect(withElements(["DCLU"]).ethnicity).toBeNull();
  });

  it("reads the flags and codes: compliance, lawful status, donor, veteran, truncation", () => {
    const r = withElements(["DCSO", "DDAM", "DDD", "DDK1", "DDL0", "DDET", "DDFU", "DCANONE", "DCBB", "DCDMC"]);
    expect(r).toMatchObject({
      compliance: "M",
      temporaryLawfulStatus: false,
      organDonor: true,
      veteran: false,
      truncated: { lastName: true, firstName: null, middleName: null },
      licence: { vehicleClass: null, restrictions: "B", endorsements: "MC" },
    });
  });

  it("reads Alberta's kilograms in DAW, West Virginia's BN, a DONOR flag, and no date where it is all zeros", () => {
    const r = withElements(["DCSO", "DAW77 KG", "DAYBN", "DBHDONOR", "DBD00000000", "DAK96813    0"], 1);
    expect(r).toMatchObject({
      physical: { weight: { pounds: null, kilograms: 77 }, eyeColor: "BRO" },
      organDonor: true,
      issueDate: null,
      address: { postalCode: "96813" },
    });
    expect(r.warnings.join()).not.toMatch(/issue date/);
  });

  it("reads a US postal value with a stray digit after its ZIP+4 as the ZIP", () => {
    expect(withElements(["DAK9850100007"]).address?.postalCode).toBe("98501");
    expect(withElements(["DAK98501123407"]).address?.postalCode).toBe("98501-1234");
  });

  it("ends a street with no trailing comma and keeps a 10-character ZIP as written", () => {
    const r = withElements(["DAG123 KING ST E,", "DAK752011    "]);
    expect(r.address).toMatchObject({ street: "123 KING ST E", postalCode: "752011" });
  });
});
