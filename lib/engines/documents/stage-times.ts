import { AsyncLocalStorage } from "node:async_hooks";

// Where a document's reading spends its time (docs/benchmarks.md, `npm run bench:mrz`): each named stage adds its
// wall time to the profile of the run it belongs to. Outside a profiled run (the server) a stage costs one lookup.
// Stages that run concurrently (page OCR beside the forensics) each count their own wall time, so the sum can
// exceed the document's.

export type StageTimes = Map<string, { ms: number; runs: number }>;

const current = new AsyncLocalStorage<StageTimes>();

/** `work` run under a fresh profile; returns its value and the time of each stage inside it. */
export async function profiled<T>(work: () => Promise<T>): Promise<{ value: T; stages: StageTimes }> {
  const stages: StageTimes = new Map();
  const value = await current.run(stages, work);
  return { value, stages };
}

/** `work`, its wall time added to `name` in the current profile (if any). */
export async function stage<T>(name: string, work: () => Promise<T>): Promise<T> {
  const stages = current.getStore();
  if (!stages) return work();
  const t0 = performance.now();
  try {
    return await work();
  } finally {
    const was = stages.get(name) ?? { ms: 0, runs: 0 };
    stages.set(name, { ms: was.ms + performance.now() - t0, runs: was.runs + 1 });
  }
}
