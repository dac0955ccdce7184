import type { z } from "zod";

/** By field path, dotted for nested values ("allowedRedirectHosts.2", "settings.LIVENESS.threshold"). */
export type FieldErrors = Record<string, string>;

/**
 * THE mapping of zod issues to field errors (the dashboard's action wrapper, and the builder's save which answers
 * its refusals by field): the issue's path dotted, a whole-object issue under "form". A form shows a nested path
 * at its top-level control (fieldError in lib/actions/action-state.ts).
 */
export function zodFieldErrors(error: z.ZodError): FieldErrors {
  return Object.fromEntries(error.issues.map((i) => [i.path.map(String).join(".") || "form", i.message]));
}
