// The persons' names of a labelled pairs file (`DIR/pairs.csv`, the columns of ../shared/data/watchlist-names), for
// the evaluations that change a name and score it against its own (screening-cut-names.ts, screening-variants.ts).
import { readFileSync } from "node:fs";
import path from "node:path";
import { parse } from "csv-parse/sync";
import { normalizeName, type NormalizedName } from "@/lib/engines/names/normalize";

export type PairName = { name: string; pair: number; normal: NormalizedName };
type Row = { schema: string; query_name: string; list_name: string };

/** Every person's name of DIR/pairs.csv, query and list side, once each, that `keep` accepts, with its pair's row. */
export function personNamesOf(dir: string, keep: (name: string) => boolean): PairName[] {
  const rows = parse(readFileSync(path.resolve(dir, "pairs.csv")), { columns: true, bom: true }) as Row[];
  const seen = new Set<string>();
  return rows.flatMap((r, pair) =>
    r.schema !== "Person"
      ? []
      : [r.query_name, r.list_name]
          .filter((name) => keep(name) && !seen.has(name) && seen.add(name))
          .map((name) => ({ name, pair, normal: normalizeName(name) })),
  );
}
