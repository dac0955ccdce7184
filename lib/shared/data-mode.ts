// Live or test data (the sandbox, docs/sandbox.md): the dashboard's lists, counts and charts show one at a time,
// chosen by `?mode=test`; anything else is live.
export type DataMode = "live" | "test";

export function dataMode(value: unknown): DataMode {
  return (Array.isArray(value) ? value[0] : value) === "test" ? "test" : "live";
}
