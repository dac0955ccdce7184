import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { resetEnvCache } from "@/lib/core/env";
import { outboxScope } from "@/lib/domain/email/outbox-access";

describe("outboxScope", () => {
  beforeEach(() => {
    vi.stubEnv("DATABASE_URL", "postgresql://x@localhost/x");
    vi.stubEnv("SMTP_URL", "");
    vi.stubEnv("OUTBOX_ENABLED", "");
    resetEnvCache();
  });
  afterEach(() => {
    vi.unstubAllEnvs();
    resetEnvCache();
  });

  it("needs a dashboard session and shows only that account's mail, whatever address the request claims", () => {
    expect(outboxScope(null)).toBeNull();
    expect(outboxScope({ accountId: "a1" })).toEqual({ all: false, accountId: "a1" });
  });

  it("shows everything only when OUTBOX_ENABLED is set for a local demo", () => {
    vi.stubEnv("OUTBOX_ENABLED", "true");
    resetEnvCache();
    expect(outboxScope(null)).toEqual({ all: true });
  });

  it("never shows it when real SMTP is configured", () => {
    vi.stubEnv("SMTP_URL", "smtp://mail.example:587");
    vi.stubEnv("OUTBOX_ENABLED", "true");
    resetEnvCache();
    expect(outboxScope({ accountId: "a1" })).toBeNull();
  });
});
