import { execFileSync } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import { pathToFileURL } from "node:url";
import sharp from "sharp";
import { preloadModels } from "@/lib/jobs/preload-models";
import { examineDocument } from "@/lib/engines/documents/examine-document";
import { paddleLines } from "@/lib/engines/documents/ocr/paddle-engine";
import { liveness } from "@/lib/checks/liveness/liveness";
import { drawPassport, randomPerson, seededRandom } from "@/test/document-images";
import { livenessInput } from "@/test/head-turn-video";
import { loopedPhotoVideo, sampleFace } from "@/test/sample-faces";

// Memory of ONE process that runs every check with every model loaded (issue 15, target ≤ 800 MB RSS): the models a
// worker preloads (face detection and mesh, face descriptors, tesseract), plus PaddleOCR, the MRZ fallback that loads
// only when a document needs it, forced here so the figure is honest; then a document check and a liveness check.
// Prints RSS after each stage, each stage's own peak, and the process's peak. Run (the worker's malloc setting, as
// `npm run worker` starts it): MALLOC_ARENA_MAX=2 node --import tsx --conditions=react-server
// tools/bench/checks-memory.ts   (part of `npm run bench:checks`, which sets it)
// The baseline, measured in the same run: the peak RSS of a bare Node process (the same binary and environment, no
// module loaded), the floor any worker starts from; the ratio of the peak to it compares runs across Node versions
// and hosts.

const mb = (bytes: number) => Math.round(bytes / 2 ** 20);

// Linux: the highest RSS since the last reset (VmHWM), reset by writing 5 to /proc/self/clear_refs, so that each
// stage's own peak shows (the process's peak says how high, not where). null where /proc does not allow it.
const status = (field: string, text?: string) => {
  try {
    const m = new RegExp(`${field}:\\s+(\\d+) kB`).exec(text ?? readFileSync("/proc/self/status", "utf8"));
    return m ? Math.round(Number(m[1]) / 1024) : null;
  } catch {
    return null;
  }
};
const resetPeak = () => {
  try {
    writeFileSync("/proc/self/clear_refs", "5");
    return true;
  } catch {
    return false;
  }
};

/** The peak RSS (MB) of a bare Node process of the same binary and environment; null where /proc cannot tell. */
function bareNodePeakMb(): number | null {
  const script = "const fs = require('fs'); process.stdout.write(fs.readFileSync('/proc/self/status', 'utf8'))";
  try {
    return status("VmHWM", execFileSync(process.execPath, ["-e", script], { encoding: "utf8" }));
  } catch {
    return null;
  }
}

export async function benchMemory() {
  const bare = bareNodePeakMb();
  const stages: Record<string, number> = { start: mb(process.memoryUsage().rss) };
  const peaks: Record<string, number | null> = {};
  const stage = async (name: string, work: () => Promise<unknown>) => {
    const reset = resetPeak();
    await work();
    stages[name] = mb(process.memoryUsage().rss);
    peaks[name] = reset ? status("VmHWM") : null;
  };
  let preload: Awaited<ReturnType<typeof preloadModels>> | undefined;
  await stage("models_preloaded", async () => (preload = await preloadModels()));
  const person = randomPerson(seededRandom(77), "TD3", new Date());
  const passport = await drawPassport(person, { portrait: await sampleFace(3, 360) });
  await stage("paddleocr_loaded_and_run", () => paddleLines(passport.front));
  // the largest page the document path hands to PaddleOCR's whole-image reading: a photo scaled to the page OCR's
  // width (PAGE_MAX_WIDTH, 1600 px, lib/engines/documents/examine-document.ts); the detector's activations grow with
  // the pixels (measured alone: +290 MB at 1250×880, +530 MB at 1600×1126)
  const largest = await sharp(passport.front).resize({ width: 1600 }).png().toBuffer();
  await stage("paddleocr_on_a_1600px_page", () => paddleLines(largest));
  await stage("after_3_document_checks", async () => {
    for (let i = 0; i < 3; i++) await examineDocument(passport.front, null, "FRONT");
  });
  const video = await loopedPhotoVideo(await sampleFace(1), 5, "webm");
  await stage("after_3_liveness_checks", async () => {
    for (let i = 0; i < 3; i++) await liveness.run(livenessInput(video, "video/webm", "TURN_HEAD_LEFT_RIGHT"));
  });
  const heap = process.memoryUsage();
  const peak = Math.max(Math.round(process.resourceUsage().maxRSS / 1024), ...Object.values(peaks).map((p) => p ?? 0));
  return {
    rss_mb_by_stage: stages,
    // the peak during each stage (a stage's peak above the RSS it ends with is memory held only while it ran)
    peak_rss_mb_during_stage: peaks,
    // the resets above also lower what getrusage reports, so the process's peak is the highest of the stages'
    peak_rss_mb: peak,
    baseline_bare_node_peak_rss_mb: bare,
    ratio_peak_to_bare_node: bare ? Math.round((peak / bare) * 10) / 10 : null,
    heap_used_mb: mb(heap.heapUsed),
    external_mb: mb(heap.external + heap.arrayBuffers),
    preload_ms: preload?.ms,
    malloc_env: ["MALLOC_ARENA_MAX", "MALLOC_MMAP_THRESHOLD_"]
      .map((k) => `${k}=${process.env[k] ?? "(unset)"}`)
      .join(" "),
    target_peak_rss_mb: 800,
  };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  benchMemory().then(
    (r) => {
      console.log(JSON.stringify(r, null, 2));
      process.exit(0);
    },
    (e) => {
      console.error(e);
      process.exit(1);
    },
  );
}
