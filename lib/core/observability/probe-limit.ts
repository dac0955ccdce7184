import "server-only";
import { env } from "@/lib/core/env";

// GET /api/health and /api/ready need no credentials, so they are limited per client address. The counters live in
// this process, not in PostgreSQL: a probe must answer (and say "the database is down") when the database does not.
// A window of one minute; the map is cleared at each new window, so it cannot grow past one minute's callers.

const state = globalThis as unknown as { openkycProbeLimit?: { window: number; counts: Map<string, number> } };

/** true when this caller may be answered; false: 429. */
export function allowProbe(ip: string | null, now = Date.now()): boolean {
  const window = Math.floor(now / 60_000);
  if (!state.openkycProbeLimit || state.openkycProbeLimit.window !== window)
    state.openkycProbeLimit = { window, counts: new Map() };
  const key = ip ?? "unknown";
  const count = (state.openkycProbeLimit.counts.get(key) ?? 0) + 1;
  state.openkycProbeLimit.counts.set(key, count);
  return count <= env().HEALTH_RATE_LIMIT_PER_MINUTE;
}

export function probeRefused(): Response {
  const retry = 60 - Math.floor((Date.now() % 60_000) / 1000);
  return Response.json(
    {
      error: "RATE_LIMITED",
      message: `Too many probes: the limit is ${env().HEALTH_RATE_LIMIT_PER_MINUTE} per minute.`,
    },
    { status: 429, headers: { "retry-after": String(retry), "cache-control": "no-store" } },
  );
}
