import path from "node:path";
import { BaseSequencer, type TestSpecification } from "vitest/node";

/**
 * The files that take minutes start first. Vitest orders a run by the durations it cached in the last run, and a
 * clean checkout (CI) has none, so it starts the largest files first: the real-material files and the soak are short
 * and started among the last. The soak mostly waits on its instances (~2–5 minutes), so begun late it leaves cores
 * idle at the end; begun first, the CPU-bound files fill its waits. Clean-checkout `vitest run` with three workers
 * (2026-11-30, one run each): 822 s in this order, 941 s in vitest's own. Durations from CI's log, longest first; the
 * rest keep vitest's order.
 */
const SLOW_FIRST = [
  "lib/checks/document-verification/real-documents.real.test.ts", // ~250 s: the real MRZ specimens
  "packages/node/test/sdk.integration.test.ts", // ~200 s: includes `next build`
  "tools/soak/cluster.integration.test.ts", // ~110 s
  "lib/engines/faces/real-portraits.real.test.ts", // ~85 s
  "lib/jobs/crash-recovery.integration.test.ts", // ~38 s
  "lib/http/fuzz.integration.test.ts", // ~34 s
  "lib/checks/document-verification/document-verification.test.ts", // ~32 s
  "lib/jobs/graceful-shutdown.integration.test.ts", // ~32 s
];

export default class SlowFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const rank = (spec: TestSpecification) => {
      const i = SLOW_FIRST.indexOf(path.relative(spec.project.config.root, spec.moduleId).split(path.sep).join("/"));
      return i < 0 ? SLOW_FIRST.length : i;
    };
    // Array.prototype.sort is stable: files of equal rank keep vitest's order
    return sorted.sort((a, b) => rank(a) - rank(b));
  }
}
