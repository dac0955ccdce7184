import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { SandboxState } from "@/lib/engines/video/ffmpeg-sandbox";

// Which ffmpeg this instance has and whether its sandbox works are facts of the machine: stand them in here, so
// each answer GET /api/ready gives about them is checked (the real probe runs in ffmpeg-sandbox.test.ts).
const machine = vi.hoisted(() => ({
  source: "system" as "system" | "bundled" | "configured" | "missing",
  sandbox: { active: true, uid: 65534 } as SandboxState,
}));
vi.mock("@/lib/core/db", () => ({ prisma: {} }));
vi.mock("@/lib/engines/video/ffmpeg", () => ({
  ffmpegBinary: () => ({ source: machine.source, ffmpeg: "/usr/bin/ffmpeg", ffprobe: null }),
  ffmpegVersion: async () => "5.1.9",
}));
vi.mock("@/lib/engines/video/ffmpeg-sandbox", () => ({ sandboxState: async () => machine.sandbox }));

const { ffmpegReadiness } = await import("./readiness");

beforeEach(() => {
  machine.source = "system";
  machine.sandbox = { active: true, uid: 65534 };
});
afterEach(() => {
  delete process.env.ALLOW_BUNDLED_FFMPEG;
  delete process.env.ALLOW_UNSANDBOXED_FFMPEG;
});

describe("readiness of ffmpeg", () => {
  it("is ok with the system's ffmpeg in its sandbox", async () => {
    expect(await ffmpegReadiness()).toEqual({ ok: true, detail: "system, sandboxed" });
  });

  it("is not ok without any ffmpeg, and says what to install", async () => {
    machine.source = "missing";
    expect(await ffmpegReadiness()).toEqual({
      ok: false,
      detail: "no ffmpeg installed: apt-get install -y ffmpeg, or set FFMPEG_PATH",
    });
  });

  it("is not ok on the bundled 2018 build unless the operator opts in", async () => {
    machine.source = "bundled";
    const refused = await ffmpegReadiness();
    expect(refused.ok).toBe(false);
    expect(refused.detail).toContain("ALLOW_BUNDLED_FFMPEG=true");
    process.env.ALLOW_BUNDLED_FFMPEG = "true";
    expect(await ffmpegReadiness()).toMatchObject({ ok: true, detail: expect.stringContaining("accepted") });
  });

  it("is not ok when the sandbox cannot run unless the operator opts in, and says so either way", async () => {
    machine.sandbox = { active: false, reason: "bubblewrap is not installed" };
    const refused = await ffmpegReadiness();
    expect(refused).toMatchObject({ ok: false, detail: expect.stringContaining("bubblewrap is not installed") });
    process.env.ALLOW_UNSANDBOXED_FFMPEG = "true";
    expect(await ffmpegReadiness()).toEqual({ ok: true, detail: "system, NOT sandboxed (accepted)" });
  });
});
