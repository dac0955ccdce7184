// Speed of the document check: wall time per document (examination + rules, as the process runs them, without the
// database lookups) after a warm-up, and the process's peak RSS. Meant for ONE core:
//   taskset -c 0 node --import tsx --conditions=react-server tools/bench/checks-document.ts [documents=20] [wrong=8]
// Prints figures; asserts nothing (benchmarks are scripts, not timed tests).
import { readFileSync } from "node:fs";
import path from "node:path";
import { decide } from "@/lib/checks/document-verification/decide";
import { examineDocument } from "@/lib/engines/documents/examine-document";
import { stopOcrEngine } from "@/lib/engines/documents/ocr/ocr-engine";
import { makeDocumentSet, type DocumentCase } from "@/tools/eval/make-documents";

export type Timing = { documents: number; medianMs: number; p95Ms: number; maxMs: number };
export type DocumentBench = {
  warmupMs: number;
  genuine: Timing;
  wrongCheckDigit: Timing;
  peakRssMb: number;
  cpus: string;
};

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil(p * sorted.length) - 1)] ?? NaN;

async function checkOne(c: DocumentCase, today: Date): Promise<number> {
  const t0 = performance.now();
  const exam = await examineDocument(c.front, c.back, c.declaredType === "PASSPORT" ? "FRONT" : "BACK");
  decide(
    { exam, declared: { type: c.declaredType, country: c.declaredCountry }, fileMeta: c.frontMeta, duplicates: [] },
    { today, allowedTypes: [], allowedCountries: [] },
  );
  return performance.now() - t0;
}

export function timing(times: number[]): Timing {
  const sorted = [...times].sort((a, b) => a - b);
  return {
    documents: sorted.length,
    medianMs: Math.round(percentile(sorted, 0.5)),
    p95Ms: Math.round(percentile(sorted, 0.95)),
    maxMs: Math.round(sorted.at(-1) ?? NaN),
  };
}

/**
 * `documents` genuine degraded documents, then `wrong` carrying a wrong check digit (the slow path: no reading is
 * valid, so more variants are read before the reading counts as certain).
 */
export async function benchDocumentCheck(documents = 20, wrong = 8): Promise<DocumentBench> {
  const today = new Date();
  const cases: DocumentCase[] = [];
  // half passports, half ID cards (two sides), mixed degradations: generated before timing starts
  for await (const c of makeDocumentSet(today, { degraded: documents + 1, wrongCheckDigit: wrong, tampered: 0 }, 7))
    cases.push(c);
  let peakRss = process.memoryUsage.rss();
  const sample = setInterval(() => (peakRss = Math.max(peakRss, process.memoryUsage.rss())), 50);
  try {
    const warmupMs = await checkOne(cases[0]!, today); // starts the OCR workers and loads the language data
    const genuine: number[] = [];
    const faulty: number[] = [];
    for (const c of cases.slice(1)) (c.set === "degraded" ? genuine : faulty).push(await checkOne(c, today));
    peakRss = Math.max(peakRss, process.memoryUsage.rss());
    return {
      warmupMs: Math.round(warmupMs),
      genuine: timing(genuine),
      wrongCheckDigit: timing(faulty),
      peakRssMb: Math.round(peakRss / 1024 / 1024),
      cpus: readAffinity(),
    };
  } finally {
    clearInterval(sample);
    await stopOcrEngine();
  }
}

export function readAffinity(): string {
  try {
    // Cpus_allowed_list in /proc/self/status: what taskset restricted this process to
    const status = readFileSync("/proc/self/status", "utf8");
    return /Cpus_allowed_list:\s*(\S+)/.exec(status)?.[1] ?? "?";
  } catch {
    return "?";
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(__filename)) {
  benchDocumentCheck(Number(process.argv[2] ?? 20), Number(process.argv[3] ?? 8))
    .then((r) => console.log(JSON.stringify(r, null, 2)))
    .catch((error: unknown) => {
      console.error(error);
      process.exit(1);
    });
}
