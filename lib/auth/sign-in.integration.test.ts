import { randomUUID } from "node:crypto";
import { afterEach, describe, expect, it, vi } from "vitest";
import { createAccount } from "@/lib/domain/accounts/create-account";
import { clock } from "@/lib/core/clock";
import { LOGIN_LIMITS, consumeLoginAttempt } from "@/lib/auth/login-limit";
import { verifyPassword } from "@/lib/auth/verify-password";

afterEach(() => vi.restoreAllMocks());

// inside one fixed one-minute window (and one 15-minute and one hour window), whatever the wall clock does during the test
function freezeClock() {
  const start = new Date(Math.floor(Date.now() / 3_600_000) * 3_600_000 + 1_000);
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

  it("locks out one (address, e-mail) pair: the real user from a fresh address still signs in", async () => {
    freezeClock();
    const email = `target-${randomUUID()}@example.com`;
    const attacker = `198.51.100.${Math.floor(Math.random() * 200)}`;
    for (let i = 0; i < LOGIN_LIMITS.perAddressAndEmailPer15Minutes; i++)
      expect((await consumeLoginAttempt(attacker, email)).limited).toBe(false);
    // the attacker keeps hammering: refused, and none of it counts toward the e-mail's own ceiling
    for (let i = 0; i < 60; i++) expect((await consumeLoginAttempt(attacker, email.toUpperCase())).limited).toBe(true);
    const limited = await consumeLoginAttempt(attacker, email);
    expect(limited.limited && limited.retryAfterSeconds).toBeGreaterThan(0);
    expect((await consumeLoginAttempt("203.0.113.77", email)).limited).toBe(false);
  });

  it("slows guessing spread over many addresses with a per-e-mail ceiling", async () => {
    freezeClock();
    const email = `spread-${randomUUID()}@example.com`;
    for (let i = 0; i < LOGIN_LIMITS.perEmailPerHour; i++)
      expect((await consumeLoginAttempt(`2001:db8:1::${i.toString(16)}`, email)).limited).toBe(false);
    expect((await consumeLoginAttempt("2001:db8:2::1", email)).limited).toBe(true);
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
