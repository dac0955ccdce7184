import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { blindIndex, isSealedJson, openJson, openText, sealJson, sealText } from "@/lib/core/crypto/field-crypto";
import { inputIndex, nameWords, referencePrefixes } from "@/lib/core/crypto/search-index";
import { openResult, sealWriteArgs } from "@/lib/core/crypto/sealed-columns";

const key = randomBytes(32);
const otherKey = randomBytes(32);

describe("field encryption", () => {
  it("seals JSON and text so the plaintext is not in the stored form, and opens them back", () => {
    const metadata = { email: "ada@example.test", nested: { dob: "1815-12-10" } };
    const sealed = sealJson(key, metadata);
    expect(isSealedJson(sealed)).toBe(true);
    expect(JSON.stringify(sealed)).not.toContain("ada@example.test");
    expect(openJson(key, sealed)).toEqual(metadata);
    expect(sealJson(key, metadata)).not.toEqual(sealed); // a fresh IV each time: equal values do not look equal
    const text = sealText(key, "10 Downing Street");
    expect(text).toMatch(/^sealed:v1:/);
    expect(openText(key, text)).toBe("10 Downing Street");
  });

  it("refuses a tampered value or another key, and passes values written before encryption through", () => {
    const text = sealText(key, "secret");
    // one bit of the sealed bytes flipped (changing the last base64 characters could leave the bytes as they were:
    // the last character may carry unused bits, so the test failed now and then)
    const prefix = "sealed:v1:";
    const bytes = Buffer.from(text.slice(prefix.length), "base64url");
    bytes[bytes.length - 1]! ^= 1;
    const tampered = prefix + bytes.toString("base64url");
    expect(() => openText(key, tampered)).toThrow();
    expect(() => openText(otherKey, text)).toThrow();
    expect(openText(key, "plain legacy value")).toBe("plain legacy value");
    expect(openJson(key, { reference: "legacy" })).toEqual({ reference: "legacy" });
  });

  it("blind indexes are deterministic per key and normalised per kind", () => {
    expect(blindIndex(key, "email", "a@b.test")).toBe(blindIndex(key, "email", "a@b.test"));
    expect(blindIndex(key, "email", "a@b.test")).not.toBe(blindIndex(otherKey, "email", "a@b.test"));
    expect(blindIndex(key, "email", "x")).not.toBe(blindIndex(key, "reference", "x"));
    expect(inputIndex(key, "EMAIL", " Ada@Example.TEST ")).toBe(inputIndex(key, "EMAIL", "ada@example.test"));
    expect(inputIndex(key, "POSTAL_CODE", "sw1a 2aa")).toBe(inputIndex(key, "POSTAL_CODE", "SW1A-2AA"));
    expect(inputIndex(key, "ADDRESS_LINE", "10 Downing Street")).toBeNull(); // only the listed inputs are indexed
    expect(nameWords("Zoltán  KOVÁCS-Nagy")).toEqual(["zoltan", "kovacs", "nagy"]);
    expect(referencePrefixes(key, "ab")).toEqual([]);
    expect(referencePrefixes(key, "abcde")).toHaveLength(3);
  });

  it("a write through the client seals the columns and sets the indexes; a read opens them wherever they sit", () => {
    const args = sealWriteArgs(key, "Verification", "create", {
      data: { accountId: "a", metadata: { email: "Ada@Example.test", reference: "ref-1" } },
    }) as { data: Record<string, unknown> };
    expect(isSealedJson(args.data.metadata)).toBe(true);
    expect(args.data.emailIndex).toBe(blindIndex(key, "email", "ada@example.test"));
    expect(args.data.referencePrefixes).toHaveLength(3);
    const step = sealWriteArgs(key, "VerificationStep", "update", {
      where: { id: "s" },
      data: {
        data: { full_name: "Ada Lovelace", document_number: "X1" },
        checks: [{ name: "MRZ", result: "FAILED", detail: "Ada" }],
      },
    }) as { data: Record<string, unknown> };
    expect(step.data.nameWords).toHaveLength(2);
    expect(step.data.failedChecks).toEqual(["MRZ"]);
    expect(() =>
      sealWriteArgs(key, "VerificationInput", "update", { where: { id: "i" }, data: { value: "x" } }),
    ).toThrow(/fieldName/);
    const read = openResult(key, {
      id: "v",
      metadata: args.data.metadata,
      steps: [{ data: step.data.data, inputs: [{ value: sealText(key, "ada@example.test") }] }],
    });
    expect(read).toEqual({
      id: "v",
      metadata: { email: "Ada@Example.test", reference: "ref-1" },
      steps: [{ data: { full_name: "Ada Lovelace", document_number: "X1" }, inputs: [{ value: "ada@example.test" }] }],
    });
  });
});

describe("values that look sealed (issue 33)", () => {
  it("are sealed like any other: stored as ciphertext and read back as written", () => {
    const lookalikeText = "sealed:v1:AAAA-not-a-real-envelope";
    const input = sealWriteArgs(key, "VerificationInput", "create", {
      data: { verificationId: "v", fieldName: "FULL_NAME", type: "TEXT", value: lookalikeText },
    }) as { data: { value: string } };
    expect(input.data.value).not.toBe(lookalikeText);
    expect(openResult(key, { value: input.data.value })).toEqual({ value: lookalikeText });

    const lookalikeJson = { $sealed: "AAAA-not-a-real-envelope" };
    const verification = sealWriteArgs(key, "Verification", "create", {
      data: { accountId: "a", metadata: lookalikeJson },
    }) as { data: { metadata: unknown } };
    expect(verification.data.metadata).not.toEqual(lookalikeJson);
    expect(openResult(key, { metadata: verification.data.metadata })).toEqual({ metadata: lookalikeJson });
  });
});
