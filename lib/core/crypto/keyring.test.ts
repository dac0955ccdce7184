import { hkdfSync, randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { seal } from "@/lib/core/crypto/aead";
import { blindIndex, openJson, openText, sealJson, sealText, sealedBytes } from "@/lib/core/crypto/field-crypto";
import { currentHeader, eachKey, isUnderCurrentKey, makeKeyring, openWith, sealWith } from "@/lib/core/crypto/keyring";

const a = randomBytes(32);
const b = randomBytes(32);

/** A text column value exactly as versions before key ids wrote it (layout v1, no key id). */
function legacyText(root: Buffer, plaintext: string): string {
  const field = Buffer.from(hkdfSync("sha256", root, Buffer.alloc(0), "openkyc field encryption v1", 32));
  return `sealed:v1:${seal(Buffer.from(plaintext), field).toString("base64url")}`;
}

describe("the storage keyring", () => {
  it("reads values written before key ids under whichever key of the ring sealed them", () => {
    const old = legacyText(a, "10 Downing Street");
    expect(openText(a, old)).toBe("10 Downing Street");
    expect(openText(makeKeyring(b, [a]), old)).toBe("10 Downing Street");
    expect(() => openText(b, old)).toThrow();
    const file = seal(Buffer.from("scan"), a, "acc/1"); // a file as older versions sealed it
    expect(openWith(makeKeyring(b, [a]), "root", file, "acc/1").toString()).toBe("scan");
    expect(isUnderCurrentKey(a, file)).toBe(false);
  });

  it("seals under the current key with its id; a ring without that key names the missing id", () => {
    const ring = makeKeyring(b, [a]);
    const value = sealJson(ring, { email: "ada@example.test" });
    expect(isUnderCurrentKey(b, sealedBytes(value))).toBe(true);
    expect(openJson(b, value)).toEqual({ email: "ada@example.test" });
    expect(openJson(makeKeyring(a, [b]), value)).toEqual({ email: "ada@example.test" });
    const id = makeKeyring(b).current.id.toString("hex");
    expect(() => openJson(a, value)).toThrow(new RegExp(`key id ${id}.*not configured`));
  });

  it("puts the current key's header in the first 8 base64 characters of every value (what SQL compares)", () => {
    const header = currentHeader(b);
    expect(header.toString("base64url")).toHaveLength(8);
    expect(header.toString("base64")).toHaveLength(8);
    const text = sealText(makeKeyring(b, [a]), "x");
    expect(text.slice("sealed:v1:".length, "sealed:v1:".length + 8)).toBe(header.toString("base64url"));
    expect(sealWith(b, "root", Buffer.from("x")).subarray(0, 6).equals(header)).toBe(true);
    expect(currentHeader(a).equals(header)).toBe(false);
  });

  it("indexes under the current key; a lookup gets one index per key of the ring", () => {
    const ring = makeKeyring(b, [a]);
    expect(blindIndex(ring, "email", "x")).toBe(blindIndex(b, "email", "x"));
    expect(eachKey(ring).map((k) => blindIndex(k, "email", "x"))).toEqual([
      blindIndex(b, "email", "x"),
      blindIndex(a, "email", "x"),
    ]);
    expect(makeKeyring(a, [a, b, b]).keys).toHaveLength(2);
    expect(() => makeKeyring(Buffer.alloc(16))).toThrow(/32 bytes/);
  });
});
