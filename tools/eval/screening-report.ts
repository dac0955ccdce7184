// The figures of `npm run eval:screening`: recall and false hits per slice, beside the peer's (logic_v2) verdicts
// carried in the same file. Pure: the outcome of each pair comes in, tables and one JSON object go out.

export type PairOutcome = {
  pairId: string;
  source: string;
  group: string;
  schema: string;
  script: string;
  /** the file's quality column: how certain its label is (STRONG / MEDIUM / WEAK; "" where none) */
  quality: string;
  /** the file's category column: the kind of deviation where the source names one ("" where none) */
  category: string;
  isCrossScript: boolean;
  isMatch: boolean;
  /** the pair's list entry is among the check's matches at or above the threshold */
  isHit: boolean;
  /** its score when it was a candidate at all (null: not returned) */
  score: number | null;
  /** logic_v2's verdict at 0.7 from the file; null where the file has none */
  peerMatch: boolean | null;
  query: string;
  listName: string;
};

export type Rates = {
  matches: number;
  found: number;
  recall: number | null;
  nonMatches: number;
  falseHits: number;
  falseHitRate: number | null;
  /** ours on the same rows as the peer (those that carry its verdict): the like-for-like comparison */
  sameRows: { recall: number | null; falseHitRate: number | null };
  /** logic_v2 on the rows of this slice that carry its verdict */
  peer: {
    matches: number;
    found: number;
    recall: number | null;
    nonMatches: number;
    falseHits: number;
    falseHitRate: number | null;
  };
};

export const DEFINITIONS = [
  "recall     = is_match=true pairs whose list entry is among WATCHLIST_CHECK's matches at/above the threshold / all is_match=true pairs",
  "false hits = is_match=false pairs whose list entry is among those matches / all is_match=false pairs",
  "logic_v2   = the same two rates from the file's logicv2_match column, on the rows of the slice that have it (n shown)",
  "same rows  = our two rates on exactly those rows: the like-for-like comparison with logic_v2",
  "script     = the file's script column; cross-script = rows whose cross_script is true (query and list in different scripts)",
  "quality    = the file's quality column: how certain the source is of the label (STRONG / MEDIUM / WEAK)",
  'origin     = generated: the source\'s category is "LLM-proposed deviation" (a variant written by a language model and then labelled), else curated',
];

const GENERATED = "LLM-proposed deviation";

const ratio = (a: number, b: number) => (b === 0 ? null : a / b);

export function rates(rows: readonly PairOutcome[]): Rates {
  const positives = rows.filter((r) => r.isMatch);
  const negatives = rows.filter((r) => !r.isMatch);
  const peerPos = positives.filter((r) => r.peerMatch !== null);
  const peerNeg = negatives.filter((r) => r.peerMatch !== null);
  const found = positives.filter((r) => r.isHit).length;
  const falseHits = negatives.filter((r) => r.isHit).length;
  const peerFound = peerPos.filter((r) => r.peerMatch).length;
  const peerFalse = peerNeg.filter((r) => r.peerMatch).length;
  return {
    matches: positives.length,
    found,
    recall: ratio(found, positives.length),
    nonMatches: negatives.length,
    falseHits,
    falseHitRate: ratio(falseHits, negatives.length),
    sameRows: {
      recall: ratio(peerPos.filter((r) => r.isHit).length, peerPos.length),
      falseHitRate: ratio(peerNeg.filter((r) => r.isHit).length, peerNeg.length),
    },
    peer: {
      matches: peerPos.length,
      found: peerFound,
      recall: ratio(peerFound, peerPos.length),
      nonMatches: peerNeg.length,
      falseHits: peerFalse,
      falseHitRate: ratio(peerFalse, peerNeg.length),
    },
  };
}

export type Slices = Record<string, Record<string, Rates>>;

function by(rows: readonly PairOutcome[], key: (r: PairOutcome) => string): Record<string, Rates> {
  const groups = new Map<string, PairOutcome[]>();
  for (const row of rows) groups.set(key(row), [...(groups.get(key(row)) ?? []), row]);
  return Object.fromEntries([...groups].sort(([a], [b]) => a.localeCompare(b)).map(([k, v]) => [k, rates(v)]));
}

export function slices(rows: readonly PairOutcome[]): Slices {
  return {
    overall: { all: rates(rows) },
    source: by(rows, (r) => r.source),
    group: by(rows, (r) => r.group),
    schema: by(rows, (r) => r.schema),
    script: by(rows, (r) => r.script),
    crossScript: by(rows, (r) => (r.isCrossScript ? "cross-script" : "same script")),
    quality: by(rows, (r) => r.quality || "(none)"),
    origin: by(rows, (r) => (r.category === GENERATED ? "generated" : "curated")),
  };
}

const pct = (value: number | null) => (value === null ? "—" : `${(100 * value).toFixed(1)} %`);

/** A Markdown table (also what docs/accuracy.md records). */
export function table(all: Slices): string {
  const lines = [
    "| slice | value | recall | found / matches | false hits | false / non-matches | same rows: recall / false hits | logic_v2 recall (n) | logic_v2 false hits (n) |",
    "|---|---|---|---|---|---|---|---|---|",
  ];
  for (const [slice, values] of Object.entries(all)) {
    for (const [value, r] of Object.entries(values)) {
      lines.push(
        `| ${slice} | ${value} | ${pct(r.recall)} | ${r.found} / ${r.matches} | ${pct(r.falseHitRate)} | ${r.falseHits} / ${r.nonMatches} | ${pct(r.sameRows.recall)} / ${pct(r.sameRows.falseHitRate)} | ${pct(r.peer.recall)} (${r.peer.matches}) | ${pct(r.peer.falseHitRate)} (${r.peer.nonMatches}) |`,
      );
    }
  }
  return lines.join("\n");
}
