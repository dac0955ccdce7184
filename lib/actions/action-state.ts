// Browser-safe: the forms import these types, and the pure answer builders are shared by every action file.

/**
 * What every dashboard server action answers (forms read it with useActionState, buttons with await): `ok` with an
 * optional `message` and the data the page needs (a secret shown once, an id); or `error` with `fieldErrors`;
 * `values` a form shows again after an error (never a password).
 */
export type ActionState =
  | {
      ok?: boolean;
      message?: string;
      error?: string;
      fieldErrors?: FieldErrors;
      values?: Record<string, string>;
      secret?: string;
      id?: string;
      key?: string;
      keyPrefix?: string;
      workflowId?: string;
      version?: number;
      redirectTo?: string;
    }
  | undefined;

import type { FieldErrors } from "@/lib/shared/field-errors";

export type { FieldErrors };

/** A form's server action, as useActionState calls it. */
export type FormAction = (state: ActionState, form: FormData) => Promise<ActionState>;

type Data = Omit<NonNullable<ActionState>, "ok" | "message" | "error" | "fieldErrors" | "values">;

/** The banner above a form whose fields carry the errors. */
export const CHECK_FIELDS = "Check the highlighted fields";

/** A success answer: `ok`, an optional message, and the data the page needs. */
export function done(message?: string, data: Data = {}): ActionState {
  return { ok: true, ...(message ? { message } : {}), ...data };
}

/** A refusal the user can act on, as an answer (for refusals found before any domain call). */
export function refused(error: string, fieldErrors?: FieldErrors): ActionState {
  return { ok: false, error, ...(fieldErrors ? { fieldErrors } : {}) };
}

/**
 * The error of field `name`: its own, or the first of a value inside it (a list's "allowedRedirectHosts.2", a
 * checkbox group's "events.1"), so a form shows it at the control that holds the value.
 */
export function fieldError(errors: FieldErrors | undefined, name: string): string | undefined {
  if (!errors) return undefined;
  if (errors[name]) return errors[name];
  const nested = Object.keys(errors).find((key) => key.startsWith(`${name}.`));
  return nested ? errors[nested] : undefined;
}
