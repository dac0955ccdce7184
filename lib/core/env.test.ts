import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { env, resetEnvCache } from "./env";

describe("env: settings unsafe in production", () => {
  beforeEach(() => {
    vi.stubEnv("DATABASE_URL", "postgresql://x@localhost/x");
    vi.stubEnv("INNGEST_DEV", undefined);
    resetEnvCache();
  });
  afterEach(() => {
    vi.unstubAllEnvs();
    resetEnvCache();
  });
  const start = (nodeEnv: string, inngestDev: string | undefined) => {
    vi.stubEnv("NODE_ENV", nodeEnv);
    vi.stubEnv("INNGEST_DEV", inngestDev);
    resetEnvCache();
    return () => env();
  };

  it.each(["1", "true", "http://127.0.0.1:8288"])(
    "refuses INNGEST_DEV=%s with NODE_ENV=production (its signature check would be off)",
    (value) => {
      expect(start("production", value)).toThrow(/INNGEST_DEV: refused with NODE_ENV=production/);
    },
  );

  it.each([undefined, "", "0", "false"])("accepts INNGEST_DEV=%s in production (dev mode off)", (value) => {
    expect(start("production", value)()).toMatchObject({ NODE_ENV: "production" });
  });

  it("keeps INNGEST_DEV for development", () => {
    expect(start("development", "1")().INNGEST_DEV).toBe("1");
  });
});

describe("env: CREDENTIAL_TRUST_ANCHORS_DIR", () => {
  afterEach(() => {
    vi.unstubAllEnvs();
    resetEnvCache();
  });

  it("must name an existing directory: a typo fails at start, not at the first wallet", () => {
    vi.stubEnv("DATABASE_URL", "postgresql://x@localhost/x");
    vi.stubEnv("CREDENTIAL_TRUST_ANCHORS_DIR", "/no/such/anchors");
    resetEnvCache();
    expect(() => env()).toThrow(/CREDENTIAL_TRUST_ANCHORS_DIR: must be an existing directory/);
    vi.stubEnv("CREDENTIAL_TRUST_ANCHORS_DIR", process.cwd());
    resetEnvCache();
    expect(env().CREDENTIAL_TRUST_ANCHORS_DIR).toBe(process.cwd());
  });
});
