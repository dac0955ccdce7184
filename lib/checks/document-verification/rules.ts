import type { Check, CheckResult } from "@/lib/checks/types";

// What every rule module of DOCUMENT_VERIFICATION shares: the measured thresholds and the shape of a check. The
// rules themselves are in decide.ts (which runs them), mrz-checks.ts, barcode-checks.ts, field-consistency.ts and
// image-checks.ts; docs/checks.md has the table.

/**
 * Block-wise ELA (image-forensics.ts): the robust z-score of a 48 px window's error level against the page's own.
 * Measured on the evaluation set: untouched documents (camera copies and every degradation) 0–3.5, pasted fields,
 * re-saved regions and swapped portraits 4.3–5.9 (docs/accuracy.md).
 */
export const ELA_THRESHOLD = 3.9;
export const MIN_LONG_SIDE = 700;
export const MIN_SHARPNESS = 25;
export const MAX_GLARE = 0.004;

export type Declared = { type: string | null; country: string | null };
export type Policy = { today: Date; allowedTypes: readonly string[]; allowedCountries: readonly string[] };

export const check = (name: string, result: CheckResult, detail: string): Check => ({ name, result, detail });

/** The workflow's restrictions the document read breaks (empty: none); `types` are the declared types it can be. */
export function notAllowedBy(policy: Policy, types: readonly string[], country: string | null): string[] {
  const notAllowed: string[] = [];
  if (policy.allowedTypes.length && types.length && !types.some((t) => policy.allowedTypes.includes(t)))
    notAllowed.push(`a ${types.join("/")} is not accepted by this workflow`);
  if (policy.allowedCountries.length && country && !policy.allowedCountries.includes(country))
    notAllowed.push(`documents of ${country} are not accepted by this workflow`);
  return notAllowed;
}
