import "server-only";
import { env } from "@/lib/core/env";

/** The service's operator (OPERATOR_EMAILS): the only dashboard user who may raise a key above the service default. */
export function isOperator(email: string | null | undefined): boolean {
  if (!email) return false;
  const list = (env().OPERATOR_EMAILS ?? "")
    .split(",")
    .map((e) => e.trim().toLowerCase())
    .filter(Boolean);
  return list.includes(email.trim().toLowerCase());
}

/** A per-key rate limit an account may set itself: at most the service default (API_RATE_LIMIT_PER_MINUTE). */
export function rateLimitProblem(requested: number | undefined, email: string | null | undefined): string | null {
  const ceiling = env().API_RATE_LIMIT_PER_MINUTE;
  if (requested === undefined || requested <= ceiling || isOperator(email)) return null;
  return `At most ${ceiling} per minute (the service default); only the operator can raise a key above it`;
}
