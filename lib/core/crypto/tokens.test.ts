import { hmacHex } from "@/lib/core/crypto/hash";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

const SECRET = "unit-test-app-secret-0123456789abcdef-0123";
const VERIFICATION = "01960000-0000-7000-8000-000000000001";

/** A fresh copy of the token module reading APP_SECRET = `secret` (secrets() caches per module instance). */
async function tokensWith(secret: string) {
  vi.resetModules();
  vi.stubEnv("APP_SECRET", secret);
  // both set, so secrets() never generates a secrets file under DATA_DIR
  vi.stubEnv("STORAGE_ENCRYPTION_KEY", Buffer.alloc(32, 1).toString("base64"));
  vi.stubEnv("DATABASE_URL", "postgresql://unit-tests-do-not-connect/none");
  (await import("@/lib/core/env")).resetEnvCache();
  return import("@/lib/core/crypto/tokens");
}

/** A correctly signed token around any payload text: what only the holder of APP_SECRET can make. */
function signed(payloadText: string, secret = SECRET) {
  const body = Buffer.from(payloadText).toString("base64url");
  return `vst_${body}.${hmacHex(`${secret}:verification-token`, body)}`;
}

let tokens: Awaited<ReturnType<typeof tokensWith>>;
const inOneHour = () => new Date(Date.now() + 3_600_000);

beforeEach(async () => {
  tokens = await tokensWith(SECRET);
});
afterEach(() => {
  vi.unstubAllEnvs();
});

describe("verification tokens", () => {
  it("issues a vst_ token that reads back as its verification id for its purpose", () => {
    for (const purpose of ["resume", "session"] as const) {
      const token = tokens.issueVerificationToken(VERIFICATION, purpose, inOneHour());
      expect(token).toMatch(/^vst_[A-Za-z0-9_-]+\.[0-9a-f]{64}$/);
      expect(tokens.isVerificationToken(token)).toBe(true);
      expect(tokens.readVerificationToken(token, purpose)).toBe(VERIFICATION);
    }
  });

  it("fits in a URL query and under the 512-character limit the reader enforces", () => {
    const token = tokens.issueVerificationToken(VERIFICATION, "resume", inOneHour());
    expect(encodeURIComponent(token)).toBe(token);
    expect(token.length).toBeLessThanOrEqual(512);
  });

  it("does not accept a token for another purpose (a resume link is not a session, and back)", () => {
    const resume = tokens.issueVerificationToken(VERIFICATION, "resume", inOneHour());
    const session = tokens.issueVerificationToken(VERIFICATION, "session", inOneHour());
    expect(tokens.readVerificationToken(resume, "session")).toBeNull();
    expect(tokens.readVerificationToken(session, "resume")).toBeNull();
  });

  it("expires at its expiry time (second resolution)", () => {
    const expiresAt = new Date("2030-01-01T12:00:00.000Z");
    const token = tokens.issueVerificationToken(VERIFICATION, "session", expiresAt);
    expect(tokens.readVerificationToken(token, "session", new Date("2030-01-01T11:59:59.000Z"))).toBe(VERIFICATION);
    expect(tokens.readVerificationToken(token, "session", expiresAt)).toBeNull();
    expect(tokens.readVerificationToken(token, "session", new Date("2030-01-02T00:00:00.000Z"))).toBeNull();
    const past = tokens.issueVerificationToken(VERIFICATION, "session", new Date(Date.now() - 1000));
    expect(tokens.readVerificationToken(past, "session")).toBeNull();
  });

  it("refuses a forged signature, a swapped payload and a token signed with another secret", () => {
    const token = tokens.issueVerificationToken(VERIFICATION, "session", inOneHour());
    const [body, signature] = token.slice(4).split(".");
    const flipped = signature!.slice(0, -1) + (signature!.endsWith("0") ? "1" : "0");
    expect(tokens.readVerificationToken(`vst_${body}.${flipped}`, "session")).toBeNull();
    expect(tokens.readVerificationToken(`vst_${body}.`, "session")).toBeNull();
    expect(tokens.readVerificationToken(`vst_${body}`, "session")).toBeNull();

    // someone else's verification id under this token's signature
    const otherBody = Buffer.from(
      JSON.stringify({ v: "01960000-0000-7000-8000-000000000002", p: "session", e: 4_102_444_800 }),
    ).toString("base64url");
    expect(tokens.readVerificationToken(`vst_${otherBody}.${signature}`, "session")).toBeNull();

    const forged = signed(
      JSON.stringify({ v: VERIFICATION, p: "session", e: 4_102_444_800 }),
      "another-secret-another-secret-another-secret",
    );
    expect(tokens.readVerificationToken(forged, "session")).toBeNull();
    expect(
      tokens.readVerificationToken(
        signed(JSON.stringify({ v: VERIFICATION, p: "session", e: 4_102_444_800 })),
        "session",
      ),
    ).toBe(VERIFICATION);
  });

  it("stops accepting old tokens when APP_SECRET changes", async () => {
    const token = tokens.issueVerificationToken(VERIFICATION, "resume", inOneHour());
    const rotated = await tokensWith("a-rotated-app-secret-0123456789abcdef-4567");
    expect(rotated.readVerificationToken(token, "resume")).toBeNull();
  });

  it("returns null, never throws, for malformed tokens and for signed payloads of the wrong shape", () => {
    for (const bad of [
      "",
      "vst_",
      "vst_.",
      "vst_a.b",
      "Bearer x",
      "vst_" + "a".repeat(600),
      "vst_%%%.%%%",
      "vst_\u0000.\ud800",
    ]) {
      expect(tokens.readVerificationToken(bad, "session")).toBeNull();
    }
    for (const payload of [
      "null",
      "[]",
      "42",
      "not json",
      '{"v":7,"p":"session","e":4102444800}',
      '{"p":"session","e":4102444800}',
    ]) {
      expect(tokens.readVerificationToken(signed(payload), "session")).toBeNull();
    }
  });

  it("recognises tokens by their vst_ prefix only", () => {
    expect(tokens.isVerificationToken("vst_anything")).toBe(true);
    expect(tokens.isVerificationToken("ok_live_abc")).toBe(false);
    expect(tokens.isVerificationToken("VST_abc")).toBe(false);
  });
});
