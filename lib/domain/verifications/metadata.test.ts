import { describe, expect, it } from "vitest";
import { DomainError } from "@/lib/core/errors";
import { MAX_METADATA_BYTES, isStorableString, validateMetadata } from "@/lib/domain/verifications/metadata";

/** The DomainError validateMetadata throws, as the API would answer it. */
function refusal(value: unknown): { code: string; status: number; details: { field?: string; message: string }[] } {
  try {
    validateMetadata(value);
  } catch (error) {
    if (!(error instanceof DomainError)) throw error;
    return { code: error.code, status: error.status, details: error.details ?? [] };
  }
  throw new Error("expected validateMetadata to refuse the value");
}

/** {k1: {k2: ... {kn: "leaf"}}}: the leaf sits `levels` keys deep. */
function nested(levels: number): Record<string, unknown> {
  let value: unknown = "leaf";
  for (let i = levels; i >= 1; i--) value = { [`k${i}`]: value };
  return value as Record<string, unknown>;
}

describe("validateMetadata", () => {
  it("treats absent or null metadata as an empty object", () => {
    expect(validateMetadata(undefined)).toEqual({});
    expect(validateMetadata(null)).toEqual({});
  });

  it("returns valid metadata unchanged, including the commonly used keys", () => {
    const metadata = {
      reference: "order-7",
      email: "a@b.co",
      userId: "user-1",
      deviceId: "d-1",
      ipAddress: "198.51.100.4",
      redirectUrl: "https://shop.example/done",
      extra: { nested: [1, "two", null] },
    };
    expect(validateMetadata(metadata)).toBe(metadata);
    expect(validateMetadata({ userId: 42, ipAddress: "2001:db8::1", redirectUrl: "http://localhost:3000/x" })).toEqual({
      userId: 42,
      ipAddress: "2001:db8::1",
      redirectUrl: "http://localhost:3000/x",
    });
  });

  it.each([
    ["a string", "x"],
    ["a number", 5],
    ["a boolean", true],
    ["an array", [1, 2]],
  ])("refuses %s with VALIDATION_ERROR on field metadata", (_, value) => {
    expect(refusal(value)).toEqual({
      code: "VALIDATION_ERROR",
      status: 400,
      details: [{ field: "metadata", message: "Expected an object" }],
    });
  });

  it("accepts 8 levels of nesting and refuses 9, naming the path", () => {
    expect(validateMetadata(nested(8))).toEqual(nested(8));
    const refused = refusal(nested(9));
    expect(refused.code).toBe("VALIDATION_ERROR");
    expect(refused.details[0]!.message).toMatch(/deeper than 8/);
    expect(refused.details[0]!.field).toBe("metadata.k1.k2.k3.k4.k5.k6.k7.k8.k9");
    // arrays count as levels too
    expect(refusal({ a: [[[[[[[[["x"]]]]]]]]] }).code).toBe("VALIDATION_ERROR");
  });

  it.each([
    ["a NUL character in a value", { note: "a\u0000b" }, "metadata.note"],
    ["a lone high surrogate in a value", { note: "x\ud800" }, "metadata.note"],
    ["a lone low surrogate deep inside", { a: { b: ["ok", "\udc00"] } }, "metadata.a.b.1"],
    ["a NUL character in a key", { "bad\u0000key": 1 }, "metadata"],
    ["a lone surrogate in a key", { "\ud800": 1 }, "metadata"],
  ])("refuses %s (PostgreSQL could not store it), naming the field", (_, value, field) => {
    const refused = refusal(value);
    expect(refused.code).toBe("VALIDATION_ERROR");
    expect(refused.details).toHaveLength(1);
    expect(refused.details[0]!.field).toBe(field);
  });

  it("accepts emoji, right-to-left text and other well-formed Unicode", () => {
    const metadata = { name: "שלום 👋🏽 مرحبا", flag: "🇩🇪", combining: "e\u0301" };
    expect(validateMetadata(metadata)).toBe(metadata);
  });

  it("allows exactly 16 KiB of JSON and refuses one byte more with 413 PAYLOAD_TOO_LARGE", () => {
    const wrapper = Buffer.byteLength(JSON.stringify({ blob: "" }));
    expect(MAX_METADATA_BYTES).toBe(16 * 1024);
    expect(validateMetadata({ blob: "x".repeat(MAX_METADATA_BYTES - wrapper) })).toBeTruthy();
    const refused = refusal({ blob: "x".repeat(MAX_METADATA_BYTES - wrapper + 1) });
    expect(refused.code).toBe("PAYLOAD_TOO_LARGE");
    expect(refused.status).toBe(413);
  });

  it("counts bytes, not characters: 8,200 two-byte characters are over the limit", () => {
    expect(refusal({ blob: "é".repeat(8200) }).code).toBe("PAYLOAD_TOO_LARGE");
  });

  it.each([
    ["userId", ""],
    ["userId", "u".repeat(201)],
    ["userId", true],
    ["userId", { id: 1 }],
    ["userId", null],
    ["ipAddress", "999.1.1.1"],
    ["ipAddress", "localhost"],
    ["ipAddress", 3232235777],
    ["redirectUrl", "javascript:alert(1)"],
    ["redirectUrl", "ftp://files.example/x"],
    ["redirectUrl", "/relative/path"],
    ["redirectUrl", `https://example.com/${"a".repeat(2048)}`],
  ])("refuses metadata.%s = %j", (key, value) => {
    const refused = refusal({ [key]: value });
    expect(refused.code).toBe("VALIDATION_ERROR");
    expect(refused.details.map((d) => d.field)).toEqual([`metadata.${key}`]);
  });

  it("accepts the boundaries of the known keys", () => {
    expect(() => validateMetadata({ userId: "u" })).not.toThrow();
    expect(() => validateMetadata({ userId: "u".repeat(200) })).not.toThrow();
    expect(() => validateMetadata({ redirectUrl: `https://e.co/${"a".repeat(2048 - 13)}` })).not.toThrow();
  });

  it("reports every problem of the known keys at once", () => {
    const refused = refusal({ userId: "", ipAddress: "nope", redirectUrl: "javascript:x" });
    expect(refused.details.map((d) => d.field)).toEqual([
      "metadata.userId",
      "metadata.ipAddress",
      "metadata.redirectUrl",
    ]);
  });
});

describe("isStorableString", () => {
  it.each([
    ["plain text", "hello", true],
    ["emoji (surrogate pairs)", "👨‍👩‍👧", true],
    ["empty", "", true],
    ["NUL", "a\u0000", false],
    ["a lone high surrogate", "\ud83d", false],
    ["surrogates in the wrong order", "\ude00\ud83d", false],
  ])("%s → %s", (_, value, expected) => {
    expect(isStorableString(value)).toBe(expected);
  });
});
