import { existsSync } from "node:fs";
import { readFile, writeFile } from "node:fs/promises";
import { PAD_THRESHOLDS } from "@/lib/checks/liveness/presentation-attack";
import { featuresOf, type ImageFeatures, type Variant } from "./pad-features";
import { fitLogistic, logit, predict, thresholdFor } from "./pad-cv-model";
import { auc } from "./pad-metrics";
import { TEXTURE_KEYS, type TextureFeatures } from "@/lib/engines/pad/texture-features";

// npm run eval:pad-cv -- --data DIR [--bona-fide DIR]… [--cache FILE] [--json] [--fit] [--permutations N]
// Subject-grouped (leave-one-subject-out) cross-validation of candidate PASS rules for PRESENTATION_ATTACK on
// DIR/labels.csv (its `subject` column, else the NUAA id in the file name, is the group). For each held-out subject
// the rule — its threshold, and for a fitted rule its coefficients — is chosen on the other subjects only, then
// applied to the held-out one; the figures pool those held-out decisions. Threshold rule: the lowest value at which
// at most floor(rate × training attacks) training attacks PASS (rate 5 % and 10 %); a fitted rule takes its
// threshold from out-of-fold scores of an inner leave-one-subject-out on the training subjects, never from scores
// the model was fit on. Decisions as the check makes them on a one-frame capture with an assumed second signal: no
// frontal face or greyscale → REVIEW; the shipped score < VERY_LOW → FAILED (the FAILED rule is not a candidate);
// else, on a close-up (face box ≥ CLOSE_UP_SHARE of the width), PASSED when the rule says so, elsewhere when the
// pair's score ≥ PASS; else REVIEW. `--bona-fide DIR`: every image there genuine; the rule fit on all
// of DIR (threshold from its out-of-fold scores) is applied to them — the cost on other genuine material.

type Measured = ImageFeatures & { variants: Variant[]; texture: TextureFeatures };
type Candidate = {
  name: string;
  score?: (f: Measured) => number;
  features?: (f: Measured) => number[];
  lambda?: number;
  /** a threshold fixed in advance instead of one chosen per fold */
  fixed?: number;
};

const mean = (xs: readonly number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
const pairMean = (v: Variant) => (v.v2 + v.v1se) / 2;
const centre = (f: Measured) => f.variants.find((v) => v.name === "s1c")!;
const shipped = (f: Measured) => pairMean(centre(f));
const texture = (keys: readonly (keyof TextureFeatures)[]) => (f: Measured) => keys.map((k) => f.texture[k]);

const CANDIDATES: Candidate[] = [
  { name: "shipped rule: mean ≥ 0.75 (fixed)", score: shipped, fixed: PAD_THRESHOLDS.PASS },
  { name: "shipped: mean(V2, V1SE)", score: shipped },
  { name: "V2 (2.7×) alone", score: (f) => centre(f).v2 },
  { name: "V1SE (4.0×) alone", score: (f) => centre(f).v1se },
  { name: "min(V2, V1SE)", score: (f) => Math.min(centre(f).v2, centre(f).v1se) },
  { name: "max(V2, V1SE)", score: (f) => Math.max(centre(f).v2, centre(f).v1se) },
  {
    name: "flip average",
    score: (f) => (shipped(f) + pairMean(f.variants.find((v) => v.name === "s1c-flip")!)) / 2,
  },
  { name: "TTA mean (15 boxes × flip)", score: (f) => mean(f.variants.map(pairMean)) },
  { name: "TTA max", score: (f) => Math.max(...f.variants.map(pairMean)) },
  { name: "TTA min", score: (f) => Math.min(...f.variants.map(pairMean)) },
  {
    name: "TTA median",
    score: (f) => {
      const s = f.variants.map(pairMean).sort((a, b) => a - b);
      return (s[(s.length - 1) >> 1]! + s[s.length >> 1]!) / 2;
    },
  },
  {
    name: "scale max (0.85/1/1.15, centred)",
    score: (f) => Math.max(...f.variants.filter((v) => /^s[\d.]+c$/.test(v.name)).map(pairMean)),
  },
  { name: "LR logit V2, logit V1SE", features: (f) => [logit(centre(f).v2), logit(centre(f).v1se)], lambda: 1 },
  { name: "LR DoG + high-freq", features: texture(["dogBand", "highFreq"]), lambda: 1 },
  { name: "LR LBP (3)", features: texture(["lbpUniform", "lbpFlat", "lbpEntropy"]), lambda: 1 },
  {
    name: "LR colour (sat, sat sd, Cb sd, Cr sd)",
    features: texture(["saturation", "saturationSd", "cbSd", "crSd"]),
    lambda: 1,
  },
  { name: "LR all 12 texture, λ=3", features: texture(TEXTURE_KEYS), lambda: 3 },
  {
    name: "LR logit mean + DoG + high-freq",
    features: (f) => [logit(shipped(f)), f.texture.dogBand, f.texture.highFreq],
    lambda: 1,
  },
  {
    name: "LR logit mean + colour",
    features: (f) => [logit(shipped(f)), f.texture.saturation, f.texture.cbSd, f.texture.crSd],
    lambda: 1,
  },
  {
    name: "LR logit mean + contrast + specular",
    features: (f) => [logit(shipped(f)), f.texture.contrast, f.texture.specular],
    lambda: 1,
  },
  ...[1, 3, 10, 30].map((lambda) => ({
    name: `LR logit mean + 12 texture, λ=${lambda}`,
    features: (f: Measured) => [logit(shipped(f)), ...texture(TEXTURE_KEYS)(f)],
    lambda,
  })),
  {
    name: "LR logit mean + 9 texture (no LBP), λ=3",
    features: (f) => [logit(shipped(f)), ...texture(TEXTURE_KEYS.filter((k) => !k.startsWith("lbp")))(f)],
    lambda: 3,
  },
  {
    name: "LR logit mean + 6 (lap, contrast, sat, spec, lbpFlat, lbpEnt), λ=3",
    features: (f) => [
      logit(shipped(f)),
      ...texture(["laplacian", "contrast", "saturation", "specular", "lbpFlat", "lbpEntropy"])(f),
    ],
    lambda: 3,
  },
  {
    name: "control: LR logit mean + log sizes, λ=3",
    features: (f) => [logit(shipped(f)), Math.log(f.imageWidth!), Math.log(f.faceWidth!)],
    lambda: 3,
  },
];

const RATES = [0.05, 0.1];
const CHOSEN = "LR logit mean + 12 texture, λ=3";
const isMeasured = (f: ImageFeatures): f is Measured => f.variants !== null && f.texture !== null;
const y = (f: ImageFeatures) => (f.label === "bona_fide" ? 1 : 0);

/** Out-of-fold scores of a fitted candidate over `rows` (leave one subject out). */
function outOfFold(candidate: Candidate, rows: readonly Measured[]): Map<Measured, number> {
  const scores = new Map<Measured, number>();
  for (const subject of new Set(rows.map((r) => r.subject))) {
    const train = rows.filter((r) => r.subject !== subject);
    if (new Set(train.map(y)).size < 2) continue; // nothing to learn from one class: that fold's rows get no score
    const model = fitLogistic(train.map(candidate.features!), train.map(y), candidate.lambda!);
    for (const r of rows.filter((x) => x.subject === subject)) scores.set(r, predict(model, candidate.features!(r)));
  }
  return scores;
}

/** Fits on `train`, returns a scorer and the PASS threshold at training attack rate `rate`. */
function trained(candidate: Candidate, train: readonly Measured[], rate: number) {
  const attacks = train.filter((r) => r.label === "spoof");
  const allowed = Math.floor(rate * attacks.length);
  if (candidate.score) {
    const score = candidate.score;
    return { score, threshold: candidate.fixed ?? thresholdFor(attacks.map(score), allowed) };
  }
  const inner = outOfFold(candidate, train);
  const model = fitLogistic(train.map(candidate.features!), train.map(y), candidate.lambda!);
  const scored = attacks.filter((a) => inner.has(a)).map((a) => inner.get(a)!);
  return {
    score: (f: Measured) => predict(model, candidate.features!(f)),
    threshold: thresholdFor(scored, allowed),
    model,
  };
}

type Decision = "PASSED" | "REVIEW" | "FAILED";
function decide(f: ImageFeatures, passes: (m: Measured) => boolean): Decision {
  if (!isMeasured(f) || f.greyscale) return "REVIEW";
  if (shipped(f) < PAD_THRESHOLDS.VERY_LOW) return "FAILED";
  // as the check: a candidate rule decides only on close-ups (all of face-pad; part of face-pairs), the pair's
  // score ≥ PASS elsewhere
  if (f.faceWidth! / f.imageWidth! < PAD_THRESHOLDS.CLOSE_UP_SHARE)
    return shipped(f) >= PAD_THRESHOLDS.PASS ? "PASSED" : "REVIEW";
  return passes(f) ? "PASSED" : "REVIEW";
}

function tally(rows: readonly { f: ImageFeatures; d: Decision }[]) {
  const attacks = rows.filter((r) => r.f.label === "spoof");
  const genuine = rows.filter((r) => r.f.label === "bona_fide");
  const n = (xs: typeof rows, d: Decision) => xs.filter((x) => x.d === d).length;
  return {
    attacks: attacks.length,
    attacksPassed: n(attacks, "PASSED"),
    genuine: genuine.length,
    genuinePassed: n(genuine, "PASSED"),
    genuineReview: n(genuine, "REVIEW"),
    genuineFailed: n(genuine, "FAILED"),
  };
}

async function loadFeatures(dir: string, bonaFide: boolean, cache: Record<string, ImageFeatures[]>) {
  const key = `${bonaFide ? "bona-fide:" : ""}${dir}`;
  cache[key] ??= await featuresOf(dir, bonaFide);
  return cache[key];
}

function argumentsOf(name: string): string[] {
  return process.argv.flatMap((a, i) => (a === name && process.argv[i + 1] ? [process.argv[i + 1]!] : []));
}

async function main() {
  const data = argumentsOf("--data")[0];
  if (!data) throw new Error("usage: npm run eval:pad-cv -- --data DIR [--bona-fide DIR]… [--cache FILE] [--json]");
  const cacheFile = argumentsOf("--cache")[0];
  const asJson = process.argv.includes("--json");
  const say = (line: string) => (asJson ? process.stderr : process.stdout).write(`${line}\n`);
  const cache: Record<string, ImageFeatures[]> =
    cacheFile && existsSync(cacheFile) ? JSON.parse(await readFile(cacheFile, "utf8")) : {};
  const all = await loadFeatures(data, false, cache);
  const extra = await Promise.all(
    argumentsOf("--bona-fide").map(async (d) => [d, await loadFeatures(d, true, cache)] as const),
  );
  if (cacheFile) await writeFile(cacheFile, JSON.stringify(cache));
  const measured = all.filter(isMeasured);
  const subjects = [...new Set(all.map((f) => f.subject))];
  say(
    `${all.length} images (${measured.length} with a frontal face), ${subjects.length} subject groups: ${subjects.join(", ")}`,
  );

  say("\nsingle features, AUC on every measured image (bona fide higher = > 0.5; no fitting):");
  for (const key of TEXTURE_KEYS)
    say(
      `  ${key.padEnd(14)} ${auc(measured.map((f) => ({ label: f.label, attackType: f.attackType, decision: "REVIEW", score: f.texture[key] })))!.toFixed(3)}`,
    );

  for (const key of ["imageWidth", "faceWidth"] as const)
    say(
      `  ${key.padEnd(14)} ${auc(measured.map((f) => ({ label: f.label, attackType: f.attackType, decision: "REVIEW", score: f[key]! })))!.toFixed(3)}`,
    );

  const results: Record<string, unknown>[] = [];
  say("\nleave-one-subject-out, pooled held-out decisions (attacks PASSED / genuine PASSED, REVIEW, FAILED):");
  for (const candidate of CANDIDATES) {
    const oof = candidate.score
      ? new Map(measured.map((f) => [f, candidate.score!(f)]))
      : outOfFold(candidate, measured);
    const oofAuc = auc(
      [...oof].map(([f, score]) => ({ label: f.label, attackType: f.attackType, decision: "REVIEW" as const, score })),
    );
    for (const rate of RATES) {
      const held: { f: ImageFeatures; d: Decision }[] = [];
      const heldOr: { f: ImageFeatures; d: Decision }[] = [];
      for (const subject of subjects) {
        const train = measured.filter((r) => r.subject !== subject);
        const { score, threshold } = trained(candidate, train, rate);
        for (const f of all.filter((r) => r.subject === subject)) {
          held.push({ f, d: decide(f, (m) => score(m) >= threshold) });
          heldOr.push({ f, d: decide(f, (m) => shipped(m) >= PAD_THRESHOLDS.PASS || score(m) >= threshold) });
        }
      }
      const t = tally(held);
      const or = tally(heldOr);
      const costs = extra.map(([dir, rows]) => {
        const { score, threshold } = trained(candidate, measured, rate);
        const decided = rows.map((f) => decide(f, (m) => score(m) >= threshold));
        return {
          dir,
          n: rows.length,
          passed: decided.filter((d) => d === "PASSED").length,
          failed: decided.filter((d) => d === "FAILED").length,
        };
      });
      results.push({ candidate: candidate.name, rate, auc: oofAuc, ...t, orShipped: or, bonaFide: costs });
      if (process.argv.includes("--per-image") && candidate.name === CHOSEN)
        for (const h of held)
          say(
            `    ${h.f.image.padEnd(40)} ${h.f.label.padEnd(9)} shipped ${isMeasured(h.f) ? shipped(h.f).toFixed(3) : "  —  "} ${h.d}`,
          );
      say(
        `  ${candidate.name.padEnd(40)} rate ${String(rate).padEnd(4)} AUC ${oofAuc?.toFixed(3) ?? "—"}  attacks ${t.attacksPassed}/${t.attacks}  genuine PASSED ${t.genuinePassed}/${t.genuine} REVIEW ${t.genuineReview} FAILED ${t.genuineFailed}; OR shipped: attacks ${or.attacksPassed}, genuine PASSED ${or.genuinePassed}${costs.map((c) => `  | ${c.dir.split("/").pop()}: PASSED ${c.passed}/${c.n} FAILED ${c.failed}`).join("")}`,
      );
    }
  }
  const permutations = Number(argumentsOf("--permutations")[0] ?? 0);
  if (permutations > 0) {
    // How high an out-of-fold AUC the chosen rule reaches when the labels carry no information: labels shuffled
    // within each subject group (its live/print balance kept), a fixed-seed generator so that the figure repeats.
    const candidate = CANDIDATES.find((c) => c.name === CHOSEN)!;
    let seed = 12345;
    const random = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    const aucs: number[] = [];
    for (let p = 0; p < permutations; p++) {
      const shuffled: Measured[] = [];
      for (const subject of subjects) {
        const group = measured.filter((f) => f.subject === subject);
        const labels = group.map((f) => f.label);
        for (let i = labels.length - 1; i > 0; i--) {
          const j = Math.floor(random() * (i + 1));
          [labels[i], labels[j]] = [labels[j]!, labels[i]!];
        }
        shuffled.push(...group.map((f, i) => ({ ...f, label: labels[i]! })));
      }
      const oof = outOfFold(candidate, shuffled);
      aucs.push(
        auc([...oof].map(([f, score]) => ({ label: f.label, attackType: "", decision: "REVIEW" as const, score })))!,
      );
    }
    aucs.sort((a, b) => a - b);
    say(
      `\npermutation check (${CHOSEN}, ${permutations} within-subject label shuffles): out-of-fold AUC median ${aucs[aucs.length >> 1]!.toFixed(3)}, 95th percentile ${aucs[Math.floor(0.95 * (aucs.length - 1))]!.toFixed(3)}, highest ${aucs.at(-1)!.toFixed(3)}`,
    );
  }
  if (process.argv.includes("--fit")) {
    // the chosen rule fit on every measured image of DIR, its threshold from the out-of-fold scores (rate 5 %)
    const candidate = CANDIDATES.find((c) => c.name === CHOSEN)!;
    const { model, threshold } = trained(candidate, measured, RATES[0]!);
    say(`\nfit on all of ${data} (${measured.length} measured images), λ=${candidate.lambda}:`);
    say(JSON.stringify({ features: ["logitReal", ...TEXTURE_KEYS], ...model, threshold }));
  }
  if (asJson) process.stdout.write(`${JSON.stringify({ results })}\n`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
