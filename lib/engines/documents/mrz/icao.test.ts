import { describe, expect, it } from "vitest";
import { alpha2OfMrzState, checkDigit, mrzDate, mrzPartialBirth, mrzStateOf } from "./icao";

describe("checkDigit", () => {
  it("follows ICAO 9303-3 (the specimen of 9303-4 Appendix A)", () => {
    expect(checkDigit("L898902C3")).toBe("6");
    expect(checkDigit("740812")).toBe("2");
    expect(checkDigit("120415")).toBe("9");
    expect(checkDigit("<<<<<<<<<<<<<<")).toBe("0");
  });
});

describe("mrzPartialBirth", () => {
  const today = new Date("2026-11-25T00:00:00Z");
  it("says what is known of a birth date ICAO 9303 prints with fillers for the unknown parts", () => {
    expect(mrzPartialBirth("6503<<", today)).toBe("1965-03");
    expect(mrzPartialBirth("65<<<<", today)).toBe("1965");
    expect(mrzPartialBirth("2612<<", today)).toBe("1926-12");
    expect(mrzPartialBirth("2611<<", today)).toBe("2026-11");
    expect(mrzPartialBirth("<<<<<<", today)).toBe("");
  });
  it("is null for a whole date, a misread and a month that is none", () => {
    expect(mrzPartialBirth("650310", today)).toBeNull();
    expect(mrzPartialBirth("65031<", today)).toBeNull();
    expect(mrzPartialBirth("6513<<", today)).toBeNull();
    expect(mrzPartialBirth(null, today)).toBeNull();
  });
});

describe("mrzDate", () => {
  const today = new Date("2026-11-25T00:00:00Z");
  it("puts a birth date in the latest century not after today, an expiry date near today", () => {
    expect(mrzDate("650310", "birth", today)).toBe("1965-03-10");
    expect(mrzDate("050310", "birth", today)).toBe("2005-03-10");
    expect(mrzDate("270101", "birth", today)).toBe("1927-01-01");
    expect(mrzDate("340415", "expiry", today)).toBe("2034-04-15");
    expect(mrzDate("991231", "expiry", today)).toBe("1999-12-31");
  });
  it("refuses impossible dates", () => {
    expect(mrzDate("650231", "birth", today)).toBeNull();
    expect(mrzDate("65O310", "birth", today)).toBeNull();
    expect(mrzDate(null, "expiry", today)).toBeNull();
  });
});

describe("state codes", () => {
  it("maps MRZ states to ISO alpha-2, Germany's D included", () => {
    expect(alpha2OfMrzState("NLD")).toBe("NL");
    expect(alpha2OfMrzState("D<<")).toBe("DE");
    expect(alpha2OfMrzState("UTO")).toBeNull();
    expect(mrzStateOf("DE")).toBe("D");
    expect(mrzStateOf("fr")).toBe("FRA");
  });

  it("reads Kosovo's RKS as XK, the country code the API accepts, and writes it back", () => {
    expect(alpha2OfMrzState("RKS")).toBe("XK");
    expect(mrzStateOf("XK")).toBe("RKS");
  });
});
