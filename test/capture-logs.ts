import { setLogDestination } from "@/lib/core/observability/core";

/** Test-only: every log line (JSON) from now on goes to `lines` instead of stdout, until `restore()`. */
export function captureLogs() {
  const lines: string[] = [];
  setLogDestination({ write: (line: string) => void lines.push(line) });
  return {
    lines,
    parsed: () => lines.map((l) => JSON.parse(l) as Record<string, unknown>),
    restore: () => setLogDestination(undefined),
  };
}
