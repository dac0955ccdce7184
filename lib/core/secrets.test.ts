import { existsSync, mkdtempSync, readFileSync, statSync, writeFileSync, mkdirSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { loadOrCreateGenerated } from "./secrets";

describe("generated secrets live outside the data directory", () => {
  it("generates them into SECRETS_DIR, readable by the owner only, never into DATA_DIR", () => {
    const root = mkdtempSync(path.join(os.tmpdir(), "openkyc-secrets-"));
    const made = loadOrCreateGenerated(path.join(root, ".secrets"), path.join(root, ".data"));
    expect(existsSync(path.join(root, ".data", "secrets.json"))).toBe(false);
    const file = path.join(root, ".secrets", "secrets.json");
    expect(JSON.parse(readFileSync(file, "utf8"))).toEqual(made);
    expect(statSync(file).mode & 0o077).toBe(0);
    expect(loadOrCreateGenerated(path.join(root, ".secrets"), path.join(root, ".data"))).toEqual(made);
  });

  it("moves a secrets.json an older version left in DATA_DIR, keeping its keys (old files stay readable)", () => {
    const root = mkdtempSync(path.join(os.tmpdir(), "openkyc-secrets-"));
    mkdirSync(path.join(root, ".data"));
    const old = {
      appSecret: "old-app-secret-0123456789abcdef0123",
      storageKey: Buffer.alloc(32, 3).toString("base64"),
    };
    writeFileSync(path.join(root, ".data", "secrets.json"), JSON.stringify(old));
    expect(loadOrCreateGenerated(path.join(root, ".secrets"), path.join(root, ".data"))).toEqual(old);
    expect(existsSync(path.join(root, ".data", "secrets.json"))).toBe(false);
    expect(JSON.parse(readFileSync(path.join(root, ".secrets", "secrets.json"), "utf8"))).toEqual(old);
  });
});
