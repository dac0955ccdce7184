import "server-only";
import { DashboardError, ForbiddenError, NotFoundError } from "@/lib/dashboard/permissions";

export type ActionError = { ok: false; error: string; fieldErrors?: Record<string, string> };

/**
 * Server actions answer with a message rather than throw (a thrown error reaches the browser as a generic failure):
 * the refusals we expect become their message, anything else is logged by name only and rethrown.
 */
export async function actionResult<T>(run: () => Promise<T>): Promise<T | ActionError> {
  try {
    return await run();
  } catch (error) {
    if (error instanceof NotFoundError) return { ok: false, error: "Not found. It may have been removed, or belong to another account." };
    if (error instanceof ForbiddenError) return { ok: false, error: "Your role does not allow this." };
    if (error instanceof DashboardError) return { ok: false, error: error.message };
    throw error;
  }
}
