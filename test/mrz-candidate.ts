import type { MrzFormat } from "@/lib/engines/documents/mrz/icao";
import type { Candidate } from "@/lib/engines/documents/mrz/mrz-candidates";
import { safeParse } from "@/lib/engines/documents/mrz/mrz-lines";

// Fixtures of the MRZ reader's unit tests (second-number, name-line-votes, code-votes, mrz-lines, mrz-repair).

/** A zone (TD3 unless told) as one reader's (`variant`) candidate: read, fitted and repaired alike, no glyphs. */
export const td3Candidate = (variant: string, lines: string[], format: MrzFormat = "TD3"): Candidate => ({
  variant,
  format,
  raw: lines,
  fitted: lines,
  lines,
  repairs: [],
  result: safeParse(lines)!,
  confidence: 80,
});

/** A PaddleOCR line's box as paddle-engine.ts gives it (top-left, top-right, bottom-right, bottom-left), 10 px high. */
export const paddleBox = (y: number, width: number) => [
  [0, y],
  [width, y],
  [width, y + 10],
  [0, y + 10],
];
