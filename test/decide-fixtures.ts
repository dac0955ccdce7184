// Test-only: the parts of an examination and of the evidence that the rules tests (decide.test.ts,
// barcode-decide.test.ts, card-backs.test.ts) build alike: an untouched, sharp image, and the evidence around it.
import type { Evidence } from "@/lib/checks/document-verification/decide";
import type { Examination } from "@/lib/engines/documents/examine-document";

/** The image signals of an untouched, sharp photo of `width` × `height` (ELA `ela`, well under the threshold). */
export const untouchedImage = (width: number, height: number, ela = 1.2) => ({
  ela: { score: ela, quality: 80, hotBlocks: 0, box: null },
  quality: { width, height, sharpness: 300, glare: 0 },
  imageHash: "0".repeat(64),
});

/** The evidence decide() takes: the examination, the declared type and country, no duplicates, clean metadata. */
export const evidenceOf = (exam: Examination, declared: { type: string; country: string }): Evidence => ({
  exam,
  declared,
  fileMeta: {},
  duplicates: [],
});

/** The checks by name → result, as the assertions compare them. */
export const checkResults = (checks: { name: string; result: string }[]) =>
  Object.fromEntries(checks.map((c) => [c.name, c.result]));
