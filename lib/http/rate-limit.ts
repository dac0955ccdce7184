import type { RateLimitState } from "@/lib/core/rate-limit";

// The API's side of lib/core/rate-limit.ts: a counter's state as the IETF RateLimit headers.
export function rateLimitHeaders(state: RateLimitState): Record<string, string> {
  return {
    "RateLimit-Limit": String(state.limit),
    "RateLimit-Remaining": String(state.remaining),
    "RateLimit-Reset": String(state.resetSeconds),
    "RateLimit-Policy": `${state.limit};w=${state.windowSeconds}`,
  };
}
