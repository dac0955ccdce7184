import "server-only";

// The reading budget of one document (issue 35, item 3): the CPU time this process spends on it, from its first page
// OCR to its decision, rather than wall-clock time. On a shared machine the wall clock runs two to four times past
// the CPU (docs/accuracy.md: load 5–10 on 2 cores), so a wall-clock budget cut off readings that would have held on
// a free machine, and the outcome depended on the neighbours; the CPU time of the work itself depends on them far
// less, though not at all only where each vCPU is a core of its own: where two are one core's hyperthreads, a busy
// neighbour makes the same work cost more CPU time (a page without an MRZ, 5.9–6.7 s alone, ran past 9 s on CI
// beside two other test files, 2026-12-05).
// The process's CPU time covers every thread (tesseract's workers, PaddleOCR's, sharp's), so documents read at the
// same time in one process share it: each is charged the CPU time since it started divided by the documents in
// flight (an even share; a worker reads one document at a time unless its concurrency is raised).

/**
 * The CPU time (ms) one document may take before no further MRZ variant is tried and the page goes to review
 * saying so. Chosen on the development halves of ../shared/data/mrz-specimens and ../shared/data/documents
 * (docs/accuracy.md, fourth round, 2026-11-29): the last variant a reading that held needed started at 8.4 s of
 * the document's CPU (a Hungarian scan whose first variant, speckle, alone took 5 s); at 4 s the Taiwanese
 * passport's third variant, the one that reads its surname whole, would not have run (it started at 4.0 s). What
 * ran past 9 s read nothing (a visa page's background: 14 s, of which one variant on noise took most).
 */
export const DOCUMENT_CPU_BUDGET_MS = 9_000;

/**
 * How far past the budget (ms of the document's CPU) an MRZ variant already being recognised may run before it is
 * stopped (read-mrz.ts, ocr-engine.ts: tesseract.js cannot cancel a recognition, so its worker is terminated). No
 * variant starts past the budget; one that started under it used to run to its end — the German visa page's second
 * variant, on a band of noise, to 20.8 s. Chosen on the development halves of ../shared/data/mrz-specimens and
 * ../shared/data/documents and the generated set (tools/eval/documents.ts), 2026-12-01: of the recognitions still
 * running at 9 s, those that read MRZ-shaped text ended at most 1.3 s past it (the Taiwanese passport's third variant,
 * whose reading holds; a generated photo's second, 0.6 s past, whose reading its answer needed), those that read none
 * 2.5–11.7 s past it (a Croatian and a Hungarian passport's speckle, the visa's noise).
 */
export const RECOGNITION_GRACE_MS = 2_000;

let inFlight = 0;

export type DocumentBudget = {
  /** true (and `spent` set) once the document's share of CPU time has passed the budget */
  over(): boolean;
  /** the budget ran out before the reading ended */
  spent: boolean;
  /** true once the share has passed the budget plus the grace: a recognition still running is stopped */
  pastGrace(): boolean;
  /** the document's share of CPU time so far (ms) */
  used(): number;
  /** the budget raised by `ms`: work the document needed before its reading could start (finding which way up it is) */
  extend(ms: number): void;
  /** the document is done: it no longer shares the process */
  end(): void;
};

const cpuMs = () => {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
};

/** A budget starting now; `limitMs` and `graceMs` for tests. Call `end()` when the document is done. */
export function documentBudget(limitMs = DOCUMENT_CPU_BUDGET_MS, graceMs = RECOGNITION_GRACE_MS): DocumentBudget {
  const start = cpuMs();
  let limit = limitMs;
  let ended = false;
  inFlight += 1;
  const budget: DocumentBudget = {
    spent: false,
    used: () => (cpuMs() - start) / Math.max(1, inFlight),
    over: () => {
      if (budget.spent) return true;
      if (budget.used() <= limit) return false;
      budget.spent = true;
      return true;
    },
    pastGrace: () => budget.over() && budget.used() > limit + graceMs,
    extend: (ms) => {
      if (!budget.spent) limit += Math.max(0, ms);
    },
    end: () => {
      if (ended) return;
      ended = true;
      inFlight -= 1;
    },
  };
  return budget;
}
