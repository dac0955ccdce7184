import "server-only";
import { access, readdir } from "node:fs/promises";
import path from "node:path";
import { prisma } from "@/lib/core/db";
import { FACE_API_ONNX_MODELS, faceModelsDir } from "@/lib/engines/faces/face-api-onnx";
import { HUMAN_ONNX_MODELS } from "@/lib/engines/faces/human-onnx";
import { packageDir } from "@/lib/engines/geo/package-dir";
import { secrets } from "@/lib/core/secrets";
import { ffmpegBinary, ffmpegVersion } from "@/lib/engines/video/ffmpeg";
import { sandboxState } from "@/lib/engines/video/ffmpeg-sandbox";
import { setting } from "@/lib/core/env";
import { decryptWebhookSecret } from "@/lib/domain/webhooks/webhook-secret";
import { SETUP_COMMAND, tfjsReferenceInstalled } from "@/lib/engines/faces/tfjs-reference";

// GET /api/ready: can this instance do its work? Each part answers ok or names what fails, in words that carry no
// secret, no path and no version of anything but ours (an attacker learns nothing from a 503).

export type Part = { ok: boolean; detail?: string };
export type Readiness = { ready: boolean; parts: Record<string, Part> };

const withTimeout = <T>(promise: Promise<T>, ms: number, what: string) =>
  Promise.race([
    promise,
    new Promise<never>((_, reject) => setTimeout(() => reject(new Error(`${what} did not answer in ${ms} ms`)), ms)),
  ]);

async function database(): Promise<Part> {
  try {
    await withTimeout(prisma.$queryRaw`SELECT 1`, 5_000, "database");
    return { ok: true };
  } catch {
    return { ok: false, detail: "the database does not answer" };
  }
}

/** Every migration folder this build ships is applied (finished, not rolled back). */
async function migrations(): Promise<Part> {
  try {
    const shipped = (await readdir(path.join(process.cwd(), "prisma/migrations"), { withFileTypes: true }))
      .filter((e) => e.isDirectory())
      .map((e) => e.name);
    const applied = await withTimeout(
      prisma.$queryRaw<{ migration_name: string }[]>`
        SELECT "migration_name" FROM "_prisma_migrations" WHERE "finished_at" IS NOT NULL AND "rolled_back_at" IS NULL`,
      5_000,
      "migrations",
    );
    const done = new Set(applied.map((r) => r.migration_name));
    const pending = shipped.filter((name) => !done.has(name)).length;
    return pending ? { ok: false, detail: `${pending} migration(s) not applied (npm run db:migrate)` } : { ok: true };
  } catch {
    return { ok: false, detail: "the migration history cannot be read" };
  }
}

/** The storage key is loaded, and opens what is stored with it (a sample: the newest webhook secret). */
async function storageKey(): Promise<Part> {
  try {
    if (secrets().storageKey.length !== 32) return { ok: false, detail: "the storage key is not 32 bytes" };
  } catch {
    return { ok: false, detail: "the storage key cannot be loaded" };
  }
  try {
    const sample = await withTimeout(
      prisma.webhookEndpoint.findFirst({ orderBy: { createdAt: "desc" }, select: { secretEncrypted: true } }),
      5_000,
      "storage sample",
    );
    if (sample) decryptWebhookSecret(sample.secretEncrypted);
    return { ok: true };
  } catch (error) {
    if ((error as Error).message?.includes("did not answer")) return { ok: true }; // the database part says it
    return { ok: false, detail: "the storage key does not open stored data (another instance's key?)" };
  }
}

/** ffmpeg runs, and decodes uploads where a decoder bug cannot reach the secrets — or the operator accepted that. */
export async function ffmpegReadiness(): Promise<Part> {
  const { source, ffmpeg: binary } = ffmpegBinary();
  if (source === "missing")
    return { ok: false, detail: "no ffmpeg installed: apt-get install -y ffmpeg, or set FFMPEG_PATH" };
  if ((await ffmpegVersion()) === "unavailable") return { ok: false, detail: `the ${source} ffmpeg does not run` };
  const sandbox = await sandboxState(binary);
  const problems: string[] = [];
  if (source === "bundled" && !setting("ALLOW_BUNDLED_FFMPEG"))
    problems.push(
      "the bundled 2018 build has no security updates: install the system's ffmpeg or set ALLOW_BUNDLED_FFMPEG=true",
    );
  if (!sandbox.active && !setting("ALLOW_UNSANDBOXED_FFMPEG"))
    problems.push(
      `ffmpeg runs without its sandbox (${sandbox.reason}): install bubblewrap or set ALLOW_UNSANDBOXED_FFMPEG=true`,
    );
  if (problems.length) return { ok: false, detail: problems.join("; ") };
  const described = source === "bundled" ? "bundled 2018 build (no security updates, accepted)" : source;
  return { ok: true, detail: `${described}, ${sandbox.active ? "sandboxed" : "NOT sandboxed (accepted)"}` };
}

/** The model files the checks load are installed and readable (loading them is the preload's job, not a probe's). */
async function models(): Promise<Part> {
  const files = [
    // human's models converted to ONNX and face-api's nets rebuilt as ONNX (what the checks run): committed files,
    // listed here all the same
    ...[...Object.values(HUMAN_ONNX_MODELS), ...Object.values(FACE_API_ONNX_MODELS)].map(
      (f) => () => path.join(faceModelsDir(), f),
    ),
    ...["4.0.0", "4.0.0_best_int"].map(
      (v) => () => path.join(packageDir("@tesseract.js-data/eng"), v, "eng.traineddata.gz"),
    ),
    // Human's TF.js models only where a comparison runtime loads them (FACE_RUNTIME=onnx-exact or tfjs)
    ...(setting("FACE_RUNTIME") === "onnx" ? [] : await humanTfjsModelFiles()),
  ];
  let missing = 0;
  // a package that is not installed throws while its path is resolved: counted as missing too
  for (const file of files)
    await Promise.resolve()
      .then(() => access(file()))
      .catch(() => missing++);
  if (!missing) return { ok: true };
  // the comparison runtimes' packages are an optional install, which a plain `npm install` does not bring back
  const runtime = setting("FACE_RUNTIME");
  const fix =
    runtime !== "onnx" && !tfjsReferenceInstalled()
      ? `FACE_RUNTIME=${runtime} needs ${SETUP_COMMAND}`
      : "reinstall (npm install)";
  return { ok: false, detail: `${missing} model file(s) missing: ${fix}` };
}

async function humanTfjsModelFiles(): Promise<(() => string)[]> {
  const { humanPackageDir } = await import("@/lib/engines/faces/human-tfjs");
  return ["blazeface", "facemesh", "antispoof", "liveness"].flatMap((m) =>
    [".json", ".bin"].map((ext) => () => path.join(humanPackageDir(), "models", `${m}${ext}`)),
  );
}

export async function readiness(): Promise<Readiness> {
  const [db, mig, key, ff, mod] = await Promise.all([
    database(),
    migrations(),
    storageKey(),
    ffmpegReadiness(),
    models(),
  ]);
  const parts = { database: db, migrations: mig, storageKey: key, ffmpeg: ff, models: mod };
  return { ready: Object.values(parts).every((p) => p.ok), parts };
}
