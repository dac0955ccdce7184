import "server-only";
import { z } from "zod";
import { DashboardError, ForbiddenError, NotFoundError } from "@/lib/dashboard/permissions";

/** What a dashboard form's server action answers (useActionState). */
export type ActionState = { ok?: string; error?: string; fieldErrors?: Record<string, string>; secret?: string } | undefined;

/**
 * Runs an action's body and turns the dashboard's refusals into a message for the form: validation errors by
 * field, DashboardError as is, not-found and forbidden alike (another account's id must not be confirmable).
 * Anything else is logged by name only (no input, no personal data) and answered generically.
 */
export async function runAction(body: () => Promise<ActionState>): Promise<ActionState> {
  try {
    return await body();
  } catch (error) {
    if (error instanceof z.ZodError) {
      return { error: "Check the highlighted fields", fieldErrors: Object.fromEntries(error.issues.map((i) => [i.path.map(String).join("."), i.message])) };
    }
    if (error instanceof DashboardError) return { error: error.message };
    if (error instanceof NotFoundError || error instanceof ForbiddenError) return { error: "Not found, or not allowed" };
    if (isNextControlFlow(error)) throw error;
    console.error(`[dashboard] action failed: ${(error as Error)?.name}`);
    return { error: "Something went wrong. Try again." };
  }
}

// redirect() and notFound() throw errors Next must see
function isNextControlFlow(error: unknown): boolean {
  const digest = (error as { digest?: unknown })?.digest;
  return typeof digest === "string" && (digest.startsWith("NEXT_REDIRECT") || digest.startsWith("NEXT_HTTP_ERROR_FALLBACK"));
}
