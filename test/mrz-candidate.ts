import type { Candidate } from "@/lib/engines/documents/mrz/mrz-candidates";
import { safeParse } from "@/lib/engines/documents/mrz/mrz-lines";

// A reading of the MRZ reader's unit tests (second-number.test.ts, name-line-votes.test.ts).

/** A TD3 zone as one reader's (`variant`) candidate: read, fitted and repaired alike, no glyphs. */
export const td3Candidate = (variant: string, lines: string[]): Candidate => ({
  variant,
  format: "TD3",
  raw: lines,
  fitted: lines,
  lines,
  repairs: [],
  result: safeParse(lines)!,
  confidence: 80,
});
