// A baseline for the document benches, measured in the same run as what it is compared with: one page OCR pass (the
// page worker's tesseract LSTM, as a document check's first stage reads a side, readPage) of one image after the
// upload normalisation, `--runs` times after a warm-up, in a process of its own. It moves with the host's speed as the
// checks do, and no change of this project's code moves it; the ratio of a full KYC to it compares runs across hosts
// and days (bench:pipeline). Prints ONE JSON line: { medianMs, runs, image }.
//   node --import tsx --conditions=react-server tools/bench/page-ocr-baseline.ts --image FILE [--runs 5]
import { readFileSync } from "node:fs";
import path from "node:path";
import { normalizeUpload } from "@/lib/domain/verifications/normalize-upload";
import { ocrEngine, stopOcrEngine, warmOcrEngine } from "@/lib/engines/documents/ocr/ocr-engine";
import { readPage } from "@/lib/engines/documents/which-way-up";

export const PAGE_OCR_BASELINE =
  "one page OCR pass (tesseract LSTM, the page worker, readPage) of the normalised image";

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const at = (flag: string) => (args.includes(flag) ? args[args.indexOf(flag) + 1] : undefined);
  const image = at("--image");
  const runs = Number(at("--runs") ?? 5);
  if (!image || !Number.isInteger(runs) || runs < 1) throw new Error("usage: --image FILE [--runs N ≥ 1]");
  const upload = await normalizeUpload("DOCUMENT_FRONT", "image", readFileSync(image));
  await warmOcrEngine();
  const engine = await ocrEngine();
  const times: number[] = [];
  try {
    await readPage(engine, upload.bytes); // the first pass at this size is not timed
    for (let i = 0; i < runs; i++) {
      const t0 = performance.now();
      await readPage(engine, upload.bytes);
      times.push(performance.now() - t0);
    }
  } finally {
    await stopOcrEngine();
  }
  const sorted = times.sort((a, b) => a - b);
  const medianMs = Math.round(sorted[Math.floor((sorted.length - 1) / 2)]!);
  console.log(JSON.stringify({ what: PAGE_OCR_BASELINE, medianMs, runs, image: path.basename(image) }));
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(__filename)) {
  main().then(
    () => process.exit(0),
    (error: unknown) => {
      console.error(error);
      process.exit(1);
    },
  );
}
