// Speed of the document check: wall time per document (examination + rules, as the process runs them, without the
// database lookups) after a warm-up, and the process's peak RSS. On ONE core or on all:
//   [taskset -c 0] node --import tsx --conditions=react-server tools/bench/checks-document.ts [documents=20] [wrong=8]
// BENCH_TODAY=YYYY-MM-DD fixes the day the documents are drawn for (their dates, hence their images; default today).
// The baseline, measured in the same run beside each check: one page OCR pass (the page worker's tesseract LSTM, as
// the check's own first stage reads a side) of every side the check reads — the floor of reading the document once,
// which moves with the host's speed as the check does. The ratio of the two compares runs on different hosts or
// days; each check and its baseline run one after the other, in alternating order, so a drift in the host's load
// falls on both. Prints figures; asserts nothing (benchmarks are scripts, not timed tests).
import { readFileSync } from "node:fs";
import path from "node:path";
import { decide } from "@/lib/checks/document-verification/decide";
import { examineDocument } from "@/lib/engines/documents/examine-document";
import { ocrEngine, stopOcrEngine } from "@/lib/engines/documents/ocr/ocr-engine";
import { warmUpImage } from "@/lib/engines/documents/ocr/warm-up-image";
import { makeDocumentSet, type DocumentCase } from "@/tools/eval/make-documents";

export type Timing = { documents: number; medianMs: number; p95Ms: number; maxMs: number };
export type DocumentBench = {
  today: string;
  warmupMs: number;
  genuine: Timing;
  wrongCheckDigit: Timing;
  /**
   * the page worker's drain before each baseline: a one-line reading (~20 ms) plus what a check left running on it
   * (an enlarged page reading started beside the MRZ and not awaited), which the checks do not count
   */
  pageWorkerDrainMs: Timing;
  /** one page OCR pass of the same documents' sides, measured beside each check */
  baseline: { what: string; genuine: Timing; wrongCheckDigit: Timing };
  /** check ÷ baseline: the document check in page OCR passes */
  ratio: { genuineMedian: number; genuineP95: number; wrongCheckDigitMedian: number };
  peakRssMb: number;
  cpus: string;
};

const BASELINE =
  "one page OCR pass (tesseract LSTM, the page worker) of every side the check reads, one after the other";

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

/**
 * The baseline: every side of the document read once by the page OCR, as the check's first stage reads it. The page
 * worker is drained first (a one-line reading, not timed): a check can leave its enlarged page reading, started beside
 * the MRZ and not needed after all, still running when it returns, and the baseline would queue behind it.
 */
async function pageOcrOnce(c: DocumentCase): Promise<{ ms: number; drainMs: number }> {
  const engine = await ocrEngine();
  const line = await warmUpImage();
  const drained = performance.now();
  await engine.readPage(line);
  const t0 = performance.now();
  for (const side of [c.front, c.back]) if (side) await engine.readPage(side);
  return { ms: performance.now() - t0, drainMs: t0 - drained };
}

const ratio = (a: number, b: number) => Math.round((a / b) * 100) / 100;

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
export async function benchDocumentCheck(documents = 20, wrong = 8, day?: string): Promise<DocumentBench> {
  const today = day ? new Date(`${day}T00:00:00Z`) : new Date();
  if (Number.isNaN(today.getTime())) throw new Error(`BENCH_TODAY: ${day} is not a date (YYYY-MM-DD)`);
  const cases: DocumentCase[] = [];
  // half passports, half ID cards (two sides), mixed degradations: generated before timing starts
  for await (const c of makeDocumentSet(today, { degraded: documents + 1, wrongCheckDigit: wrong, tampered: 0 }, 7))
    cases.push(c);
  let peakRss = process.memoryUsage.rss();
  const sample = setInterval(() => (peakRss = Math.max(peakRss, process.memoryUsage.rss())), 50);
  try {
    const warmupMs = await checkOne(cases[0]!, today); // starts the OCR workers and loads the language data
    await pageOcrOnce(cases[0]!);
    const times = () => ({ check: [] as number[], base: [] as number[] });
    const runs = { degraded: times(), other: times() };
    const drains: number[] = [];
    const baselineOf = async (c: DocumentCase) => {
      const { ms, drainMs } = await pageOcrOnce(c);
      drains.push(drainMs);
      return ms;
    };
    for (const [i, c] of cases.slice(1).entries()) {
      const into = c.set === "degraded" ? runs.degraded : runs.other;
      if (i % 2) into.base.push(await baselineOf(c));
      into.check.push(await checkOne(c, today));
      if (!(i % 2)) into.base.push(await baselineOf(c));
    }
    peakRss = Math.max(peakRss, process.memoryUsage.rss());
    const [genuine, wrongCheckDigit] = [timing(runs.degraded.check), timing(runs.other.check)];
    const baseline = { what: BASELINE, genuine: timing(runs.degraded.base), wrongCheckDigit: timing(runs.other.base) };
    return {
      today: today.toISOString().slice(0, 10),
      warmupMs: Math.round(warmupMs),
      genuine,
      wrongCheckDigit,
      baseline,
      pageWorkerDrainMs: timing(drains),
      ratio: {
        genuineMedian: ratio(genuine.medianMs, baseline.genuine.medianMs),
        genuineP95: ratio(genuine.p95Ms, baseline.genuine.p95Ms),
        wrongCheckDigitMedian: ratio(wrongCheckDigit.medianMs, baseline.wrongCheckDigit.medianMs),
      },
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
  benchDocumentCheck(Number(process.argv[2] ?? 20), Number(process.argv[3] ?? 8), process.env.BENCH_TODAY)
    .then((r) => console.log(JSON.stringify(r, null, 2)))
    .catch((error: unknown) => {
      console.error(error);
      process.exit(1);
    });
}
