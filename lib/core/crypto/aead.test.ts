import { randomBytes } from "node:crypto";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { open, seal } from "@/lib/core/crypto/aead";

const key = randomBytes(32);
const HEADER = 1 + 12 + 16; // version | iv | tag

describe("seal / open (AES-256-GCM)", () => {
  it("round-trips any bytes, with or without associated data (property)", () => {
    fc.assert(
      fc.property(
        fc.uint8Array({ maxLength: 2048 }),
        fc.option(fc.string({ minLength: 1 }), { nil: undefined }),
        (bytes, aad) => {
          const plaintext = Buffer.from(bytes);
          const sealed = seal(plaintext, key, aad);
          expect(sealed.length).toBe(HEADER + plaintext.length);
          expect(open(sealed, key, aad).equals(plaintext)).toBe(true);
        },
      ),
    );
  });

  it("writes a versioned layout and a fresh IV each time: the same file never seals to the same bytes", () => {
    const plaintext = Buffer.from("the same passport scan, twice");
    const a = seal(plaintext, key);
    const b = seal(plaintext, key);
    expect(a[0]).toBe(1);
    expect(a.subarray(1, 13).equals(b.subarray(1, 13))).toBe(false);
    expect(a.equals(b)).toBe(false);
    expect(a.includes(plaintext)).toBe(false);
  });

  it("refuses a sealed buffer with any single byte changed (version, IV, tag or ciphertext) (property)", () => {
    const sealed = seal(Buffer.from("account statement 2024-01"), key, "file:abc");
    fc.assert(
      fc.property(fc.nat(sealed.length - 1), fc.integer({ min: 1, max: 255 }), (index, delta) => {
        const tampered = Buffer.from(sealed);
        tampered[index] = (tampered[index]! + delta) % 256;
        expect(() => open(tampered, key, "file:abc")).toThrow();
      }),
    );
  });

  it("refuses a truncated or extended buffer", () => {
    const sealed = seal(Buffer.from("hello"), key);
    expect(() => open(sealed.subarray(0, sealed.length - 1), key)).toThrow();
    expect(() => open(sealed.subarray(0, HEADER - 1), key)).toThrow(/not a sealed buffer/);
    expect(() => open(Buffer.concat([sealed, Buffer.from([0])]), key)).toThrow();
    expect(() => open(Buffer.alloc(0), key)).toThrow(/not a sealed buffer/);
  });

  it("refuses the wrong associated data, including missing or unexpected associated data", () => {
    const bound = seal(Buffer.from("secret"), key, "account:1");
    expect(() => open(bound, key, "account:2")).toThrow();
    expect(() => open(bound, key)).toThrow();
    const unbound = seal(Buffer.from("secret"), key);
    expect(() => open(unbound, key, "account:1")).toThrow();
    expect(open(bound, key, "account:1").toString()).toBe("secret");
  });

  it("refuses the wrong key", () => {
    const sealed = seal(Buffer.from("secret"), key);
    expect(() => open(sealed, randomBytes(32))).toThrow();
  });
});
