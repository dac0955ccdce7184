import { createHash } from "node:crypto";
import type { ListParser, ParseContext, ParsedEntry } from "@/lib/domain/watchlist/import/types";

/** Every entry a list parser yields from `file`, with the context it filled and the entries by external id. */
export async function parseAll(parse: ListParser, file: string) {
  const context: ParseContext = {
    hash: createHash("sha256"),
    sourceVersion: null,
    skipped: 0,
    latePrograms: new Map(),
  };
  const entries: ParsedEntry[] = [];
  for await (const entry of parse(file, context)) entries.push(entry);
  return { entries, context, byId: new Map(entries.map((e) => [e.externalId, e])) };
}
