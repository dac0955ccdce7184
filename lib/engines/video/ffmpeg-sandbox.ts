import "server-only";
import { execFile } from "node:child_process";
import { existsSync, lstatSync, realpathSync } from "node:fs";
import { chown } from "node:fs/promises";
import path from "node:path";
import { setting } from "@/lib/core/env";

// The rlimits in ffmpeg.ts bound what a hostile video costs; they do not bound what a decoder bug may READ. A
// crafted upload that runs code inside ffmpeg would, as the app's user, read SECRETS_DIR/secrets.json or
// /proc/<app pid>/environ (APP_SECRET, the storage key). So every ffmpeg/ffprobe runs inside bubblewrap (Debian's
// `bubblewrap`, no daemon, no setuid needed where unprivileged user namespaces are allowed), and so does every other
// binary handed untrusted media through runLimitedWithLog (ffmpeg.ts): PocketSphinx hearing the agreement statement
// (lib/engines/speech/pocketsphinx.ts) runs in this same sandbox, its model read from the read-only /usr/share:
// - a new mount namespace that holds only /usr (read-only), the few /etc files the dynamic linker reads, a private
//   /proc (its own pid namespace: no other process is visible), a minimal /dev, an empty /tmp and, writable, the
//   job's own temporary folder; the project folder, SECRETS_DIR and DATA_DIR do not exist in it;
// - no network (a new, empty network namespace), no IPC/UTS/cgroup sharing, a new session (no terminal
//   injection), killed with its parent;
// - where the service runs as root, a separate uid (FFMPEG_SANDBOX_UID, default 65534 "nobody") via setpriv, so
//   even a mistaken bind would not be read as root. The job folder is handed to that uid.
// Where bubblewrap is missing or cannot create its namespaces (some container runtimes forbid them), ffmpeg runs
// with the rlimits only; GET /api/ready then says so and is not ok unless ALLOW_UNSANDBOXED_FFMPEG=true
// (docs/security.md, "ffmpeg sandbox").

export type SandboxState = { active: true; uid: number | null } | { active: false; reason: string };

const BWRAP = ["/usr/bin/bwrap", "/bin/bwrap"].find((p) => existsSync(p));
const SETPRIV = ["/usr/bin/setpriv", "/bin/setpriv"].find((p) => existsSync(p));

const isRoot = () => typeof process.getuid === "function" && process.getuid() === 0;

/** The uid ffmpeg runs as when the service is root; null when the service already runs unprivileged. */
export function sandboxUid(): number | null {
  return isRoot() ? setting("FFMPEG_SANDBOX_UID") : null;
}

/** /lib, /bin… are symlinks into /usr on a merged-/usr system (Debian 12): recreate them, else bind them. */
function rootLinks(): string[] {
  const args: string[] = [];
  for (const dir of ["/bin", "/sbin", "/lib", "/lib32", "/lib64", "/libx32"]) {
    if (!existsSync(dir)) continue;
    const stat = lstatSync(dir);
    if (stat.isSymbolicLink()) args.push("--symlink", path.relative("/", realpathSync(dir)), dir);
    else args.push("--ro-bind", dir, dir);
  }
  return args;
}

// what the dynamic linker and Debian's alternatives (libblas, liblapack) need from /etc: nothing else of /etc
const ETC_FILES = ["/etc/ld.so.cache", "/etc/ld.so.conf", "/etc/ld.so.conf.d", "/etc/alternatives"];

/** The command line that runs `binary args` inside the sandbox with `writableDirs` as the only writable places. */
export function sandboxedCommand(
  binary: string,
  args: readonly string[],
  writableDirs: readonly string[],
): { command: string; args: string[] } {
  if (!BWRAP) throw new Error("bubblewrap is not installed");
  const binaryDir = path.dirname(binary);
  const bwrap = [
    "--ro-bind",
    "/usr",
    "/usr",
    ...rootLinks(),
    ...ETC_FILES.filter((f) => existsSync(f)).flatMap((f) => ["--ro-bind", f, f]),
    // a configured or bundled ffmpeg outside /usr: its own folder only, read-only
    ...(binaryDir.startsWith("/usr/") ? [] : ["--ro-bind", binaryDir, binaryDir]),
    "--proc",
    "/proc",
    "--dev",
    "/dev",
    "--tmpfs",
    "/tmp",
    ...writableDirs.flatMap((dir) => ["--bind", dir, dir]),
    "--unshare-all",
    "--die-with-parent",
    "--new-session",
    "--chdir",
    "/",
    "--",
    // bwrap sets PWD itself: the child starts with the empty environment the service gives it, nothing else
    "/usr/bin/env",
    "-i",
    binary,
    ...args,
  ];
  const uid = sandboxUid();
  if (uid === null) return { command: BWRAP, args: bwrap };
  if (!SETPRIV) throw new Error("setpriv (util-linux) is not installed");
  return {
    command: SETPRIV,
    args: [`--reuid=${uid}`, `--regid=${uid}`, "--clear-groups", "--inh-caps=-all", "--", BWRAP, ...bwrap],
  };
}

let state: Promise<SandboxState> | undefined;

/** Whether the sandbox works here: it runs `probeBinary -version` inside it once per process. */
export function sandboxState(probeBinary: string): Promise<SandboxState> {
  state ??= probe(probeBinary);
  return state;
}

async function probe(binary: string): Promise<SandboxState> {
  if (!BWRAP) return { active: false, reason: "bubblewrap is not installed" };
  let command: { command: string; args: string[] };
  try {
    command = sandboxedCommand(binary, ["-version"], []);
  } catch (error) {
    return { active: false, reason: (error as Error).message };
  }
  return new Promise((resolve) => {
    execFile(command.command, command.args, { env: {} as NodeJS.ProcessEnv, timeout: 10_000 }, (error) =>
      resolve(
        error
          ? { active: false, reason: "bubblewrap cannot create its namespaces here (or ffmpeg does not run in it)" }
          : { active: true, uid: sandboxUid() },
      ),
    );
  });
}

/** A job folder the sandboxed uid may write (mkdtemp makes it 0700 for the service's own user). */
export async function handJobDirToSandbox(dir: string): Promise<void> {
  const uid = sandboxUid();
  if (uid !== null) await chown(dir, uid, uid);
}

/** Tests switch the probe's answer between cases. */
export function resetSandboxState() {
  state = undefined;
}
