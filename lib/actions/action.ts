import "server-only";
import { z } from "zod";
import { DomainError, ForbiddenError, NotFoundError } from "@/lib/core/errors";
import { memberForAction, type Member, type Permission } from "@/lib/auth/current-member";
import { CHECK_FIELDS, refused, type ActionState } from "@/lib/actions/action-state";
import { zodFieldErrors } from "@/lib/shared/field-errors";

/**
 * What an action declares about its input: the zod `schema` its `input` (read from the form, or the arguments) must
 * pass before the body runs, and the `values` a refused form shows again (React resets a form after its action;
 * never a password).
 */
export type Validated<S extends z.ZodType> = { schema: S; input: unknown; values?: Record<string, string> };

/**
 * Runs an action's body and turns every refusal into an answer, the same way everywhere: zod issues by field,
 * another account's id and a role without the permission alike ("Not found, or not allowed": an id must not be
 * confirmable), any other DomainError as its message (with its details by field). Anything else is a bug: logged
 * once by name (no input, no personal data) and answered generically. Next's redirect/notFound pass through.
 * With a schema, the input is parsed first and the body gets the parsed data.
 */
export async function runAction(body: () => Promise<ActionState>): Promise<ActionState>;
export async function runAction<S extends z.ZodType>(
  validated: Validated<S>,
  body: (data: z.output<S>) => Promise<ActionState>,
): Promise<ActionState>;
export async function runAction<S extends z.ZodType>(
  first: Validated<S> | (() => Promise<ActionState>),
  second?: (data: z.output<S>) => Promise<ActionState>,
): Promise<ActionState> {
  if (typeof first === "function") return answer(first);
  return withValues(await answer(async () => second!(first.schema.parse(first.input))), first.values);
}

/** runAction for a signed-in member with `permission`: the check is inside (and first), so a refusal is an answer. */
export async function memberAction(
  permission: Permission,
  body: (member: Member) => Promise<ActionState>,
): Promise<ActionState>;
export async function memberAction<S extends z.ZodType>(
  options: { permission: Permission } & Validated<S>,
  body: (member: Member, data: z.output<S>) => Promise<ActionState>,
): Promise<ActionState>;
export async function memberAction<S extends z.ZodType>(
  first: Permission | ({ permission: Permission } & Validated<S>),
  body: ((member: Member) => Promise<ActionState>) | ((member: Member, data: z.output<S>) => Promise<ActionState>),
): Promise<ActionState> {
  if (typeof first === "string") {
    return answer(async () => (body as (member: Member) => Promise<ActionState>)(await memberForAction(first)));
  }
  const { permission, schema, input, values } = first;
  const answered = await answer(async () => {
    const member = await memberForAction(permission);
    return body(member, schema.parse(input));
  });
  return withValues(answered, values);
}

async function answer(body: () => Promise<ActionState>): Promise<ActionState> {
  try {
    return await body();
  } catch (error) {
    if (error instanceof z.ZodError) return refused(CHECK_FIELDS, zodFieldErrors(error));
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

function withValues(state: ActionState, values: Record<string, string> | undefined): ActionState {
  return values && state && !state.ok ? { ...state, values } : state;
}

// redirect() and notFound() throw errors Next must see
function isNextControlFlow(error: unknown): boolean {
  const digest = (error as { digest?: unknown })?.digest;
  return (
    typeof digest === "string" && (digest.startsWith("NEXT_REDIRECT") || digest.startsWith("NEXT_HTTP_ERROR_FALLBACK"))
  );
}
