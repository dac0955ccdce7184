// Where the time of one document goes, on real images (docs/benchmarks.md, "MRZ reading: where the time goes"): every
// image as eval:documents reads it (upload normalisation, then the DOCUMENT_VERIFICATION process), under a stage
// profile (lib/engines/documents/stage-times.ts). Prints, per stage, the median and mean wall time per image and how
// often it ran; then the images' own times. Figures, not assertions; the first image also starts the OCR workers.
// The baseline, measured in the same run right after each image: one page OCR pass of the same normalised image
// (readPage, as the process's first stage reads it, alone on the page worker). The ratios of the images' median and
// worst time to the baseline's median compare runs across hosts and days.
//
//   npm run bench:mrz -- --data DIR [--today YYYY-MM-DD] [--each]
// --each also prints every image's own stages (wall time and runs), to see where one slow image's time went.
import { existsSync, readFileSync } from "node:fs";
import { loadavg } from "node:os";
import path from "node:path";
import { documentVerification } from "@/lib/checks/document-verification/document-verification";
import { normalizeUpload } from "@/lib/domain/verifications/normalize-upload";
import { ocrEngine, stopOcrEngine } from "@/lib/engines/documents/ocr/ocr-engine";
import { readPage } from "@/lib/engines/documents/which-way-up";
import { profiled, stage, type StageTimes } from "@/lib/engines/documents/stage-times";
import { listDocuments, processInput, warmReaders } from "@/tools/eval/real-documents";

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? s[Math.floor((s.length - 1) / 2)]! : 0;
};

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const at = (flag: string) => (args.includes(flag) ? args[args.indexOf(flag) + 1] : undefined);
  const dir = path.resolve(at("--data") ?? "../shared/data/documents");
  const today = new Date(`${at("--today") ?? new Date().toISOString().slice(0, 10)}T00:00:00Z`);
  if (!existsSync(dir)) {
    console.log(`bench:mrz: ${dir} does not exist; nothing to read`);
    return;
  }
  const docs = listDocuments(dir);
  const profiles: { file: string; ms: number; baselineMs: number; stages: StageTimes }[] = [];
  try {
    // as a worker's start does (preload-models.ts): no image's stages carry the readers' first runs
    await warmReaders();
    for (const doc of docs) {
      const t0 = performance.now();
      const { stages } = await profiled(async () => {
        const upload = await stage("upload normalisation", () =>
          normalizeUpload("DOCUMENT_FRONT", "image", readFileSync(doc.path)),
        );
        await stage("process (all of it)", () =>
          documentVerification.run(processInput(upload.bytes, upload.contentType, upload.meta, doc, today)),
        );
      });
      const ms = performance.now() - t0;
      const upload = await normalizeUpload("DOCUMENT_FRONT", "image", readFileSync(doc.path));
      const t1 = performance.now();
      await readPage(await ocrEngine(), upload.bytes);
      profiles.push({ file: doc.file, ms, baselineMs: performance.now() - t1, stages });
    }
  } finally {
    await stopOcrEngine();
  }
  const names = [...new Set(profiles.flatMap((p) => [...p.stages.keys()]))];
  console.log(`bench:mrz ${dir} (${docs.length} images), load average at the end ${loadavg()[0]!.toFixed(1)}\n`);
  console.log(`${"stage".padEnd(44)} ${"median".padStart(8)} ${"mean".padStart(8)}  runs/image`);
  for (const name of names) {
    const ms = profiles.map((p) => p.stages.get(name)?.ms ?? 0);
    const runs = profiles.map((p) => p.stages.get(name)?.runs ?? 0);
    const mean = ms.reduce((a, b) => a + b, 0) / ms.length;
    console.log(
      `${name.padEnd(44)} ${(median(ms) / 1000).toFixed(2).padStart(7)}s ${(mean / 1000).toFixed(2).padStart(7)}s  ${(runs.reduce((a, b) => a + b, 0) / runs.length).toFixed(1)}`,
    );
  }
  if (args.includes("--each"))
    for (const p of profiles)
      console.log(
        `\n${path.basename(p.file)} ${(p.ms / 1000).toFixed(1)} s: ${[...p.stages]
          .map(([name, { ms, runs }]) => `${name} ${(ms / 1000).toFixed(2)}${runs > 1 ? ` ×${runs}` : ""}`)
          .join("; ")}`,
      );
  console.log(
    `\nper image (s): ${profiles.map((p) => `${path.basename(p.file)} ${(p.ms / 1000).toFixed(1)}`).join(", ")}`,
  );
  const [mid, worst] = [median(profiles.map((p) => p.ms)), Math.max(...profiles.map((p) => p.ms))];
  const base = median(profiles.map((p) => p.baselineMs));
  console.log(`median ${(mid / 1000).toFixed(1)} s, worst ${(worst / 1000).toFixed(1)} s`);
  console.log(
    `baseline, one page OCR pass per image: median ${(base / 1000).toFixed(2)} s; ` +
      `ratio median ${(mid / base).toFixed(1)}×, worst ${(worst / base).toFixed(1)}×`,
  );
}

if (import.meta.url === `file://${process.argv[1]}`) {
  main().catch((error: unknown) => {
    console.error(error);
    process.exitCode = 1;
  });
}
