import "server-only";
import { fork, spawn, type ChildProcess } from "node:child_process";
import path from "node:path";
import type { LauncherReply, LauncherRequest } from "./launcher-protocol";

// Starts ffmpeg and ffprobe from a small helper process instead of from the service's own (issue 35). Node starts a
// child with fork(), which copies the parent's page tables while the main thread waits: from a service that holds
// ~1 GB (Next.js, the models, the OCR workers) each start blocked the event loop ~30 ms (`npm run bench:launcher`),
// three or four times per verification, while the checks and every HTTP request of the process waited. The helper
// (launcher-child.mjs, forked once on first use, 45–55 MB) is small, so its spawns cost about a millisecond, and the service's
// thread only posts a message. The command line is the same (the rlimits and the sandbox are part of it), each
// command still gets an empty environment, and its stdout and the tail of its stderr come back whole. A command the
// helper could not finish because it died is run again from this process (ffmpeg's runs write only their own job
// folder and overwrite it); a dead helper is started again for the next command; when helpers die twice in a row
// without answering (a broken install), or cannot be started, commands are spawned from this process as
// before.

export type Launched = { code: number | null; signal: NodeJS.Signals | null; stdout: Buffer; stderr: string };
export type LaunchOptions = { timeoutMs: number; stderrTail?: number; via?: "helper" | "here" };

/** A command that ran past its time and was killed (SIGKILL). */
export class LaunchTimeout extends Error {}

/** The helper ended before it answered: the command runs again here (told by name: see `shared`). */
function helperGone(why: string): Error {
  return Object.assign(new Error(why), { name: "HelperGone" });
}

type Pending = { resolve: (r: Launched) => void; reject: (e: Error) => void };
type Helper = { child: ChildProcess; pending: Map<number, Pending>; alive: boolean; answered: boolean };

// One helper per process: the server build bundles this module into more than one chunk (the API routes', the
// engine's), each with its own module state, so the state lives on globalThis.
type Shared = {
  helper: Helper | null;
  nextId: number;
  /** helpers in a row that ended without answering anything: at 2, this process stops starting them */
  silentDeaths: number;
};
const shared: Shared = ((globalThis as { [key: symbol]: Shared })[Symbol.for("openkyc.launcher")] ??= {
  helper: null,
  nextId: 1,
  silentDeaths: 0,
});

/** The helper's source, from the app root at run time (the server build rewrites literal paths, see the models). */
export function launcherChildFile(): string {
  return path.join(process.cwd(), "lib", "engines", "video", "launcher-child.mjs");
}

function startHelper(): Helper | null {
  try {
    // plain JavaScript run by node alone (no tsx loader: half the memory), no environment
    const child = fork(launcherChildFile(), [], {
      execArgv: ["--expose-gc"],
      env: { MALLOC_ARENA_MAX: "2" } as unknown as NodeJS.ProcessEnv,
      serialization: "advanced",
      stdio: ["ignore", "ignore", "inherit", "ipc"],
    });
    const started: Helper = { child, pending: new Map(), alive: true, answered: false };
    const fail = (why: string) => {
      if (!started.alive) return;
      started.alive = false;
      if (!started.answered) shared.silentDeaths++;
      if (shared.helper === started) shared.helper = null;
      for (const { reject } of started.pending.values()) reject(helperGone(why));
      started.pending.clear();
    };
    child.on("message", (reply: LauncherReply) => {
      const waiting = started.pending.get(reply.id);
      started.answered = true;
      shared.silentDeaths = 0;
      if (!waiting) return; // timed out already
      started.pending.delete(reply.id);
      idle(started);
      if (reply.type === "error") waiting.reject(Object.assign(new Error(reply.message), { code: reply.code }));
      else
        waiting.resolve({
          code: reply.code,
          signal: reply.signal,
          stdout: Buffer.from(reply.stdout.buffer, reply.stdout.byteOffset, reply.stdout.byteLength),
          stderr: reply.stderr,
        });
    });
    child.on("error", (error) => fail(`the process launcher failed: ${error.message}`));
    child.on("exit", (code, signal) => fail(`the process launcher exited (${code ?? signal})`));
    idle(started);
    return started;
  } catch {
    return null;
  }
}

/** Keeps the service alive only while the helper runs one of its commands (a script ends when its work is done). */
function idle(h: Helper): void {
  if (h.pending.size) return;
  h.child.unref();
  h.child.channel?.unref();
}

/** False when the helper cannot take it. send()'s own false only means "queued behind others": still sent. */
function send(h: Helper, request: LauncherRequest): boolean {
  if (!h.child.connected) return false;
  try {
    h.child.send(request); // a later failure is the child's "error" event: fail() hands its commands back
    return true;
  } catch {
    return false;
  }
}

function viaHelper(h: Helper, command: string, args: string[], timeoutMs: number, stderrTail: number) {
  return new Promise<Launched>((resolve, reject) => {
    const id = shared.nextId++;
    const timer = setTimeout(() => {
      h.pending.delete(id);
      idle(h);
      send(h, { type: "kill", id });
      reject(new LaunchTimeout(`${path.basename(command)} timed out after ${timeoutMs} ms`));
    }, timeoutMs);
    h.pending.set(id, {
      resolve: (r) => (clearTimeout(timer), resolve(r)),
      reject: (e) => (clearTimeout(timer), reject(e)),
    });
    h.child.ref();
    h.child.channel?.ref();
    if (!send(h, { type: "run", id, command, args, stderrTail })) {
      h.pending.get(id)?.reject(helperGone("the process launcher is not reachable"));
      h.pending.delete(id);
    }
  });
}

/** The same from this process: the fallback, and the baseline the benchmark compares with. */
function here(command: string, args: string[], timeoutMs: number, stderrTail: number): Promise<Launched> {
  return new Promise<Launched>((resolve, reject) => {
    const child = spawn(command, args, { stdio: ["ignore", "pipe", "pipe"], env: {} as NodeJS.ProcessEnv });
    const out: Buffer[] = [];
    let err = "";
    const timer = setTimeout(() => {
      child.kill("SIGKILL");
      reject(new LaunchTimeout(`${path.basename(command)} timed out after ${timeoutMs} ms`));
    }, timeoutMs);
    child.stdout.on("data", (chunk: Buffer) => out.push(chunk));
    child.stderr.on("data", (chunk: Buffer) => {
      err = (err + chunk.toString()).slice(-stderrTail);
    });
    child.on("error", (error) => {
      clearTimeout(timer);
      reject(error);
    });
    child.on("close", (code, signal) => {
      clearTimeout(timer);
      resolve({ code, signal, stdout: Buffer.concat(out), stderr: err });
    });
  });
}

/**
 * Runs `command args` with an empty environment and resolves how it ended (any exit code), its stdout and the last
 * `stderrTail` characters of its stderr; rejects with LaunchTimeout after `timeoutMs` (the command is killed), or with
 * the spawn error (ENOENT …). Through the helper process unless `via: "here"` or the helper cannot run.
 */
export async function launch(command: string, args: readonly string[], options: LaunchOptions): Promise<Launched> {
  const { timeoutMs, stderrTail = 8000, via = "helper" } = options;
  if (via === "helper" && shared.silentDeaths < 2) {
    if (!shared.helper?.alive) shared.helper = startHelper();
    if (shared.helper?.alive)
      try {
        return await viaHelper(shared.helper, command, [...args], timeoutMs, stderrTail);
      } catch (error) {
        if ((error as Error).name !== "HelperGone") throw error;
      }
  }
  return here(command, [...args], timeoutMs, stderrTail);
}

/** The helper's pid, or null when none runs (tests, the readiness report). */
export function launcherPid(): number | null {
  return shared.helper?.alive ? (shared.helper.child.pid ?? null) : null;
}

/** Ends the helper (tests; it also ends by itself with the service). */
export function stopLauncher(): void {
  shared.helper?.child.kill();
  shared.helper = null;
}
