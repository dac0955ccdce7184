// The spec's retry delays after a failed attempt: 1 min, 5 min, 15 min, 1 h, 6 h — six attempts in all.
export const RETRY_DELAYS_MS = [60_000, 5 * 60_000, 15 * 60_000, 60 * 60_000, 6 * 60 * 60_000] as const;

/** Attempts of one delivery in all: the first and one per retry delay. */
export const MAX_DELIVERY_ATTEMPTS = RETRY_DELAYS_MS.length + 1;

export const DELIVERY_TIMEOUT_MS = 10_000;

/** When attempt `attempt` (1-based) has failed: the next attempt's time, or null when it was the last. */
export function nextAttemptAfter(attempt: number, failedAt: Date): Date | null {
  const delay = RETRY_DELAYS_MS[attempt - 1];
  return delay === undefined ? null : new Date(failedAt.getTime() + delay);
}
