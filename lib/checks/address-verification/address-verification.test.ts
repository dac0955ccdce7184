import { describe, expect, it } from "vitest";
import type { EarlierStep, ProcessInput, StoredInput } from "@/lib/checks/types";
import type { SettingValues } from "@/lib/shared/workflow-settings";
import { addressVerification } from "./address-verification";
import { testPorts } from "@/test/check-ports";

// run() end to end without a database: ADDRESS_DUPLICATE_DETECTION (the one check that queries) stays off here and
// is covered by address-verification.integration.test.ts.

const ALL: SettingValues = {
  ADDRESS_COMPLETENESS: true,
  ALLOWED_COUNTRIES: ["GB", "NL", "US"],
  POSTAL_VALIDATION: true,
  DOCUMENT_CROSS_REFERENCE: true,
  GEOLOCATION_CONFIRMATION: true,
};
const LONDON = { ADDRESS_LINE: "10 Downing Street", CITY: "London", POSTAL_CODE: "SW1A 2AA", COUNTRY: "GB" };

function processInput(
  fields: Record<string, string>,
  options: { settings?: SettingValues; steps?: EarlierStep[]; ip?: string | null } = {},
): ProcessInput {
  const inputs = new Map<string, StoredInput>(
    Object.entries(fields).map(([name, value]) => [
      name,
      { type: name === "GEOLOCATION" ? "LOCATION" : "TEXT", value, fileId: null },
    ]),
  );
  return {
    verification: {
      id: "v",
      accountId: "a",
      identityId: "i",
      workflowId: "w",
      ipAddress: options.ip ?? null,
      metadata: {},
      createdAt: new Date(),
    },
    workflow: {
      processes: ["DOCUMENT_VERIFICATION", "ADDRESS_VERIFICATION"],
      documentTypes: [],
      countries: [],
      settings: options.settings ?? ALL,
    },
    inputs,
    readFile: async () => null,
    earlierSteps: options.steps ?? [],
    now: new Date(),
    ports: testPorts(),
  };
}
const documentWith = (address: unknown): EarlierStep[] => [
  { processType: "DOCUMENT_VERIFICATION", result: "APPROVED", data: { address } },
];
const resultOf = (checks: { name: string; result: string }[]) =>
  Object.fromEntries(checks.map((c) => [c.name, c.result]));

describe("addressVerification.run", () => {
  it("approves an address confirmed by the document and GPS, with every field of the spec", async () => {
    const output = await addressVerification.run(
      processInput(
        { ...LONDON, GEOLOCATION: JSON.stringify({ latitude: 51.5034, longitude: -0.1276, accuracy: 15 }) },
        { steps: documentWith("10 DOWNING ST, LONDON SW1A 2AA") },
      ),
    );
    expect(resultOf(output.checks)).toEqual({
      ADDRESS_COMPLETENESS: "PASSED",
      ALLOWED_COUNTRIES: "PASSED",
      POSTAL_VALIDATION: "PASSED",
      DOCUMENT_CROSS_REFERENCE: "PASSED",
      GEOLOCATION_CONFIRMATION: "PASSED",
      ADDRESS_DUPLICATE_DETECTION: "SKIPPED",
    });
    expect(output.result).toBe("APPROVED");
    expect(output.data).toMatchObject({
      address_line: "10 Downing Street",
      city: "London",
      province: null,
      postal_code: "SW1A 2AA",
      country: "GB",
      source: "DOCUMENT",
      validation_result: "PASSED",
      country_name: "United Kingdom",
      normalized: { key: "GB|zip:SW1A2AA|10 downing st", postal_code: "SW1A 2AA" },
      location: {
        anchor: { precision: "CITY", label: "London" },
        gps: { distance_km: 1, origin: "GEOLOCATION_INPUT" },
        ip: null,
      },
      signals: ["DOCUMENT", "GPS"],
    });
  });

  it("confirms a typed US address against the one a licence's barcode carries", async () => {
    // step data as decide() stores it for a card read from its AAMVA PDF417 (barcode-decide.test.ts)
    const licence = documentWith({
      address_line: "2570 24TH STREET",
      city: "SACRAMENTO",
      province: "CA",
      postal_code: "95818",
      country: "US",
    });
    const typed = { ADDRESS_LINE: "2570 24th St", CITY: "Sacramento", POSTAL_CODE: "95818", COUNTRY: "US" };
    const settings = { ...ALL, GEOLOCATION_CONFIRMATION: false };
    const output = await addressVerification.run(processInput(typed, { settings, steps: licence }));
    expect(resultOf(output.checks).DOCUMENT_CROSS_REFERENCE).toBe("PASSED");
    expect(output.data).toMatchObject({ source: "DOCUMENT", signals: ["DOCUMENT"] });
    const moved = await addressVerification.run(
      processInput({ ...typed, ADDRESS_LINE: "1415 L St" }, { settings, steps: licence }),
    );
    expect(resultOf(moved.checks).DOCUMENT_CROSS_REFERENCE).toBe("REVIEW");
  });

  it("confirms a city typed under another name against the document's (NYC / New York)", async () => {
    const licence = documentWith({
      address_line: "350 FIFTH AVENUE",
      city: "NEW YORK",
      province: "NY",
      postal_code: "10118",
      country: "US",
    });
    const typed = { ADDRESS_LINE: "350 5th Ave", CITY: "NYC", PROVINCE: "NY", POSTAL_CODE: "10118", COUNTRY: "US" };
    const settings = { ...ALL, GEOLOCATION_CONFIRMATION: false };
    const output = await addressVerification.run(processInput(typed, { settings, steps: licence }));
    expect(resultOf(output.checks)).toMatchObject({ DOCUMENT_CROSS_REFERENCE: "PASSED", POSTAL_VALIDATION: "PASSED" });
    expect(output.checks.find((c) => c.name === "POSTAL_VALIDATION")?.detail).toContain(
      'city "NYC" matched as New York City (one of its other names)',
    );
    const elsewhere = await addressVerification.run(
      processInput({ ...typed, CITY: "Buffalo" }, { settings, steps: licence }),
    );
    expect(resultOf(elsewhere.checks).DOCUMENT_CROSS_REFERENCE).toBe("REVIEW");
  });

  it("names GPS, then IP, as the source when no document confirms", async () => {
    const gps = await addressVerification.run(
      processInput({ ...LONDON, GEOLOCATION: '{"latitude":51.5,"longitude":-0.12}' }, { steps: documentWith(null) }),
    );
    expect(gps.data).toMatchObject({ source: "GPS", validation_result: "PASSED" });
    expect(resultOf(gps.checks).DOCUMENT_CROSS_REFERENCE).toBe("SKIPPED");
    // 81.2.69.142: a London address in the shipped DB-IP database
    const ip = await addressVerification.run(processInput(LONDON, { ip: "81.2.69.142" }));
    expect(ip.data).toMatchObject({ source: "IP", location: { ip: { country_code: "GB", origin: "IP_DATABASE" } } });
    expect(resultOf(ip.checks).GEOLOCATION_CONFIRMATION).toBe("PASSED");
  });

  it("declines a malformed postal code and a country outside the list", async () => {
    const nl = await addressVerification.run(
      processInput(
        { ADDRESS_LINE: "Damrak 1", CITY: "Amsterdam", POSTAL_CODE: "10123", COUNTRY: "NL" },
        { ip: "81.2.69.142" },
      ),
    );
    expect(nl.result).toBe("DECLINED");
    expect(resultOf(nl.checks)).toMatchObject({
      POSTAL_VALIDATION: "FAILED",
      ALLOWED_COUNTRIES: "PASSED",
      GEOLOCATION_CONFIRMATION: "REVIEW",
    });
    expect(nl.data).toMatchObject({ validation_result: "FAILED", source: null });
    const de = await addressVerification.run(
      processInput({ ADDRESS_LINE: "Unter den Linden 1", CITY: "Berlin", POSTAL_CODE: "10117", COUNTRY: "DE" }),
    );
    expect(resultOf(de.checks).ALLOWED_COUNTRIES).toBe("FAILED");
    expect(de.result).toBe("DECLINED");
  });

  it("fails completeness for a missing city or postal code", async () => {
    const output = await addressVerification.run(
      processInput({ ADDRESS_LINE: "10 Downing Street", COUNTRY: "GB" }, { settings: { ADDRESS_COMPLETENESS: true } }),
    );
    expect(output.checks[0]).toEqual({
      name: "ADDRESS_COMPLETENESS",
      result: "FAILED",
      detail: "Missing: city, postal code.",
    });
    expect(output.result).toBe("DECLINED");
  });

  it("approves a complete address of a country without postal codes, and one in Kosovo (XK)", async () => {
    const settings: SettingValues = {
      ADDRESS_COMPLETENESS: true,
      ALLOWED_COUNTRIES: ["AE", "XK"],
      POSTAL_VALIDATION: true,
    };
    const dubai = await addressVerification.run(
      processInput({ ADDRESS_LINE: "1 Sheikh Zayed Road", CITY: "Dubai", COUNTRY: "AE" }, { settings }),
    );
    expect(dubai.result).toBe("APPROVED");
    expect(dubai.checks[0]).toEqual({
      name: "ADDRESS_COMPLETENESS",
      result: "PASSED",
      detail: "Street, city and country are present (no postal code is asked for in AE).",
    });
    expect(dubai.checks.find((c) => c.name === "POSTAL_VALIDATION")).toEqual({
      name: "POSTAL_VALIDATION",
      result: "PASSED",
      detail: "AE uses no postal codes; city found in the country.",
    });
    const pristina = await addressVerification.run(
      processInput(
        { ADDRESS_LINE: "Rruga Nënë Tereza 1", CITY: "Prishtina", POSTAL_CODE: "10000", COUNTRY: "XK" },
        { settings },
      ),
    );
    expect(resultOf(pristina.checks)).toMatchObject({
      ADDRESS_COMPLETENESS: "PASSED",
      ALLOWED_COUNTRIES: "PASSED",
      POSTAL_VALIDATION: "PASSED",
    });
    expect(pristina.data).toMatchObject({ country: "XK", country_name: "Kosovo", city_match: { name: "Pristina" } });
  });

  it("sends a document mismatch and a missing location signal to review", async () => {
    const output = await addressVerification.run(
      processInput(LONDON, {
        steps: documentWith({ address_line: "1 Abbey Road", city: "London", postal_code: "NW8 9AY" }),
      }),
    );
    expect(resultOf(output.checks)).toMatchObject({
      DOCUMENT_CROSS_REFERENCE: "REVIEW",
      GEOLOCATION_CONFIRMATION: "REVIEW",
    });
    expect(output.checks.find((c) => c.name === "GEOLOCATION_CONFIRMATION")?.detail).toContain("No location signal");
    expect(output.result).toBe("MANUAL_REVIEW");
    expect(output.data).toMatchObject({ validation_result: "REVIEW_NEEDED", source: null });
  });

  it("skips every check a workflow does not enable and approves", async () => {
    const output = await addressVerification.run(processInput(LONDON, { settings: {} }));
    expect(output.checks.map((c) => c.result)).toEqual(Array(6).fill("SKIPPED"));
    expect(output.result).toBe("APPROVED");
    expect(output.data).toMatchObject({
      validation_result: "NOT_CHECKED",
      source: null,
      location: null,
      duplicates: null,
    });
  });
});
