import { afterEach, describe, expect, it, vi } from "vitest";
import { resetEnvCache } from "@/lib/env";
import { canSeeOutbox } from "@/lib/email/outbox-access";

const from = (ip: string, extra: Record<string, string> = {}) => new Headers({ "x-openkyc-client-ip": ip, ...extra });

describe("canSeeOutbox", () => {
  afterEach(() => {
    vi.unstubAllEnvs();
    resetEnvCache();
  });

  it("shows the outbox to loopback clients only, whatever X-Forwarded-For says", () => {
    vi.stubEnv("DATABASE_URL", "postgresql://x@localhost/x");
    vi.stubEnv("SMTP_URL", "");
    resetEnvCache();
    expect(canSeeOutbox(from("127.0.0.1"))).toBe(true);
    expect(canSeeOutbox(from("::ffff:127.0.0.1"))).toBe(true);
    expect(canSeeOutbox(from("::1"))).toBe(true);
    expect(canSeeOutbox(from("203.0.113.9", { "x-forwarded-for": "127.0.0.1" }))).toBe(false);
    expect(canSeeOutbox(new Headers())).toBe(false);
  });

  it("never shows it when real SMTP is configured", () => {
    vi.stubEnv("DATABASE_URL", "postgresql://x@localhost/x");
    vi.stubEnv("SMTP_URL", "smtp://mail.example:587");
    resetEnvCache();
    expect(canSeeOutbox(from("127.0.0.1"))).toBe(false);
  });
});
