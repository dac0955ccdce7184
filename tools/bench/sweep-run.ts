// bench:sweep's measurement: the engine's stale sweep, sweepStaleVerifications() exactly as the worker calls it
// every 5 minutes (domain code: run with `node --import tsx --conditions=react-server`), twice. The first finds
// the stale rows the benchmark planted; the second finds nothing and shows the price of a sweep with no work. Before
// them, the baseline: a count of the whole table, timed through the same client. Prints ONE JSON line.
import { prisma } from "@/lib/core/db";
import { sweepStaleVerifications } from "@/lib/domain/verifications/sweep-stale";

async function timed() {
  const started = performance.now();
  const result = await sweepStaleVerifications();
  return { ...result, ms: Math.round((performance.now() - started) * 10) / 10 };
}

/** The baseline, measured in the same run: one pass over the whole table (a count), the median of three. */
async function tableCount() {
  const times: number[] = [];
  for (let i = 0; i < 3; i++) {
    const started = performance.now();
    await prisma.$queryRaw`SELECT count(*) FROM "Verification"`;
    times.push(performance.now() - started);
  }
  const ms = times.sort((a, b) => a - b)[1]!;
  return { query: 'SELECT count(*) FROM "Verification"', ms: Math.round(ms * 10) / 10 };
}

async function main() {
  await prisma.$queryRaw`SELECT 1`; // the pool's first connection is not part of the timing
  const baseline = await tableCount();
  const first = await timed();
  const second = await timed();
  process.stdout.write(`${JSON.stringify({ first, second, baseline })}\n`);
}

main()
  .catch((error) => {
    console.error(`[bench sweep-run] failed: ${error instanceof Error ? error.message : String(error)}`);
    process.exitCode = 1;
  })
  .finally(() => prisma.$disconnect());
