import { describe, expect, it } from "vitest";
import type { EarlierStep } from "@/lib/checks/types";
import { countryFromText, crossReference, documentAddressOf } from "./document-cross-reference";

const london = {
  addressLine: "10 Downing Street",
  city: "London",
  province: null,
  postalCode: "SW1A 2AA",
  country: "GB",
};
const munich = {
  addressLine: "Hauptstraße 5",
  city: "München",
  province: "Bayern",
  postalCode: "80331",
  country: "DE",
};
const documentStep = (address: unknown): EarlierStep[] => [
  { processType: "DOCUMENT_VERIFICATION", result: "APPROVED", data: { full_name: "X", address } },
];

describe("documentAddressOf", () => {
  it("reads an object or a string and ignores the rest", () => {
    expect(documentAddressOf(documentStep({ address_line: "10 Downing St", city: "London" }))).toEqual({
      kind: "fields",
      parts: { addressLine: "10 Downing St", city: "London", province: null, postalCode: null, country: null },
    });
    expect(documentAddressOf(documentStep("10 DOWNING ST, LONDON"))).toEqual({
      kind: "text",
      text: "10 DOWNING ST, LONDON",
    });
    expect(documentAddressOf(documentStep("  "))).toBeNull();
    expect(documentAddressOf(documentStep({}))).toBeNull();
    expect(documentAddressOf(documentStep(42))).toBeNull();
    expect(documentAddressOf([])).toBeNull();
  });
});

describe("countryFromText", () => {
  it("reads codes and names in several languages", () => {
    expect(countryFromText("GB")).toBe("GB");
    expect(countryFromText("GBR")).toBe("GB");
    expect(countryFromText("United Kingdom")).toBe("GB");
    expect(countryFromText("Deutschland")).toBe("DE");
    expect(countryFromText("ALLEMAGNE")).toBe("DE");
    expect(countryFromText("London")).toBeNull();
  });
});

describe("crossReference with extracted fields", () => {
  it("passes the same address written differently", () => {
    const doc = {
      kind: "fields" as const,
      parts: { addressLine: "10 DOWNING ST.", city: "LONDON", postalCode: "SW1A2AA", country: "GBR" },
    };
    expect(crossReference(london, doc)).toMatchObject({
      result: "PASSED",
      comparison: { street: 1, city: true, postal_code: true, country: true },
    });
    const german = {
      kind: "fields" as const,
      parts: {
        addressLine: "Hauptstr. 5",
        city: "Munchen",
        province: "BY",
        postalCode: "80331",
        country: "Deutschland",
      },
    };
    expect(
      crossReference(munich, german, { regionOf: (r) => (["Bayern", "BY"].includes(r) ? "BY" : null) }).result,
    ).toBe("PASSED");
  });

  it("passes a US licence's barcode address (state code, ZIP+4) against the address the user typed", () => {
    // the shape decide() stores for a card read from its AAMVA barcode
    const licence = documentAddressOf(
      documentStep({
        address_line: "2570 24TH STREET",
        city: "SACRAMENTO",
        province: "CA",
        postal_code: "95818-1234",
        country: "US",
      }),
    )!;
    const typed = {
      addressLine: "2570 24th St",
      city: "Sacramento",
      province: "California",
      postalCode: "95818",
      country: "US",
    };
    expect(
      crossReference(typed, licence, { regionOf: (r) => (["California", "CA"].includes(r) ? "CA" : null) }),
    ).toMatchObject({ result: "PASSED", comparison: { street: 1, city: true, postal_code: true, country: true } });
    expect(
      crossReference(
        { ...typed, addressLine: "1600 Amphitheatre Pkwy", city: "Mountain View", postalCode: "94043" },
        licence,
      ).result,
    ).toBe("REVIEW");
  });

  it("takes two names of one place as the same city when the country's places say so", () => {
    const typed = { addressLine: "350 5th Ave", city: "NYC", province: null, postalCode: "10118", country: "US" };
    const licence = { kind: "fields" as const, parts: { ...typed, addressLine: "350 FIFTH AVENUE", city: "NEW YORK" } };
    const placeOf = (name: string) => (["NYC", "NEW YORK"].includes(name) ? "New York City" : null);
    expect(crossReference(typed, licence).comparison?.city).toBe(false);
    expect(crossReference(typed, licence, { placeOf })).toMatchObject({ result: "PASSED", comparison: { city: true } });
    // a name no place has is no match, even when the other is unknown too
    expect(crossReference({ ...typed, city: "Gotham" }, licence, { placeOf }).comparison?.city).toBe(false);
  });

  it("sends another house, city or postal code to review and names the parts", () => {
    const doc = {
      kind: "fields" as const,
      parts: { addressLine: "12 Downing Street", city: "London", postalCode: "SW1A 2AB" },
    };
    const result = crossReference(london, doc);
    expect(result.result).toBe("REVIEW");
    expect(result.detail).toBe("The document's address differs in: street, postal code.");
    expect(crossReference(munich, { kind: "fields", parts: { ...munich, province: "Hessen" } }).detail).toContain(
      "province",
    );
  });

  it("fails a clearly different country", () => {
    const result = crossReference(london, { kind: "fields", parts: { ...london, country: "France" } });
    expect(result).toMatchObject({ result: "FAILED", detail: "The document's address is in another country." });
  });

  it("reviews a document address with nothing comparable and skips a missing one", () => {
    expect(crossReference(london, { kind: "fields", parts: { province: "Greater London" } }).result).toBe("REVIEW");
    expect(crossReference(london, null)).toMatchObject({
      result: "SKIPPED",
      detail: "The document step extracted no address to compare with.",
    });
  });
});

describe("crossReference with a printed address", () => {
  it("finds each part of the submitted address in the text", () => {
    const doc = { kind: "text" as const, text: "10 DOWNING STREET, LONDON SW1A 2AA, UNITED KINGDOM" };
    expect(crossReference(london, doc)).toMatchObject({
      result: "PASSED",
      comparison: { street: 1, city: true, postal_code: true, country: true },
    });
  });

  it("reviews a different house number and fails another country", () => {
    expect(crossReference(london, { kind: "text", text: "14 DOWNING STREET, LONDON SW1A 2AA" }).result).toBe("REVIEW");
    expect(crossReference(london, { kind: "text", text: "10 DOWNING STREET, LONDON SW1A 2AA, FRANCE" }).result).toBe(
      "FAILED",
    );
  });

  it("does not mistake a region that shares a country's name for that country", () => {
    const atlanta = {
      addressLine: "55 Peachtree St",
      city: "Atlanta",
      province: "GA",
      postalCode: "30303",
      country: "US",
    };
    const text = { kind: "text" as const, text: "55 PEACHTREE ST NE, ATLANTA 30303, GEORGIA" };
    const regionOf = (r: string) =>
      ["GA", "Georgia", "GEORGIA", "CA"].includes(r) ? r.slice(0, 2).toUpperCase() : null;
    expect(crossReference(atlanta, text, { regionOf }).result).toBe("PASSED");
    expect(crossReference(atlanta, text).result).toBe("FAILED");
    // "CA" is California here, not Canada, even when the person gave no state
    const sanFrancisco = {
      addressLine: "1 Market St",
      city: "San Francisco",
      province: null,
      postalCode: "94105",
      country: "US",
    };
    expect(
      crossReference(sanFrancisco, { kind: "text", text: "1 MARKET ST, SAN FRANCISCO 94105, CA" }, { regionOf }).result,
    ).toBe("PASSED");
  });
});
