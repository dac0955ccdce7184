import "server-only";
import { z } from "zod";
import { DomainError, ForbiddenError, NotFoundError } from "@/lib/core/errors";
import { memberForAction, type Member, type Permission } from "@/lib/auth/current-member";

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
      fieldErrors?: Record<string, string>;
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

type Data = Omit<NonNullable<ActionState>, "ok" | "message" | "error" | "fieldErrors" | "values">;

/** A success answer: `ok`, an optional message, and the data the page needs. */
export function done(message?: string, data: Data = {}): ActionState {
  return { ok: true, ...(message ? { message } : {}), ...data };
}

/** A refusal the user can act on, as an answer (for refusals found before any domain call). */
export function refused(error: string, fieldErrors?: Record<string, string>): ActionState {
  return { ok: false, error, ...(fieldErrors ? { fieldErrors } : {}) };
}

/**
 * Runs an action's body and turns every refusal into an answer, the same way everywhere: zod issues by field,
 * another account's id and a role without the permission alike ("Not found, or not allowed": an id must not be
 * confirmable), any other DomainError as its message (with its details by field). Anything else is a bug: logged
 * once by name (no input, no personal data) and answered generically. Next's redirect/notFound pass through.
 */
export async function runAction(body: () => Promise<ActionState>): Promise<ActionState> {
  try {
    return await body();
  } catch (error) {
    if (error instanceof z.ZodError)
      return refused(
        "Check the highlighted fields",
        Object.fromEntries(error.issues.map((i) => [i.path.map(String).join("."), i.message])),
      );
    if (error instanceof NotFoundError || error instanceof ForbiddenError) return refused("Not found, or not allowed");
    if (error instanceof DomainError) {
      const fieldErrors = error.details?.filter((d) => d.field).map((d) => [d.field!, d.message] as const);
      const detail = error.details?.[0]?.message;
      return refused(
        detail ? `${error.message} (${detail})` : error.message,
        fieldErrors?.length ? Object.fromEntries(fieldErrors) : undefined,
      );
    }
    if (isNextControlFlow(error)) throw error;
    console.error(`[dashboard] action failed: ${(error as Error)?.name}`);
    return refused("Something went wrong. Try again.");
  }
}

/** runAction for a signed-in member with `permission`: the check is inside, so a refusal is an answer too. */
export async function memberAction(
  permission: Permission,
  body: (member: Member) => Promise<ActionState>,
): Promise<ActionState> {
  return runAction(async () => body(await memberForAction(permission)));
}

// redirect() and notFound() throw errors Next must see
function isNextControlFlow(error: unknown): boolean {
  const digest = (error as { digest?: unknown })?.digest;
  return (
    typeof digest === "string" && (digest.startsWith("NEXT_REDIRECT") || digest.startsWith("NEXT_HTTP_ERROR_FALLBACK"))
  );
}
