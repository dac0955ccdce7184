import { randomUUID } from "node:crypto";
import { afterEach, describe, expect, it, vi } from "vitest";
import { createAccount } from "@/lib/accounts/create-account";
import { clock } from "@/lib/clock";
import { LOGIN_LIMITS, consumeLoginAttempt } from "@/lib/dashboard/login-limit";
import { verifyPassword } from "@/lib/dashboard/verify-password";

afterEach(() => vi.restoreAllMocks());

// inside one fixed one-minute window (and one 15-minute window), whatever the wall clock does during the test
function freezeClock() {
  const start = new Date(Math.floor(Date.now() / 900_000) * 900_000 + 1_000);
  vi.spyOn(clock, "now").mockReturnValue(start);
}

describe("dashboard sign-in", () => {
  it("accepts the right password only, whatever the case of the e-mail", async () => {
    const email = `owner-${randomUUID()}@example.com`;
    await createAccount({ accountName: "Acme", email, password: "correct horse battery" });
    expect(await verifyPassword(email.toUpperCase(), "correct horse battery")).toMatchObject({ email });
    expect(await verifyPassword(email, "correct horse batterY")).toBeNull();
    expect(await verifyPassword(`nobody-${randomUUID()}@example.com`, "correct horse battery")).toBeNull();
  });

  it("limits attempts per e-mail address, from any address", async () => {
    freezeClock();
    const email = `target-${randomUUID()}@example.com`;
    for (let i = 0; i < LOGIN_LIMITS.perEmailPer15Minutes; i++) {
      expect((await consumeLoginAttempt(`198.51.100.${i}`, email)).limited).toBe(false);
    }
    const limited = await consumeLoginAttempt("198.51.100.200", email.toUpperCase());
    expect(limited).toMatchObject({ limited: true });
    expect(limited.limited && limited.retryAfterSeconds).toBeGreaterThan(0);
    // another e-mail from a fresh address is not affected
    expect((await consumeLoginAttempt("198.51.100.201", `other-${randomUUID()}@example.com`)).limited).toBe(false);
  });

  it("limits attempts per client address, across e-mail addresses", async () => {
    freezeClock();
    const ip = `2001:db8::${randomUUID().slice(0, 4)}`;
    for (let i = 0; i < LOGIN_LIMITS.perAddressPerMinute; i++) {
      expect((await consumeLoginAttempt(ip, `guess-${i}-${randomUUID()}@example.com`)).limited).toBe(false);
    }
    expect((await consumeLoginAttempt(ip, `guess-last-${randomUUID()}@example.com`)).limited).toBe(true);
  });
});
