// ISO/IEC 30107-3 error rates for tools/eval/pad.ts. APCER: share of attacks of one type classified bona fide (here:
// PASSED — an attack sent to review is caught, a person looks at it). BPCER: share of bona fide captures not
// classified bona fide (REVIEW or FAILED), with FAILED (declined) and REVIEW also given apart. Wilson score
// interval at 95 % (z = 1.96): sound for the small counts of these sets, unlike the normal approximation.

export type Decision = "PASSED" | "REVIEW" | "FAILED";
export type Scored = { label: "spoof" | "bona_fide"; attackType: string; score: number | null; decision: Decision };

export function wilson(successes: number, n: number, z = 1.96): [number, number] {
  if (n === 0) return [0, 1];
  const p = successes / n;
  const denominator = 1 + (z * z) / n;
  const centre = (p + (z * z) / (2 * n)) / denominator;
  const half = (z * Math.sqrt((p * (1 - p)) / n + (z * z) / (4 * n * n))) / denominator;
  return [Math.max(0, centre - half), Math.min(1, centre + half)];
}

export type RateRow = {
  type: string;
  label: "spoof" | "bona_fide";
  n: number;
  passed: number;
  review: number;
  failed: number;
  /** APCER for attacks, BPCER for bona fide */
  rate: number;
  ci: [number, number];
};

export function ratesTable(items: readonly Scored[]): RateRow[] {
  const groups = new Map<string, Scored[]>();
  for (const item of items) {
    const key = `${item.label}\u0000${item.attackType}`;
    groups.set(key, [...(groups.get(key) ?? []), item]);
  }
  const rows: RateRow[] = [];
  for (const [key, group] of groups) {
    const [label, type] = key.split("\u0000") as ["spoof" | "bona_fide", string];
    const count = (d: Decision) => group.filter((g) => g.decision === d).length;
    const errors = label === "spoof" ? count("PASSED") : group.length - count("PASSED");
    rows.push({
      type,
      label,
      n: group.length,
      passed: count("PASSED"),
      review: count("REVIEW"),
      failed: count("FAILED"),
      rate: errors / group.length,
      ci: wilson(errors, group.length),
    });
  }
  const attacks = items.filter((i) => i.label === "spoof");
  if (new Set(attacks.map((a) => a.attackType)).size > 1) {
    const passed = attacks.filter((a) => a.decision === "PASSED").length;
    rows.push({
      type: "all attacks",
      label: "spoof",
      n: attacks.length,
      passed,
      review: attacks.filter((a) => a.decision === "REVIEW").length,
      failed: attacks.filter((a) => a.decision === "FAILED").length,
      rate: passed / attacks.length,
      ci: wilson(passed, attacks.length),
    });
  }
  return rows.sort((a, b) => (a.label === b.label ? a.type.localeCompare(b.type) : a.label === "spoof" ? -1 : 1));
}

/** Area under the ROC curve of the real-face score (bona fide should score higher); ties count half. */
export function auc(items: readonly (Scored & { score: number })[]): number | null {
  const genuine = items.filter((i) => i.label === "bona_fide").map((i) => i.score);
  const attacks = items.filter((i) => i.label === "spoof").map((i) => i.score);
  if (!genuine.length || !attacks.length) return null;
  let wins = 0;
  for (const g of genuine) for (const a of attacks) wins += g > a ? 1 : g === a ? 0.5 : 0;
  return wins / (genuine.length * attacks.length);
}
