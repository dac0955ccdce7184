import { spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import { mkdtemp, readFile, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { consistencyFrames } from "@/lib/engines/faces/analyze-video";
import {
  detectFacesInPixels,
  faceEngineStats,
  identityDescriptor,
  setFaceRuntime,
  warmFaceEngine,
} from "@/lib/engines/faces/human-engine";
import { setFaceApiOnnxThreads } from "@/lib/engines/faces/face-api-onnx";
import { facePoolStatus } from "@/lib/engines/faces/face-pool";
import {
  faceApi,
  setFaceApiRuntimes,
  SHIPPED_FACE_API_RUNTIMES,
  TFJS_ONLY,
  type FaceApiRuntimes,
} from "@/lib/engines/faces/resnet-descriptor";
import { FRAME_OPTIONS, liveness } from "@/lib/checks/liveness/liveness";
import { extractRgbFrames } from "@/lib/engines/video/extract-frames";
import type { ProcessInput } from "@/lib/checks/types";
import { loopedPhotoVideo, sampleFace } from "@/test/sample-faces";
import { testPorts, offlineVerification } from "@/test/check-ports";
import { SETUP_COMMAND, tfjsReferenceInstalled } from "@/lib/engines/faces/tfjs-reference";

// LIVENESS on a 5-second webm (a looped sample photo: every frame has a face, so every frame costs a full
// detection): median and p95 of RUNS runs after one warm-up, and the process's peak RSS. Pinned to one core with
// `taskset -c 0` when available (re-executes itself). Prints figures; asserts nothing.
// Run: node --import tsx --conditions=react-server tools/bench/checks-liveness.ts [--video FILE]
// Issue 35: it measures the service's face-api runtimes (SHIPPED_FACE_API_RUNTIMES) and, as the baseline, the same
// nets on TF.js (TFJS_ONLY), each in a process of its own (peak RSS is per process), and prints the ratios.
// Without the optional TF.js install (npm run setup:tfjs-reference) only the shipped process runs.
// `--threads 2` gives the ONNX sessions two intra-op threads and pins the process to two cores (taskset -c 0,1).
// Issue 35, human on onnxruntime: four processes — shipped (human's pipeline and face-api's nets on onnxruntime, every
// frame: TF.js never loaded), onnx-exact (the same, Human on TF.js loaded for a frame near one of its edges: the tree
// before TF.js left the service), human-tfjs (face-api on onnxruntime, Human on TF.js: the tree before human's move)
// and tfjs (both on TF.js); each prints how many frames its face engine answered on onnxruntime and how many on TF.js.

const RUNS = 7;

const benchVideo = async () => loopedPhotoVideo(await sampleFace(1), 5, "webm");

/** The bench's LIVENESS input: a 5-second webm of a looped sample photo, no capture report (an API upload). */
export async function benchInput(): Promise<ProcessInput> {
  // BENCH_VIDEO: the file the parent encoded once, so every child (and every mode) analyses the very same frames
  // (libvpx's output varies with the cores it sees)
  const file = process.env.BENCH_VIDEO;
  const video = file ? await readFile(file) : await benchVideo();
  return {
    verification: offlineVerification(),
    workflow: {
      processes: ["LIVENESS"],
      documentTypes: [],
      countries: [],
      settings: { LIVENESS_CHALLENGE: "TURN_HEAD_LEFT_RIGHT" },
    },
    inputs: new Map([["SELFIE_VIDEO", { type: "FILE", value: null, fileId: "v" }]]),
    readFile: async () => ({ bytes: video, contentType: "video/webm" }),
    earlierSteps: [],
    now: new Date(),
    // an API upload: no capture report from the hosted page on the stored file
    ports: testPorts({ fileMeta: async () => null }),
  };
}

export async function benchLiveness(runs = RUNS) {
  const t0 = performance.now();
  await warmFaceEngine();
  await faceApi();
  const loadMs = performance.now() - t0;
  const input = await benchInput();
  const video = (await input.readFile("v"))!.bytes;
  const warm = await liveness.run(input); // warm-up (first inference compiles kernels)
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t = performance.now();
    await liveness.run(input);
    times.push(performance.now() - t);
  }
  times.sort((a, b) => a - b);
  // where one run's time goes: the same stages analyzeVideo runs, timed one by one (wall ms on the pinned core; the
  // ffmpeg child shares the core, so its decode is in the wall time too)
  const stages: Record<string, number> = {};
  let mark = performance.now();
  const lap = (name: string) => {
    const now = performance.now();
    stages[name] = Math.round(now - mark);
    mark = now;
  };
  const frames = await extractRgbFrames(video, "video/webm", FRAME_OPTIONS);
  lap("ffmpeg_frames_ms");
  const faces = [];
  for (const frame of frames) faces.push((await detectFacesInPixels(frame))[0] ?? null);
  lap("face_detection_mesh_antispoof_ms");
  const mains = faces.map((main) => ({ main, others: 0 }));
  const anchor = mains.findIndex((f) => f.main);
  const chosen = anchor < 0 ? [] : consistencyFrames(mains, anchor);
  const each: number[] = [];
  for (let round = 0; round < 3; round++)
    for (const i of chosen) {
      const t = performance.now();
      await identityDescriptor(frames[i]!, faces[i]!);
      each.push(performance.now() - t);
    }
  each.sort((a, b) => a - b);
  // the mean of three rounds over the chosen frames: one round's total, as before
  stages[`identity_descriptors_ms (${chosen.length} frames)`] = Math.round(each.reduce((a, b) => a + b, 0) / 3);
  mark = performance.now();
  const q = (p: number) => times[Math.min(times.length - 1, Math.ceil(p * times.length) - 1)]!;
  return {
    video_bytes: video.length,
    video_sha256: createHash("sha256").update(video).digest("hex").slice(0, 16),
    frames: (warm.data.frames as { sampled: number }).sampled,
    model_load_ms: Math.round(loadMs),
    median_ms: Math.round(q(0.5)),
    stages,
    descriptor_median_ms: Math.round(each[Math.floor(each.length / 2)] ?? 0),
    p95_ms: Math.round(q(0.95)),
    peak_rss_mb: Math.round(process.resourceUsage().maxRSS / 1024),
    face_engine_frames: faceEngineStats(),
    face_pool: facePoolStatus(),
    // the step's whole answer (checks and data): equal digests = the same result, whatever ran it
    output_sha256: createHash("sha256").update(JSON.stringify(warm)).digest("hex").slice(0, 16),
    cpus_allowed: process.env.BENCH_PINNED ?? "all",
  };
}

type Result = Awaited<ReturnType<typeof benchLiveness>>;

type Variant = "shipped" | "onnx-exact" | "human-tfjs" | "tfjs";

type Child = { variant: Variant; threads: number; cores: "0" | "0,1" | "all"; workers?: number | "auto" };

function childRun({ variant, threads, cores, workers }: Child, video: string): Result {
  const args = [...process.execArgv, process.argv[1]!, "--child", variant, "--threads", String(threads)];
  const env = {
    ...process.env,
    BENCH_VIDEO: video,
    ...(workers === undefined ? {} : { FACE_WORKERS: String(workers) }),
  };
  const pinned = cores !== "all" && spawnSync("taskset", ["-c", cores, "true"]).status === 0;
  const child = pinned
    ? spawnSync("taskset", ["-c", cores, process.execPath, ...args], {
        env: { ...env, BENCH_PINNED: `cores ${cores} (taskset -c ${cores})` },
        encoding: "utf8",
        maxBuffer: 1 << 24,
      })
    : spawnSync(process.execPath, args, { env, encoding: "utf8", maxBuffer: 1 << 24 });
  if (child.status !== 0) throw new Error(`${variant} run failed: ${child.stderr}`);
  return JSON.parse(child.stdout.slice(child.stdout.indexOf("{"))) as Result;
}

function arg(name: string): string | undefined {
  const i = process.argv.indexOf(name);
  return i < 0 ? undefined : process.argv[i + 1];
}

async function main(): Promise<void> {
  const threads = Number(arg("--threads") ?? 1);
  const child = arg("--child");
  if (child) {
    setFaceApiOnnxThreads(threads);
    const runtimes: FaceApiRuntimes = child === "tfjs" ? TFJS_ONLY : SHIPPED_FACE_API_RUNTIMES;
    setFaceApiRuntimes(runtimes);
    const human = child === "shipped" ? "onnx" : child === "onnx-exact" ? "onnx-exact" : "tfjs";
    setFaceRuntime(human);
    console.log(
      JSON.stringify({
        face_api_runtimes: runtimes,
        human_runtime: human,
        onnx_threads: threads,
        ...(await benchLiveness()),
      }),
    );
    return;
  }
  // --video FILE: analyse a kept file (libvpx's realtime mode encodes the bench video differently under load, so
  // before/after comparisons of the answer digest need the same bytes; video_sha256 names them)
  const given = arg("--video");
  const video = given
    ? path.resolve(given)
    : path.join(await mkdtemp(path.join(os.tmpdir(), "bench-liveness-")), "selfie.webm");
  if (!given) await writeFile(video, await benchVideo());
  if (process.argv.includes("--pool")) return poolMode(video);
  const cores = threads > 1 ? "0,1" : "0";
  // FACE_WORKERS=0: the one-core figures as before the face pool (a pool on one pinned core only adds copies)
  const shipped = childRun({ variant: "shipped", threads, cores, workers: 0 }, video);
  // the baselines run on TF.js, an optional install since the service left it (lib/engines/faces/tfjs-reference.ts)
  if (!tfjsReferenceInstalled()) {
    console.log(JSON.stringify({ shipped, baselines: `not run: TF.js is not installed (${SETUP_COMMAND})` }, null, 2));
    return;
  }
  const exact = childRun({ variant: "onnx-exact", threads, cores, workers: 0 }, video);
  const humanTfjs = childRun({ variant: "human-tfjs", threads, cores, workers: 0 }, video);
  const baseline = childRun({ variant: "tfjs", threads, cores, workers: 0 }, video);
  const ratio = (a: number, b: number) => Math.round((100 * a) / b) / 100;
  console.log(
    JSON.stringify(
      {
        shipped,
        onnx_exact: exact,
        human_on_tfjs: humanTfjs,
        tfjs_baseline: baseline,
        same_output_as_onnx_exact: shipped.output_sha256 === exact.output_sha256,
        ratio_shipped_to_onnx_exact: {
          liveness_median: ratio(shipped.median_ms, exact.median_ms),
          peak_rss: ratio(shipped.peak_rss_mb, exact.peak_rss_mb),
        },
        ratio_shipped_to_human_on_tfjs: {
          liveness_median: ratio(shipped.median_ms, humanTfjs.median_ms),
          detection_stage: ratio(
            shipped.stages.face_detection_mesh_antispoof_ms!,
            humanTfjs.stages.face_detection_mesh_antispoof_ms!,
          ),
          peak_rss: ratio(shipped.peak_rss_mb, humanTfjs.peak_rss_mb),
        },
        ratio_shipped_to_tfjs: {
          liveness_median: ratio(shipped.median_ms, baseline.median_ms),
          descriptor_median: ratio(shipped.descriptor_median_ms, baseline.descriptor_median_ms),
          peak_rss: ratio(shipped.peak_rss_mb, baseline.peak_rss_mb),
        },
      },
      null,
      2,
    ),
  );
}

/**
 * `--pool` (issue 35, the face pool): the shipped runtimes on the same video, one core without the pool (the pinned
 * figure), then all cores (unpinned) without it (FACE_WORKERS=0) and with it (FACE_WORKERS=auto: one worker per
 * core), each in its own process; the load average before each, and whether the step's answers were identical.
 */
function poolMode(video: string): void {
  const modes: [string, Child][] = [
    ["one core, in-thread (FACE_WORKERS=0, taskset -c 0)", { variant: "shipped", threads: 1, cores: "0", workers: 0 }],
    ["all cores, in-thread (FACE_WORKERS=0)", { variant: "shipped", threads: 1, cores: "all", workers: 0 }],
    ["all cores, face pool (FACE_WORKERS=auto)", { variant: "shipped", threads: 1, cores: "all", workers: "auto" }],
  ];
  const rows = modes.map(([name, child]) => {
    const load = os.loadavg()[0]!.toFixed(2);
    const r = childRun(child, video);
    return { mode: name, load_1min_before: load, ...r };
  });
  const summary = rows.map((r) => ({
    mode: r.mode,
    median_ms: r.median_ms,
    p95_ms: r.p95_ms,
    peak_rss_mb: r.peak_rss_mb,
    face_pool: r.face_pool,
    load_1min_before: r.load_1min_before,
    frames_onnx_tfjs: `${r.face_engine_frames.onnx}/${r.face_engine_frames.tfjs}`,
    output_sha256: r.output_sha256,
  }));
  console.log(
    JSON.stringify(
      {
        cpus: os.availableParallelism(),
        same_output: new Set(rows.map((r) => r.output_sha256)).size === 1,
        summary,
        runs: rows,
      },
      null,
      2,
    ),
  );
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  main().catch((e) => {
    console.error(e);
    process.exit(1);
  });
}
