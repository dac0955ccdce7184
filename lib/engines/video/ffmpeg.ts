import "server-only";
import { launch, LaunchTimeout, type Launched } from "@/lib/engines/video/launcher";
import { existsSync } from "node:fs";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { packageDir } from "@/lib/engines/geo/package-dir";
import { setting } from "@/lib/core/env";
import { handJobDirToSandbox, sandboxedCommand, sandboxState } from "@/lib/engines/video/ffmpeg-sandbox";

// Every video an end user uploads is untrusted input to a C decoder. ffmpeg runs:
// - the system's ffmpeg when there is one (Debian's package gets security updates); the static 2018 build of
//   @ffmpeg-installer is no longer a dependency (issue 35: 66 MB nobody with a system ffmpeg runs), but is still used
//   when an operator installs it and there is no system ffmpeg; with neither, "missing": GET /api/ready is 503 and
//   the start banner says what to install;
// - with an empty environment (DATABASE_URL and the secrets stay in this process), rlimits on address space and
//   CPU time (prlimit, or `ulimit` in a shell when prlimit is missing) and a wall-clock timeout;
// - on untrusted input (`untrustedInput`): the demuxer forced from the sniffed container, demuxer, decoder and
//   protocol whitelists, one thread;
// - inside bubblewrap (ffmpeg-sandbox.ts): no network, read-only /usr, only its job folder writable, no secrets, no
//   other process's /proc, a separate uid where the service is root.

export type FfmpegBinary = {
  source: "system" | "bundled" | "configured" | "missing";
  ffmpeg: string;
  ffprobe: string | null;
};

let resolved: FfmpegBinary | undefined;
export const NO_FFMPEG =
  "no ffmpeg installed: install the system's (apt-get install -y ffmpeg) or set FFMPEG_PATH; videos cannot be checked";
// the folders withTempDir made and has not removed yet: the sandbox binds those a command names, and no others
const jobDirs = new Set<string>();

/**
 * Which ffmpeg runs: FFMPEG_PATH, else the first `ffmpeg` on PATH or in /usr/bin, else the npm build when an operator
 * installed it, else "missing" (every ffmpeg run then throws NO_FFMPEG). Looked up once per process.
 */
export function ffmpegBinary(): FfmpegBinary {
  resolved ??= locateFfmpeg({
    configured: setting("FFMPEG_PATH"),
    dirs: [...(process.env.PATH ?? "").split(path.delimiter).filter(Boolean), "/usr/bin", "/usr/local/bin"],
  });
  return resolved;
}

/** ffmpegBinary's choice for given folders (exported for its tests: the process's own answer is cached). */
export function locateFfmpeg(where: { configured?: string; dirs: readonly string[] }): FfmpegBinary {
  const besideIt = (ffmpeg: string) => {
    const probe = path.join(path.dirname(ffmpeg), "ffprobe");
    return existsSync(probe) ? probe : null;
  };
  if (where.configured) return { source: "configured", ffmpeg: where.configured, ffprobe: besideIt(where.configured) };
  for (const dir of where.dirs) {
    const candidate = path.join(dir, "ffmpeg");
    if (!candidate.includes("node_modules") && existsSync(candidate))
      return { source: "system", ffmpeg: candidate, ffprobe: besideIt(candidate) };
  }
  const bundled = bundledFfmpeg();
  if (bundled) return { source: "bundled", ffmpeg: bundled, ffprobe: null };
  return { source: "missing", ffmpeg: "ffmpeg", ffprobe: null };
}

/** The binary of `npm install @ffmpeg-installer/ffmpeg`, when an operator chose to install it. */
function bundledFfmpeg(): string | null {
  try {
    return path.join(packageDir(`@ffmpeg-installer/${process.platform}-${process.arch}`), "ffmpeg");
  } catch {
    return null; // not installed: the usual case since issue 35
  }
}

export function ffmpegPath(): string {
  return ffmpegBinary().ffmpeg;
}

let version: Promise<string> | undefined;

/** "5.1.9-0+deb12u1" — for the start banner and GET /api/health (asked once per process). */
export function ffmpegVersion(): Promise<string> {
  version ??= runLimited(ffmpegPath(), ["-hide_banner", "-version"], { timeoutMs: 10_000 })
    .then((out) => /ffmpeg version (\S+)/.exec(out.toString())?.[1] ?? "unknown")
    .catch(() => "unavailable");
  return version;
}

/** ffmpeg failed: `timedOut` when it was killed, else it rejected the input (corrupt or not a video). */
export class FfmpegError extends Error {
  constructor(
    message: string,
    readonly timedOut = false,
  ) {
    super(message);
    this.name = "FfmpegError";
  }
}

/** Limits of one ffmpeg/ffprobe process (FFMPEG_MEMORY_MB, FFMPEG_CPU_SECONDS). */
export function processLimits(): { memoryMb: number; cpuSeconds: number } {
  return { memoryMb: setting("FFMPEG_MEMORY_MB"), cpuSeconds: setting("FFMPEG_CPU_SECONDS") };
}

const PRLIMIT = ["/usr/bin/prlimit", "/bin/prlimit"].find((p) => existsSync(p));

/** The command line that runs `binary args` under the rlimits: prlimit, or a shell's ulimit when there is none. */
export function limitedCommand(binary: string, args: readonly string[]): { command: string; args: string[] } {
  const { memoryMb, cpuSeconds } = processLimits();
  if (PRLIMIT)
    return {
      command: PRLIMIT,
      args: [`--as=${memoryMb * 1024 * 1024}`, `--cpu=${cpuSeconds}`, "--core=0", "--", binary, ...args],
    };
  return {
    command: "/bin/sh",
    args: [
      "-c",
      `ulimit -v ${memoryMb * 1024} && ulimit -t ${cpuSeconds} && ulimit -c 0 && exec "$0" "$@"`,
      binary,
      ...args,
    ],
  };
}

/** Runs a binary under the limits with an empty environment; resolves stdout, rejects with FfmpegError. */
function runLimited(binary: string, args: readonly string[], options: { timeoutMs?: number } = {}): Promise<Buffer> {
  return runLimitedWithLog(binary, args, options).then((r) => r.stdout);
}

/** runLimited, also resolving the tail of stderr (the bundled ffmpeg has no ffprobe: its log is the probe). */
export async function runLimitedWithLog(
  binary: string,
  args: readonly string[],
  options: { timeoutMs?: number } = {},
): Promise<{ stdout: Buffer; stderr: string }> {
  // not an FfmpegError: the checks must not blame the person's upload for a binary the service lacks (they retry)
  if (ffmpegBinary().source === "missing") throw new Error(NO_FFMPEG);
  const timeoutMs = options.timeoutMs ?? 30_000;
  const sandbox = await sandboxState(ffmpegPath());
  // the job folders this command names are the only places it may write (and read, besides /usr)
  const writable = [...jobDirs].filter((dir) => args.some((arg) => arg.includes(dir)));
  const inner = sandbox.active ? sandboxedCommand(binary, args, writable) : { command: binary, args: [...args] };
  const { command, args: argv } = limitedCommand(inner.command, inner.args);
  // started from the launcher's helper process: a fork from this one blocks its thread (launcher.ts)
  let ended: Launched;
  try {
    ended = await launch(command, argv, { timeoutMs });
  } catch (error) {
    if (error instanceof LaunchTimeout)
      throw new FfmpegError(`${path.basename(binary)} timed out after ${timeoutMs} ms`, true);
    throw error;
  }
  const { code, signal, stdout, stderr } = ended;
  if (code === 0) return { stdout, stderr };
  // SIGXCPU / SIGKILL from the CPU limit: the input cost more than a video may
  throw new FfmpegError(
    `${path.basename(binary)} exited with ${code ?? signal}: ${stderr.trim().slice(-2000)}`,
    signal === "SIGXCPU" || signal === "SIGKILL",
  );
}

/** Runs ffmpeg; resolves its stdout, rejects with its stderr's tail on a non-zero exit or after `timeoutMs`. */
export function runFfmpeg(args: readonly string[], options: { timeoutMs?: number } = {}): Promise<Buffer> {
  return runLimited(ffmpegPath(), ["-hide_banner", "-loglevel", "error", "-nostdin", "-y", ...args], options);
}

/** Runs ffprobe (the system's, beside its ffmpeg); null when only the bundled ffmpeg exists. */
export function runFfprobe(args: readonly string[], options: { timeoutMs?: number } = {}): Promise<Buffer> | null {
  const probe = ffmpegBinary().ffprobe;
  if (!probe) return null;
  return runLimited(probe, ["-hide_banner", "-loglevel", "error", ...args], options);
}

/** The containers an upload may be, by sniffed type: the demuxer ffmpeg is forced to use. */
export const VIDEO_DEMUXERS: Record<string, string> = {
  "video/webm": "matroska",
  "video/mp4": "mp4",
  "video/quicktime": "mov",
};
/** Demuxers ffmpeg may open ("matroska,webm" and "mov,mp4,m4a,3gp,3g2,mj2" are each one demuxer). */
export const FORMAT_WHITELIST = "matroska,webm,mov,mp4,m4a,3gp,3g2,mj2";
/** Decoders ffmpeg may open on an upload. */
export const DECODER_WHITELIST = ["vp8", "vp9", "h264", "hevc", "opus", "aac"] as const;

/** The input options of an untrusted video: forced demuxer, whitelists, local files only, one thread. */
export function untrustedInput(file: string, contentType: string): string[] {
  const demuxer = VIDEO_DEMUXERS[contentType];
  if (!demuxer) throw new Error(`untrustedInput: unsupported content type ${contentType}`);
  return [
    "-threads",
    "1",
    "-protocol_whitelist",
    "file",
    "-format_whitelist",
    FORMAT_WHITELIST,
    "-codec_whitelist",
    DECODER_WHITELIST.join(","),
    "-f",
    demuxer,
    "-i",
    file,
  ];
}

/** A private temporary folder for one ffmpeg job, removed afterwards whatever happens. */
export async function withTempDir<T>(fn: (dir: string) => Promise<T>): Promise<T> {
  const dir = await mkdtemp(path.join(os.tmpdir(), "openkyc-video-"));
  jobDirs.add(dir);
  try {
    if ((await sandboxState(ffmpegPath())).active) await handJobDirToSandbox(dir);
    return await fn(dir);
  } finally {
    jobDirs.delete(dir);
    await rm(dir, { recursive: true, force: true });
  }
}

const EXTENSIONS: Record<string, string> = { "video/webm": ".webm", "video/mp4": ".mp4", "video/quicktime": ".mov" };

/** Writes video bytes to a file in `dir` (mp4 may keep its index at the end: ffmpeg needs a seekable input). */
export async function writeVideo(dir: string, bytes: Buffer, contentType: string, name = "input"): Promise<string> {
  const file = path.join(dir, name + (EXTENSIONS[contentType] ?? ".bin"));
  await writeFile(file, bytes);
  return file;
}
