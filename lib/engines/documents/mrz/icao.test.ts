import { describe, expect, it } from "vitest";
import { alpha2OfMrzState, checkDigit, mrzDate, mrzStateOf } from "./icao";

describe("checkDigit", () => {
  it("follows ICAO 9303-3 (the specimen of 9303-4 Appendix A)", () => {
    expect(checkDigit("L898902C3")).toBe("6");
    expect(checkDigit("740812")).toBe("2");
    expect(checkDigit("120415")).toBe("9");
    expect(checkDigit("<<<<<<<<<<<<<<")).toBe("0");
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
