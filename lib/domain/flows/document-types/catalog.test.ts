import { describe, expect, it } from "vitest";
import { allCountries } from "@/lib/shared/countries";
import { mayCarryAamva } from "@/lib/shared/document-automation";
import {
  automationOf,
  automationTable,
  DOCUMENT_TYPE_NAMES,
  documentTypeLabel,
  documentTypeSides,
  isIssuedIn,
  listDocumentTypes,
} from "@/lib/domain/flows/document-types/catalog";

// ISO 3166-1 entries with no permanent population: nobody there issues documents.
const UNINHABITED = ["AQ", "BV", "GS", "HM", "TF", "UM"];

/** "DE" → 🇩🇪, computed independently of the code under test. */
const flagOf = (code: string) =>
  String.fromCodePoint(...[...code].map((c) => 0x1f1e6 + c.charCodeAt(0) - "A".charCodeAt(0)));

describe("the document type catalogue", () => {
  it("has six types with labels and the sides to capture (a passport and a visa have only a front)", () => {
    const types = listDocumentTypes();
    expect(types.map((t) => [t.name, t.label, t.sides])).toEqual([
      ["PASSPORT", "Passport", ["FRONT"]],
      ["DRIVERS_LICENSE", "Driver's license", ["FRONT", "BACK"]],
      ["NATIONAL_ID", "National identity card", ["FRONT", "BACK"]],
      ["RESIDENCE_PERMIT", "Residence permit", ["FRONT", "BACK"]],
      ["VOTER_ID", "Voter ID card", ["FRONT", "BACK"]],
      ["VISA", "Visa", ["FRONT"]],
    ]);
    expect([...DOCUMENT_TYPE_NAMES]).toEqual(types.map((t) => t.name));
    for (const name of DOCUMENT_TYPE_NAMES) {
      expect(documentTypeSides(name)).toEqual(types.find((t) => t.name === name)!.sides);
      expect(documentTypeLabel(name)).toBe(types.find((t) => t.name === name)!.label);
    }
  });

  it("covers the 249 officially assigned ISO 3166-1 codes and Kosovo's user-assigned XK", () => {
    const codes = allCountries().map((c) => c.code);
    expect(codes).toHaveLength(250);
    expect(new Set(codes).size).toBe(250);
    for (const code of ["DE", "US", "IN", "JP", "AQ", "PS", "TW", "VA", "XK"]) expect(codes).toContain(code);
  });

  it("has a PASSPORT subtype for every inhabited country and none for uninhabited territories", () => {
    const passport = listDocumentTypes().find((t) => t.name === "PASSPORT")!;
    const covered = new Set(passport.subTypes.map((s) => s.countryCode));
    const notCovered = allCountries()
      .map((c) => c.code)
      .filter((code) => !covered.has(code));
    expect(notCovered.sort()).toEqual(UNINHABITED);
    expect(passport.subTypes).toHaveLength(250 - UNINHABITED.length);
  });

  it("issues nothing at all in uninhabited territories", () => {
    for (const code of UNINHABITED) {
      expect(listDocumentTypes({ countries: [code] })).toEqual([]);
      for (const name of DOCUMENT_TYPE_NAMES) expect(isIssuedIn(name, code)).toBe(false);
    }
  });

  it("gives every subtype the country's name, code, region and regional-indicator flag", () => {
    for (const type of listDocumentTypes()) {
      for (const sub of type.subTypes) {
        expect(sub.countryCode).toMatch(/^[A-Z]{2}$/);
        expect(sub.countryFlag).toMatch(/^\p{Regional_Indicator}{2}$/u);
        expect(sub.countryFlag).toBe(flagOf(sub.countryCode));
        expect(sub.countryName.length).toBeGreaterThan(1);
        expect(sub.region.length).toBeGreaterThan(1);
        expect(sub.documentTypes).toEqual([]);
      }
    }
    const germany = listDocumentTypes({ countries: ["DE"] })[0]!.subTypes[0]!;
    expect(germany).toEqual({
      countryName: "Germany",
      countryCode: "DE",
      countryFlag: "🇩🇪",
      region: "Europe",
      documentTypes: [],
    });
  });

  it("lists subtypes in alphabetical order of country name (the order of a country picker)", () => {
    const names = listDocumentTypes()
      .find((t) => t.name === "DRIVERS_LICENSE")!
      .subTypes.map((s) => s.countryName);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, "en")));
  });
});

describe("listDocumentTypes filters", () => {
  it("restricts to the given types, in catalogue order", () => {
    expect(listDocumentTypes({ types: ["VOTER_ID", "PASSPORT"] }).map((t) => t.name)).toEqual(["PASSPORT", "VOTER_ID"]);
  });

  it("treats empty filters as no restriction", () => {
    expect(listDocumentTypes({ types: [], countries: [] })).toEqual(listDocumentTypes());
  });

  it("restricts subtypes to the given countries and leaves out types none of them issues", () => {
    // Great Britain has no national identity card and no voter ID card
    const gb = listDocumentTypes({ countries: ["GB"] });
    expect(gb.map((t) => t.name)).toEqual(["PASSPORT", "DRIVERS_LICENSE", "RESIDENCE_PERMIT", "VISA"]);
    for (const type of gb) expect(type.subTypes.map((s) => s.countryCode)).toEqual(["GB"]);
    // the US has no national card, but its states issue AAMVA identity cards: offered as NATIONAL_ID
    expect(listDocumentTypes({ countries: ["US"] }).map((t) => t.name)).toEqual([
      "PASSPORT",
      "DRIVERS_LICENSE",
      "NATIONAL_ID",
      "RESIDENCE_PERMIT",
      "VISA",
    ]);

    const mixed = listDocumentTypes({ countries: ["GB", "IN"] });
    expect(mixed.map((t) => t.name)).toEqual([
      "PASSPORT",
      "DRIVERS_LICENSE",
      "NATIONAL_ID",
      "RESIDENCE_PERMIT",
      "VOTER_ID",
      "VISA",
    ]);
    expect(mixed.find((t) => t.name === "NATIONAL_ID")!.subTypes.map((s) => s.countryCode)).toEqual(["IN"]);
    expect(mixed.find((t) => t.name === "VOTER_ID")!.subTypes.map((s) => s.countryCode)).toEqual(["IN"]);
  });

  it("combines both filters", () => {
    expect(listDocumentTypes({ types: ["NATIONAL_ID"], countries: ["GB"] })).toEqual([]);
    expect(
      listDocumentTypes({ types: ["NATIONAL_ID"], countries: ["DE", "GB"] }).map((t) => [
        t.name,
        t.subTypes.map((s) => s.countryCode),
      ]),
    ).toEqual([["NATIONAL_ID", ["DE"]]]);
  });

  it("ignores codes that are not countries", () => {
    expect(listDocumentTypes({ countries: ["XX"] })).toEqual([]);
  });
});

describe("isIssuedIn", () => {
  it.each([
    ["NATIONAL_ID", "DE", true],
    ["NATIONAL_ID", "US", true],
    ["NATIONAL_ID", "GB", false],
    ["VOTER_ID", "MX", true],
    ["VOTER_ID", "DE", false],
    ["PASSPORT", "FR", true],
    ["DRIVERS_LICENSE", "de", true],
    ["PASSPORT", "XX", false],
    ["PASSPORT", "", false],
  ] as const)("%s in %j → %s", (name, country, expected) => {
    expect(isIssuedIn(name, country)).toBe(expected);
  });
});

describe("automation", () => {
  it.each([
    ["PASSPORT", "JP", "MRZ"],
    ["DRIVERS_LICENSE", "US", "PDF417"],
    ["DRIVERS_LICENSE", "ca", "PDF417"],
    ["DRIVERS_LICENSE", "DE", "REVIEW"],
    ["NATIONAL_ID", "DE", "MRZ"],
    ["NATIONAL_ID", "US", "PDF417"],
    ["NATIONAL_ID", "IN", "REVIEW"],
    ["RESIDENCE_PERMIT", "FR", "MRZ"],
    ["RESIDENCE_PERMIT", "BR", "REVIEW"],
    ["VOTER_ID", "MX", "REVIEW"],
    ["VISA", "US", "MRZ"],
  ] as const)("%s of %s is decided by %s", (type, country, expected) => {
    expect(automationOf(type, country)).toBe(expected);
  });

  it("searches cards for an AAMVA barcode only where one may be", () => {
    expect(mayCarryAamva("US")).toBe(true);
    expect(mayCarryAamva("ca")).toBe(true);
    expect(mayCarryAamva(null)).toBe(true);
    expect(mayCarryAamva("DE")).toBe(false);
  });

  it("lists, per type, exactly the countries that issue it", () => {
    const table = automationTable();
    expect(Object.keys(table.NATIONAL_ID)).toEqual(
      listDocumentTypes({ types: ["NATIONAL_ID"] })[0]!.subTypes.map((s) => s.countryCode),
    );
    expect(table.NATIONAL_ID.GB).toBeUndefined();
    expect(table.DRIVERS_LICENSE.US).toBe("PDF417");
    expect(Object.values(table.PASSPORT).every((a) => a === "MRZ")).toBe(true);
  });
});
