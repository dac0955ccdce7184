// The launcher's helper process (launcher.ts): spawns the commands the service sends it over IPC and sends back how
// each ended, its stdout and the tail of its stderr (messages: launcher-protocol.ts). It holds no state but the
// children it runs, reads no environment and passes none on (each command gets an empty one, as the service's own
// spawn did). It ends with the service: when the IPC channel closes, it kills what it still runs and exits.
// Plain JavaScript, started by node alone: with tsx's loader the process held 88 MB instead of 44.
import { spawn } from "node:child_process";

/** stdout above this many bytes is collected as soon as it is sent (--expose-gc) */
const LARGE_OUTPUT = 64 * 1024;

/** @type {Map<number, import("node:child_process").ChildProcess>} */
const running = new Map();

/** @param {import("./launcher-protocol").LauncherReply} message */
function reply(message) {
  process.send?.(message);
}

/** @param {{ id: number; command: string; args: string[]; stderrTail: number }} request */
function run({ id, command, args, stderrTail }) {
  let child;
  try {
    child = spawn(command, args, { stdio: ["ignore", "pipe", "pipe"], env: {} });
  } catch (error) {
    reply({ id, type: "error", message: error.message, code: error.code });
    return;
  }
  running.set(id, child);
  /** @type {Buffer[]} */
  const out = [];
  let err = "";
  let done = false;
  child.stdout.on("data", (chunk) => out.push(chunk));
  child.stderr.on("data", (chunk) => {
    err = (err + chunk.toString()).slice(-stderrTail);
  });
  child.on("error", (error) => {
    if (done) return;
    done = true;
    running.delete(id);
    reply({ id, type: "error", message: error.message, code: error.code });
  });
  child.on("close", (code, signal) => {
    if (done) return;
    done = true;
    running.delete(id);
    const stdout = Buffer.concat(out);
    reply({ id, type: "exit", code, signal, stdout, stderr: err });
    // a large output is sent: collect it now rather than when V8 next counts its external memory (the helper stays
    // at ~45 MB instead of growing by the outputs it relayed)
    if (stdout.length > LARGE_OUTPUT) setImmediate(() => globalThis.gc?.());
  });
}

process.on("message", (/** @type {import("./launcher-protocol").LauncherRequest} */ request) => {
  if (request.type === "kill") running.get(request.id)?.kill("SIGKILL");
  else run(request);
});

process.on("disconnect", () => {
  for (const child of running.values()) child.kill("SIGKILL");
  process.exit(0);
});
