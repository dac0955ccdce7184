import "server-only";
import type { Logger } from "pino";
import { rootLogger } from "@/lib/core/observability/core";

// The structured logger (pino, lib/core/observability/core.ts): `log("engine").info({ jobId }, "job finished")`.
// Fields that may carry secrets or personal data are redacted whatever the call site passes (core.ts,
// REDACTED_PATHS); errors go under `err` and show their class and code, never their message.

export function log(component: string): Logger {
  return rootLogger().child({ component });
}
