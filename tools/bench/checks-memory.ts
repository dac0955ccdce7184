import { pathToFileURL } from "node:url";
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
// Prints RSS after each stage and the process's peak. Run: node --import tsx --conditions=react-server
// tools/bench/checks-memory.ts   (part of `npm run bench:checks`)

const mb = (bytes: number) => Math.round(bytes / 2 ** 20);

export async function benchMemory() {
  const stages: Record<string, number> = { start: mb(process.memoryUsage().rss) };
  const preload = await preloadModels();
  stages.models_preloaded = mb(process.memoryUsage().rss);
  const person = randomPerson(seededRandom(77), "TD3", new Date());
  const passport = await drawPassport(person, { portrait: await sampleFace(3, 360) });
  await paddleLines(passport.front);
  stages.paddleocr_loaded_and_run = mb(process.memoryUsage().rss);
  for (let i = 0; i < 3; i++) await examineDocument(passport.front, null, "FRONT");
  stages.after_3_document_checks = mb(process.memoryUsage().rss);
  const video = await loopedPhotoVideo(await sampleFace(1), 5, "webm");
  for (let i = 0; i < 3; i++) await liveness.run(livenessInput(video, "video/webm", "TURN_HEAD_LEFT_RIGHT"));
  stages.after_3_liveness_checks = mb(process.memoryUsage().rss);
  const heap = process.memoryUsage();
  return {
    rss_mb_by_stage: stages,
    peak_rss_mb: Math.round(process.resourceUsage().maxRSS / 1024),
    heap_used_mb: mb(heap.heapUsed),
    external_mb: mb(heap.external + heap.arrayBuffers),
    preload_ms: preload.ms,
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
