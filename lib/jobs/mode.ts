import { env, isInngestDevMode } from "@/lib/core/env";

/** Inngest runs the background work when it is configured; otherwise this process does (the embedded default). */
export function usesInngest(): boolean {
  const { INNGEST_EVENT_KEY, INNGEST_SIGNING_KEY, INNGEST_DEV } = env();
  return Boolean(INNGEST_EVENT_KEY || INNGEST_SIGNING_KEY || isInngestDevMode(INNGEST_DEV));
}
