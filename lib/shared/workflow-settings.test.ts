import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  LIVENESS_CHALLENGES,
  SETTING_DEFINITIONS,
  SETTING_TYPES,
  SettingsSchema,
  parseSettings,
  serializeSetting,
  type SettingName,
  type SettingValues,
} from "@/lib/shared/workflow-settings";

const rowsOf = (values: SettingValues) =>
  Object.entries(values).map(([name, value]) => serializeSetting(name as SettingName, value));

const EVERY_SETTING: Required<SettingValues> = {
  GALLERY_RESTRICTION: true,
  LINK_EXPIRY_HOURS: 48,
  DOCUMENT_CROSS_REFERENCE: false,
  GEOLOCATION_CONFIRMATION: true,
  POSTAL_VALIDATION: true,
  ADDRESS_DUPLICATE_DETECTION: "REVIEW_NEEDED",
  ALLOWED_COUNTRIES: ["US", "DE", "GB"],
  ADDRESS_COMPLETENESS: true,
  LIVENESS_CHALLENGE: "NOD",
  PAD_MODE: "SHADOW",
  AGREEMENT_STATEMENT: "I agree to open an account with Example Bank.",
  WATCHLIST_THRESHOLD: 0.85,
  WATCHLIST_WEAK_ALIASES: true,
  CREDENTIAL_KINDS: ["MDL", "EU_PID_SD_JWT"],
  CREDENTIAL_CLAIMS: ["given_name", "family_name", "age_over_18"],
  CREDENTIAL_ORIGINS: ["https://shop.example.com", "http://localhost:5173"],
};

describe("CREDENTIAL_ORIGINS", () => {
  it.each([
    "https://example.com/",
    "https://example.com/path",
    "http://example.com",
    "ftp://example.com",
    "example.com",
  ])("refuses %s: only a bare https origin (or http on localhost)", (origin) => {
    expect(SettingsSchema.safeParse({ CREDENTIAL_ORIGINS: [origin] }).success).toBe(false);
  });
});

describe("serializeSetting", () => {
  it("gives each setting its API type and a string value (arrays as JSON)", () => {
    expect(serializeSetting("GALLERY_RESTRICTION", true)).toEqual({
      fieldName: "GALLERY_RESTRICTION",
      type: "BOOLEAN",
      value: "true",
    });
    expect(serializeSetting("POSTAL_VALIDATION", false)).toEqual({
      fieldName: "POSTAL_VALIDATION",
      type: "BOOLEAN",
      value: "false",
    });
    expect(serializeSetting("LINK_EXPIRY_HOURS", 48)).toEqual({
      fieldName: "LINK_EXPIRY_HOURS",
      type: "NUMBER",
      value: "48",
    });
    expect(serializeSetting("ADDRESS_DUPLICATE_DETECTION", "REJECTED")).toEqual({
      fieldName: "ADDRESS_DUPLICATE_DETECTION",
      type: "ENUM",
      value: "REJECTED",
    });
    expect(serializeSetting("ALLOWED_COUNTRIES", ["US", "DE"])).toEqual({
      fieldName: "ALLOWED_COUNTRIES",
      type: "STRING_ARRAY",
      value: '["US","DE"]',
    });
    expect(serializeSetting("AGREEMENT_STATEMENT", "I agree to this, fully.")).toEqual({
      fieldName: "AGREEMENT_STATEMENT",
      type: "STRING",
      value: "I agree to this, fully.",
    });
  });

  it("uses only the setting types the decisions name, and the names the spec and decisions use", () => {
    expect([...SETTING_TYPES]).toEqual(["BOOLEAN", "STRING", "NUMBER", "ENUM", "STRING_ARRAY"]);
    for (const definition of Object.values(SETTING_DEFINITIONS)) expect(SETTING_TYPES).toContain(definition.type);
    expect(SETTING_DEFINITIONS.ALLOWED_COUNTRIES.type).toBe("STRING_ARRAY");
    expect(SETTING_DEFINITIONS.ADDRESS_COMPLETENESS.type).toBe("BOOLEAN");
    expect(SETTING_DEFINITIONS.GALLERY_RESTRICTION.type).toBe("BOOLEAN");
  });
});

describe("parseSettings", () => {
  it("reads back every setting exactly as it was serialized", () => {
    expect(parseSettings(rowsOf(EVERY_SETTING))).toEqual(EVERY_SETTING);
  });

  it("round-trips any valid values (property)", () => {
    const values = fc.record(
      {
        GALLERY_RESTRICTION: fc.boolean(),
        LINK_EXPIRY_HOURS: fc.integer({ min: 1, max: 24 * 90 }),
        ADDRESS_DUPLICATE_DETECTION: fc.constantFrom("REJECTED" as const, "REVIEW_NEEDED" as const),
        ALLOWED_COUNTRIES: fc.uniqueArray(fc.constantFrom("US", "DE", "FR", "IN", "BR", "JP", "NG", "AQ"), {
          minLength: 1,
        }),
        LIVENESS_CHALLENGE: fc.constantFrom(...LIVENESS_CHALLENGES),
        AGREEMENT_STATEMENT: fc
          .string({ unit: "grapheme", minLength: 10, maxLength: 200 })
          .filter((s) => s.trim() === s && s.length >= 10 && s.length <= 1000),
        WATCHLIST_THRESHOLD: fc.double({ min: 0.5, max: 1, noNaN: true }),
        WATCHLIST_WEAK_ALIASES: fc.boolean(),
      },
      { requiredKeys: [] },
    );
    fc.assert(
      fc.property(values, (v) => {
        expect(parseSettings(rowsOf(v as SettingValues))).toEqual(v);
      }),
    );
  });

  it("upper-cases stored country codes", () => {
    expect(parseSettings([{ fieldName: "ALLOWED_COUNTRIES", value: '["us","de"]' }])).toEqual({
      ALLOWED_COUNTRIES: ["US", "DE"],
    });
  });

  it.each([
    ["an unknown (renamed) setting", "OLD_SETTING", "true"],
    ["a number that is not a number", "LINK_EXPIRY_HOURS", "soon"],
    ["a number out of range", "LINK_EXPIRY_HOURS", "0"],
    ["a fractional hour count", "LINK_EXPIRY_HOURS", "1.5"],
    ["a threshold below its minimum", "WATCHLIST_THRESHOLD", "0.2"],
    ["an enum value that no longer exists", "ADDRESS_DUPLICATE_DETECTION", "MAYBE"],
    ["a liveness challenge that does not exist", "LIVENESS_CHALLENGE", "BLINK"],
    ["a presentation-attack mode that does not exist", "PAD_MODE", "OFF"],
    ["country codes that are not JSON", "ALLOWED_COUNTRIES", "US,DE"],
    ["a JSON value that is not a list", "ALLOWED_COUNTRIES", '"US"'],
    ["an unknown country code", "ALLOWED_COUNTRIES", '["US","XX"]'],
    ["an empty country list", "ALLOWED_COUNTRIES", "[]"],
    ["a statement too short to read aloud", "AGREEMENT_STATEMENT", "I agree"],
  ])("skips %s and keeps the valid rows", (_, fieldName, value) => {
    const parsed = parseSettings([
      { fieldName: "POSTAL_VALIDATION", value: "true" },
      { fieldName, value },
      { fieldName: "ADDRESS_COMPLETENESS", value: "true" },
    ]);
    expect(parsed).toEqual({ POSTAL_VALIDATION: true, ADDRESS_COMPLETENESS: true });
  });

  it("reads a BOOLEAN as true only from the exact text true", () => {
    expect(parseSettings([{ fieldName: "GALLERY_RESTRICTION", value: "false" }])).toEqual({
      GALLERY_RESTRICTION: false,
    });
    expect(parseSettings([{ fieldName: "GALLERY_RESTRICTION", value: "TRUE" }])).toEqual({
      GALLERY_RESTRICTION: false,
    });
    expect(parseSettings([{ fieldName: "GALLERY_RESTRICTION", value: "1" }])).toEqual({ GALLERY_RESTRICTION: false });
  });

  it("returns nothing for no rows", () => {
    expect(parseSettings([])).toEqual({});
  });
});

describe("SettingsSchema (workflow definitions)", () => {
  it("accepts every setting with a valid value", () => {
    expect(SettingsSchema.parse(EVERY_SETTING)).toEqual(EVERY_SETTING);
  });

  it.each([
    [{ NOT_A_SETTING: true }],
    [{ LINK_EXPIRY_HOURS: 24 * 90 + 1 }],
    [{ ALLOWED_COUNTRIES: ["USA"] }],
    [{ ADDRESS_COMPLETENESS: "true" }],
    [{ WATCHLIST_THRESHOLD: 1.5 }],
  ])("refuses %j", (settings) => {
    expect(SettingsSchema.safeParse(settings).success).toBe(false);
  });
});

describe("AGREEMENT_STATEMENT (issue 33)", () => {
  it("refuses a statement that looks like an encrypted value, which would make its workflow unreadable", () => {
    expect(SettingsSchema.safeParse({ AGREEMENT_STATEMENT: "sealed:v1:AAAAAAAAAAAA" }).success).toBe(false);
    expect(SettingsSchema.safeParse({ AGREEMENT_STATEMENT: "I agree: sealed:v1: is fine here" }).success).toBe(true);
  });
});
