import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FfmpegError, runFfmpeg, runLimitedWithLog, withTempDir } from "./ffmpeg";

// Issue 33, item 5: a decoder bug in ffmpeg must not reach the service's secrets. These run ffmpeg exactly as the
// service does (runFfmpeg / runLimitedWithLog) and ask it to copy a file's bytes to stdout: 1×1 grey "frames" read
// any file byte for byte, so a readable secret would come back verbatim.
const copyBytes = (file: string) => [
  "-f",
  "rawvideo",
  "-pix_fmt",
  "gray",
  "-s",
  "1x1",
  "-i",
  file,
  "-f",
  "rawvideo",
  "-",
];

// a SECRETS_DIR the way the service lays it out: inside the project folder, readable by the owner only
const secretsDir = path.join(process.cwd(), ".data", `sandbox-test-${randomBytes(4).toString("hex")}`, ".secrets");
const secretsFile = path.join(secretsDir, "secrets.json");
const secret = JSON.stringify({ appSecret: randomBytes(24).toString("hex") });

beforeAll(() => {
  mkdirSync(path.dirname(secretsDir), { recursive: true });
  mkdirSync(secretsDir, { mode: 0o700 });
  writeFileSync(secretsFile, secret, { mode: 0o600 });
});
afterAll(() => rmSync(path.dirname(secretsDir), { recursive: true, force: true }));

describe("ffmpeg runs in a sandbox", () => {
  it("reads a file in its own job folder (the copy command works)", async () => {
    const copied = await withTempDir(async (dir) => {
      writeFileSync(path.join(dir, "input.bin"), secret);
      return runFfmpeg(copyBytes(path.join(dir, "input.bin")));
    });
    expect(copied.toString()).toBe(secret);
  });

  it("cannot read the secrets file", async () => {
    const result = await runFfmpeg(copyBytes(secretsFile)).then(
      (out) => out.toString(),
      (error: unknown) => error,
    );
    expect(result).not.toBe(secret);
    expect(result).toBeInstanceOf(FfmpegError);
    expect(String((result as Error).message)).toMatch(/No such file or directory/);
  });

  it("cannot read the service's environment through /proc", async () => {
    const result = await runFfmpeg(copyBytes(`/proc/${process.pid}/environ`)).then(
      (out) => out.toString(),
      (error: unknown) => error,
    );
    expect(result).toBeInstanceOf(FfmpegError);
  });

  it("has no network but loopback, runs as another uid than root, and cannot write outside its folder", async () => {
    const interfaces = (await runLimitedWithLog("/usr/bin/cat", ["/proc/net/dev"])).stdout.toString();
    const names = interfaces
      .split("\n")
      .slice(2)
      .map((line) => line.split(":")[0]!.trim())
      .filter(Boolean);
    expect(names).toEqual(["lo"]);
    const uid = Number((await runLimitedWithLog("/usr/bin/id", ["-u"])).stdout.toString());
    expect(uid).not.toBe(0);
    await expect(runLimitedWithLog("/usr/bin/touch", ["/usr/sandbox-test"])).rejects.toBeInstanceOf(FfmpegError);
  });
});
