import { afterAll, describe, expect, it } from "vitest";
import { launch, launcherPid, LaunchTimeout, stopLauncher } from "./launcher";

// The helper process starts ffmpeg for the service (launcher.ts): what a caller sees must be what a spawn from the
// service's own process gives — exit code, signal, stdout byte for byte, stderr's tail, a timeout, a missing binary.

const SH = "/bin/sh";
const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

afterAll(() => stopLauncher());

describe("launch", () => {
  it("answers as a spawn from this process does: exit code, stdout and the tail of stderr", async () => {
    const script = "printf 'out put'; printf 'x%.0s' $(seq 1 50) >&2; printf 'END' >&2; exit 3";
    const viaHelper = await launch(SH, ["-c", script], { timeoutMs: 10_000, stderrTail: 20 });
    const here = await launch(SH, ["-c", script], { timeoutMs: 10_000, stderrTail: 20, via: "here" });
    expect(viaHelper).toEqual(here);
    expect(viaHelper).toEqual({
      code: 3,
      signal: null,
      stdout: Buffer.from("out put"),
      stderr: "xxxxxxxxxxxxxxxxxEND",
    });
    expect(Buffer.isBuffer(viaHelper.stdout)).toBe(true);
    expect(launcherPid()).not.toBe(process.pid);
    expect(launcherPid()).toBeGreaterThan(0);
  });

  it("returns binary stdout of several megabytes intact", async () => {
    const bytes = await launch("/usr/bin/head", ["-c", "3000000", "/dev/urandom"], { timeoutMs: 10_000 });
    expect(bytes.code).toBe(0);
    expect(bytes.stdout.length).toBe(3_000_000);
    const copy = await launch(SH, ["-c", "printf '\\000\\377\\001'"], { timeoutMs: 10_000 });
    expect([...copy.stdout]).toEqual([0, 255, 1]);
  });

  it("passes no environment to the command", async () => {
    const env = await launch("/usr/bin/env", [], { timeoutMs: 10_000 });
    expect(env.stdout.toString()).toBe("");
  });

  it("kills a command that runs past its time and says so", async () => {
    const started = Date.now();
    // a duration no other process has: the sleep is found by it afterwards
    const marker = `sleep 30.${String(started).slice(-6)}${process.pid % 1000}`;
    await expect(launch(SH, ["-c", `exec ${marker}`], { timeoutMs: 300 })).rejects.toBeInstanceOf(LaunchTimeout);
    expect(Date.now() - started).toBeLessThan(5_000);
    // the sleep is gone: nothing on the machine still runs with the marker
    await new Promise((r) => setTimeout(r, 300));
    const ps = await launch("/bin/ps", ["-eo", "args"], { timeoutMs: 10_000 });
    expect(ps.stdout.toString()).not.toContain(marker);
  });

  it("rejects with the spawn error when the binary does not exist", async () => {
    await expect(launch("/nonexistent/ffmpeg", [], { timeoutMs: 5_000 })).rejects.toMatchObject({ code: "ENOENT" });
    await expect(launch("/nonexistent/ffmpeg", [], { timeoutMs: 5_000, via: "here" })).rejects.toMatchObject({
      code: "ENOENT",
    });
  });

  it("runs a command again from this process when the helper dies under it, and starts a new helper after", async () => {
    await launch(SH, ["-c", "true"], { timeoutMs: 5_000 });
    const first = launcherPid()!;
    const running = launch(SH, ["-c", "sleep 0.5; printf done"], { timeoutMs: 10_000 });
    await new Promise((r) => setTimeout(r, 100));
    process.kill(first, "SIGKILL");
    expect((await running).stdout.toString()).toBe("done");
    await launch(SH, ["-c", "true"], { timeoutMs: 5_000 });
    const second = launcherPid()!;
    expect(second).toBeGreaterThan(0);
    expect(second).not.toBe(first);
    expect(alive(first)).toBe(false);
  });
});
