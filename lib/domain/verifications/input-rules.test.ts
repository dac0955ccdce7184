import { afterEach, describe, expect, it, vi } from "vitest";
import { documentTypeIssuedIn } from "@/lib/domain/flows/document-types/catalog";
import { TEXT_RULES, isoDate, pickOption } from "@/lib/domain/verifications/input-rules";
import { LocationSchema } from "@/lib/shared/location-input";

const accepts = (field: string, value: string) => {
  const result = TEXT_RULES[field]!.safeParse(value);
  return result.success ? result.data : null;
};
const refusal = (field: string, value: string) => {
  const result = TEXT_RULES[field]!.safeParse(value);
  if (result.success) throw new Error(`${field} accepted ${JSON.stringify(value)}`);
  return result.error.issues[0]!.message;
};

describe("TEXT_RULES", () => {
  it("has a rule for every TEXT input of the decisions table", () => {
    expect(Object.keys(TEXT_RULES).sort()).toEqual(
      [
        "ADDRESS_LINE",
        "CITY",
        "COUNTRY",
        "DATE_OF_BIRTH",
        "DIGITAL_CREDENTIAL",
        "EMAIL",
        "EMAIL_OTP",
        "FULL_NAME",
        "POSTAL_CODE",
        "PROVINCE",
      ].sort(),
    );
  });

  it("DIGITAL_CREDENTIAL: the JSON object of a wallet's answer, kept as sent; refuses what is not one", () => {
    const answer = JSON.stringify({ protocol: "openid4vp-v1-unsigned", data: { response: "eyJ..." } });
    expect(accepts("DIGITAL_CREDENTIAL", answer)).toBe(answer);
    for (const bad of ["", "not json", "[1,2]", "null", "42", `{"a":"${"x".repeat(512 * 1024)}"}`])
      expect(accepts("DIGITAL_CREDENTIAL", bad), bad.slice(0, 20)).toBeNull();
  });

  it("EMAIL: trims and lower-cases, refuses what is not an address", () => {
    expect(accepts("EMAIL", "  Jane.Doe@Example.COM ")).toBe("jane.doe@example.com");
    for (const bad of ["", "jane", "jane@", "@example.com", "jane doe@example.com", `${"a".repeat(250)}@x.io`]) {
      expect(accepts("EMAIL", bad), bad).toBeNull();
    }
  });

  it("EMAIL_OTP: exactly six digits (surrounding spaces forgiven)", () => {
    expect(accepts("EMAIL_OTP", "012345")).toBe("012345");
    expect(accepts("EMAIL_OTP", " 123456 ")).toBe("123456");
    for (const bad of ["12345", "1234567", "12a456", "١٢٣٤٥٦", "", "123 456"])
      expect(accepts("EMAIL_OTP", bad), bad).toBeNull();
    expect(refusal("EMAIL_OTP", "12")).toBe("Expected the 6-digit code");
  });

  it("FULL_NAME: needs a letter, accepts names in any script, at most 200 characters", () => {
    expect(accepts("FULL_NAME", "  Jane Doe ")).toBe("Jane Doe");
    for (const name of ["José Ñúñez", "李小龍", "Ørjan Ødegård", "محمد علي", "O'Brien-Smith"])
      expect(accepts("FULL_NAME", name), name).toBe(name);
    expect(refusal("FULL_NAME", "   ")).toBe("Required");
    expect(refusal("FULL_NAME", "12345")).toBe("Expected a name");
    expect(refusal("FULL_NAME", "a".repeat(201))).toBe("At most 200 characters");
    expect(accepts("FULL_NAME", "a".repeat(200))).toHaveLength(200);
  });

  it.each(["FULL_NAME", "ADDRESS_LINE", "CITY", "PROVINCE"])(
    "%s refuses NUL characters and lone surrogates",
    (field) => {
      expect(refusal(field, "Jane\u0000Doe")).toMatch(/NUL|Unicode/);
      expect(refusal(field, "Jane\ud800")).toMatch(/NUL|Unicode/);
    },
  );

  describe("DATE_OF_BIRTH", () => {
    afterEach(() => {
      vi.useRealTimers();
    });

    it("accepts real past dates as YYYY-MM-DD, leap days included", () => {
      for (const date of ["1990-01-01", "2000-02-29", "1900-01-01"])
        expect(accepts("DATE_OF_BIRTH", date), date).toBe(date);
    });

    it.each([
      ["1990-02-30", "Not a real calendar date"],
      ["1900-02-29", "Not a real calendar date"],
      ["1990-13-01", "Not a real calendar date"],
      ["1990-1-1", "Expected a date as YYYY-MM-DD"],
      ["01/02/1990", "Expected a date as YYYY-MM-DD"],
      ["1899-12-31", "Must be in the past"],
    ])("refuses %s (%s)", (date, message) => {
      expect(refusal("DATE_OF_BIRTH", date)).toBe(message);
    });

    it("refuses dates after today", () => {
      vi.useFakeTimers({ now: new Date("2026-06-15T10:00:00Z") });
      expect(accepts("DATE_OF_BIRTH", "2026-06-14")).toBe("2026-06-14");
      expect(accepts("DATE_OF_BIRTH", "2026-06-16")).toBeNull();
      expect(accepts("DATE_OF_BIRTH", "2999-01-01")).toBeNull();
    });
  });

  it("POSTAL_CODE: letters, digits, spaces and hyphens, at most 20", () => {
    for (const code of ["10115", "SW1A 1AA", "K1A-0B1", "75008", "H-1051"])
      expect(accepts("POSTAL_CODE", code), code).toBe(code);
    expect(refusal("POSTAL_CODE", "10115!")).toBe("Letters, digits, spaces and hyphens only");
    expect(refusal("POSTAL_CODE", "1".repeat(21))).toBe("At most 20 characters");
    expect(refusal("POSTAL_CODE", "  ")).toBe("Required");
  });

  it("ADDRESS_LINE, CITY, PROVINCE: required text with a length limit", () => {
    expect(accepts("ADDRESS_LINE", " 221B Baker Street ")).toBe("221B Baker Street");
    expect(accepts("ADDRESS_LINE", "a".repeat(201))).toBeNull();
    expect(accepts("CITY", "São Paulo")).toBe("São Paulo");
    expect(accepts("CITY", "a".repeat(101))).toBeNull();
    expect(accepts("PROVINCE", "a".repeat(101))).toBeNull();
    expect(accepts("CITY", "")).toBeNull();
  });

  it("COUNTRY: an ISO 3166-1 alpha-2 code or Kosovo's XK, stored upper-case", () => {
    expect(accepts("COUNTRY", "de")).toBe("DE");
    expect(accepts("COUNTRY", "US")).toBe("US");
    expect(accepts("COUNTRY", "xk")).toBe("XK");
    for (const bad of ["XX", "DEU", "Germany", "D", "", "ZZ", "XKX"]) expect(accepts("COUNTRY", bad), bad).toBeNull();
  });
});

describe("isoDate", () => {
  it("checks the format and the calendar, not the range", () => {
    expect(isoDate.safeParse("2999-12-31").success).toBe(true);
    expect(isoDate.safeParse("2023-02-29").success).toBe(false);
    expect(isoDate.safeParse("2024-02-29").success).toBe(true);
    expect(isoDate.safeParse("2024-02-29T00:00:00Z").success).toBe(false);
  });
});

describe("LocationSchema", () => {
  it("accepts latitude and longitude within range, accuracy optional", () => {
    expect(LocationSchema.parse({ latitude: 52.52, longitude: 13.405 })).toEqual({
      latitude: 52.52,
      longitude: 13.405,
    });
    expect(LocationSchema.parse({ latitude: -90, longitude: 180, accuracy: 0 })).toEqual({
      latitude: -90,
      longitude: 180,
      accuracy: 0,
    });
  });

  it.each([
    [{ latitude: 90.1, longitude: 0 }],
    [{ latitude: 0, longitude: -180.5 }],
    [{ latitude: 0, longitude: 0, accuracy: -1 }],
    [{ latitude: 0, longitude: 0, accuracy: 1_000_001 }],
    [{ latitude: "52.5", longitude: "13.4" }],
    [{ latitude: 0 }],
    [{ latitude: 0, longitude: 0, altitude: 30 }],
    [{ latitude: Number.NaN, longitude: 0 }],
    [{ latitude: Number.POSITIVE_INFINITY, longitude: 0 }],
  ])("refuses %j", (value) => {
    expect(LocationSchema.safeParse(value).success).toBe(false);
  });
});

describe("pickOption", () => {
  const options = ["PASSPORT", "NATIONAL_ID", "DRIVERS_LICENSE"];

  it("matches case-insensitively and returns the option as offered", () => {
    expect(pickOption("passport", options)).toBe("PASSPORT");
    expect(pickOption("  National_Id ", options)).toBe("NATIONAL_ID");
  });

  it("returns null for anything not offered", () => {
    expect(pickOption("VOTER_ID", options)).toBeNull();
    expect(pickOption("", options)).toBeNull();
    expect(pickOption("PASSPORTS", options)).toBeNull();
    expect(pickOption("PASSPORT", [])).toBeNull();
  });
});

describe("documentTypeIssuedIn", () => {
  it.each([
    ["NATIONAL_ID", "DE", true],
    ["NATIONAL_ID", "GB", false],
    ["NATIONAL_ID", "US", true],
    ["VOTER_ID", "IN", true],
    ["VOTER_ID", "FR", false],
    ["PASSPORT", "AQ", false],
    ["PASSPORT", "us", true],
  ])("%s from %s → %s", (type, country, expected) => {
    expect(documentTypeIssuedIn(type, country)).toBe(expected);
  });

  it("has no rule for names outside the catalogue (the DOCUMENT_TYPE dropdown refuses those)", () => {
    expect(documentTypeIssuedIn("LIBRARY_CARD", "US")).toBe(true);
  });
});
