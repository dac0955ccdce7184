import { afterEach, describe, expect, it } from "vitest";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import {
  ffmpegBinary,
  ffmpegVersion,
  FfmpegError,
  limitedCommand,
  locateFfmpeg,
  runLimitedWithLog,
  untrustedInput,
} from "./ffmpeg";

describe("ffmpeg runs constrained", () => {
  afterEach(() => {
    delete process.env.FFMPEG_CPU_SECONDS;
  });

  it("prefers the system's maintained ffmpeg over the bundled 2018 build", async () => {
    const binary = ffmpegBinary();
    expect(binary.source).toBe("system");
    expect(binary.ffmpeg).not.toContain("node_modules");
    expect(await ffmpegVersion()).toMatch(/^\d/);
  });

  it("ships no 2018 build: with no ffmpeg on the machine, the service says it is missing", () => {
    const empty = mkdtempSync(path.join(os.tmpdir(), "no-ffmpeg-"));
    try {
      expect(locateFfmpeg({ dirs: [empty] })).toEqual({ source: "missing", ffmpeg: "ffmpeg", ffprobe: null });
      expect(locateFfmpeg({ dirs: [empty, "/usr/bin"] }).source).toBe("system");
      expect(locateFfmpeg({ configured: "/opt/ff/ffmpeg", dirs: [empty] }).source).toBe("configured");
    } finally {
      rmSync(empty, { recursive: true, force: true });
    }
  });

  it("gives the child process an empty environment: no DATABASE_URL, no secrets", async () => {
    process.env.DATABASE_URL ??= "postgresql://user:secret@db/x";
    const { stdout } = await runLimitedWithLog("/usr/bin/env", []);
    expect(stdout.toString()).toBe("");
  });

  it("limits address space and CPU time; a process over its CPU time is killed", async () => {
    const { args } = limitedCommand("/usr/bin/ffmpeg", ["-version"]);
    expect(args.join(" ")).toMatch(/--as=\d+ --cpu=\d+/);
    process.env.FFMPEG_CPU_SECONDS = "1";
    const started = Date.now();
    const error = await runLimitedWithLog("/bin/sh", ["-c", "while :; do :; done"], { timeoutMs: 20_000 }).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(FfmpegError);
    expect(Date.now() - started).toBeLessThan(15_000);
  });

  it("forces the demuxer and whitelists formats, decoders and protocols on an upload", () => {
    const args = untrustedInput("/tmp/x.webm", "video/webm").join(" ");
    expect(args).toContain("-f matroska -i /tmp/x.webm");
    expect(args).toContain("-protocol_whitelist file");
    expect(args).toContain("-codec_whitelist vp8,vp9,h264,hevc,opus,aac");
    expect(args).toContain("-threads 1");
    expect(() => untrustedInput("/tmp/x", "video/x-msvideo")).toThrow();
  });
});
