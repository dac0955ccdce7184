import path from "node:path";
import { BaseSequencer, type TestSpecification } from "vitest/node";

/**
 * The files that take minutes start first. Vitest orders a run by the durations it cached in the last run, and a
 * clean checkout (CI) has none, so it starts the largest files first: the real-material files are short and ran last,
 * one core reading specimens for four minutes while the other waited (CI's vitest took 867–922 s, of which ~1,430 s of
 * work on 2 workers). Durations from CI's log of 2026-11-30, longest first; the rest keep vitest's own order.
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
