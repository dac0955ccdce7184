import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { parse } from "csv-parse/sync";
import { decodeImage, detectFacesInPixels, DETECTOR_BOX_SCALE } from "@/lib/engines/faces/human-engine";
import { scoreFace, type BoxMode, type PadContext } from "@/lib/engines/pad/score-face";
import {
  frontalFrames,
  judgePresentationAttack,
  scoreFrame,
  type FramePad,
} from "@/lib/checks/liveness/presentation-attack";
import { auc, ratesTable, type Scored } from "./pad-metrics";

// npm run eval:pad -- --data DIR [--json] [--bona-fide] [--second-signal agrees|absent] [--box unscaled|human]
//                                        [--context none|reflect|black]
// npm run eval:pad -- --head-turns [--json]   (the synthetic head-turn videos through LIVENESS: pad-head-turns.ts)
// Columns: the pair's real-face probability, then the combined probability the check passes on (combined-score.ts).
// Scores every image of DIR/labels.csv (image, label spoof|bona_fide, attack_type, …) — or, with --bona-fide, every
// image under DIR as a genuine capture — with the function the LIVENESS step runs on each frame (human's detector →
// reference crop → MiniFASNet pair) and judges it with the step's policy as a one-frame capture. Prints a row per
// image, then per attack type APCER (attacks PASSED) and BPCER (bona fide not PASSED) with Wilson 95 % intervals
// (ISO/IEC 30107-3), and genuine FAILED and REVIEW rates. `--json`: the last line is one JSON object.
//
// --second-signal (default `agrees`): the check FAILS a capture only when another check (NOT_STILL, HEAD_CHALLENGE,
// capture integrity) agrees; a photo has none, so by default the tool assumes it does — the worst case for a
// genuine person, whose FAILED rate is then the share of very low scores. `absent` shows the step without it.
// --box and --context are the experiments of docs/accuracy.md (the shipped check: human, none); with either set,
// the image is scored with those options instead of scoreFrame's.

type Row = { image: string; label: "spoof" | "bona_fide"; attackType: string };

function argument(name: string): string | undefined {
  const i = process.argv.indexOf(name);
  return i >= 0 ? process.argv[i + 1] : undefined;
}

async function imagesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true });
  return entries
    .filter((e) => e.isFile() && /\.(jpe?g|png|webp)$/i.test(e.name))
    .map((e) => path.relative(dir, path.join(e.parentPath, e.name)))
    .sort();
}

async function rowsOf(dir: string, bonaFide: boolean): Promise<Row[]> {
  if (bonaFide)
    return (await imagesUnder(dir)).map((image) => ({ image, label: "bona_fide", attackType: "live" }) as const);
  const records = parse(await readFile(path.join(dir, "labels.csv"), "utf8"), {
    columns: true,
    skip_empty_lines: true,
  });
  return (records as Record<string, string>[]).map((r) => {
    if (r.label !== "spoof" && r.label !== "bona_fide") throw new Error(`${r.image}: label must be spoof or bona_fide`);
    return { image: r.image!, label: r.label, attackType: r.attack_type || (r.label === "spoof" ? "unknown" : "live") };
  });
}

async function main() {
  if (process.argv.includes("--head-turns")) {
    const { headTurns } = await import("./pad-head-turns");
    return headTurns(process.argv.includes("--json"));
  }
  const data = argument("--data");
  if (!data) throw new Error("usage: npm run eval:pad -- --data DIR [--json] [--bona-fide]");
  const asJson = process.argv.includes("--json");
  const secondSignal = (argument("--second-signal") ?? "agrees") as "agrees" | "absent";
  const boxMode = argument("--box") as BoxMode | undefined;
  const context = argument("--context") as PadContext | undefined;
  const rows = await rowsOf(data, process.argv.includes("--bona-fide"));
  const say = (line: string) => (asJson ? process.stderr : process.stdout).write(`${line}\n`);

  const perImage: (Scored & {
    image: string;
    attackType: string;
    score: number | null;
    combined: number | null;
    reason: string;
  })[] = [];
  let millis = 0;
  let faces = 0;
  for (const row of rows) {
    const image = await decodeImage(await readFile(path.join(data, row.image)));
    const found = await detectFacesInPixels(image);
    const main = found[0] ?? null;
    const scored: FramePad[] = [];
    // as the step: only a face looking at the camera is scored (frontalFrames on a one-frame capture)
    if (main && frontalFrames([{ main, others: 0 }]).length) {
      const started = performance.now();
      const pad =
        boxMode || context
          ? await scoreFace({ ...image, channels: 3 }, main.box, {
              detectorScale: DETECTOR_BOX_SCALE,
              boxMode,
              context,
            })
          : await scoreFrame(image, main);
      millis += performance.now() - started;
      faces++;
      scored.push({ ...pad, frame: 0, yaw: main.yaw, pitch: main.pitch });
    }
    const { check } = judgePresentationAttack(scored, {
      secondSignals: secondSignal === "agrees" ? [{ name: "an assumed second signal", failed: true }] : [],
    });
    const result = check.result as "PASSED" | "REVIEW" | "FAILED";
    const score = scored[0]?.real ?? null;
    const combined = scored[0]?.combined ?? null;
    perImage.push({
      combined,
      image: row.image,
      label: row.label,
      attackType: row.attackType,
      score,
      decision: result,
      reason: check.detail,
    });
    say(
      `${row.image.padEnd(48)} ${row.label.padEnd(9)} ${row.attackType.padEnd(8)} ${score === null ? "  —  " : score.toFixed(3)} ${combined === null ? "  —  " : combined.toFixed(3)} ${result.padEnd(7)} ${main ? `yaw ${main.yaw.toFixed(0)} pitch ${main.pitch.toFixed(0)}` : "no face"}${scored[0]?.greyscale ? " greyscale" : ""}`,
    );
  }

  const table = ratesTable(perImage);
  say("");
  say("attack type  n   through (PASSED)  APCER [95 % CI]        | bona fide: BPCER [95 % CI]  FAILED  REVIEW");
  for (const t of table)
    say(
      t.label === "spoof"
        ? `${t.type.padEnd(10)} ${String(t.n).padStart(3)}  ${String(t.passed).padStart(3)}               ${pct(t.rate)} [${pct(t.ci[0])}, ${pct(t.ci[1])}]`
        : `${t.type.padEnd(10)} ${String(t.n).padStart(3)}  ${" ".repeat(40)}| ${pct(t.rate)} [${pct(t.ci[0])}, ${pct(t.ci[1])}]  ${pct(t.failed! / t.n)}  ${pct(t.review! / t.n)}`,
    );
  const aucValue = auc(perImage.filter((p) => p.score !== null) as (Scored & { score: number })[]);
  const aucCombined = auc(perImage.filter((p) => p.combined !== null).map((p) => ({ ...p, score: p.combined! })));
  say(
    `AUC (scored images) ${aucValue === null ? "—" : aucValue.toFixed(3)}, combined ${aucCombined === null ? "—" : aucCombined.toFixed(3)}; ${faces} faces scored in ${millis.toFixed(0)} ms (${faces ? (millis / faces).toFixed(1) : "—"} ms a face, both models, crop included)`,
  );
  say(`second signal: ${secondSignal}; box: ${boxMode ?? "human (shipped)"}; context: ${context ?? "none (shipped)"}`);
  if (asJson)
    process.stdout.write(
      `${JSON.stringify({
        perImage: perImage.map((p) => ({
          image: p.image,
          label: p.label,
          attack_type: p.attackType,
          score: p.score === null ? null : Math.round(p.score * 1e4) / 1e4,
          combined: p.combined === null ? null : Math.round(p.combined * 1e4) / 1e4,
          decision: p.decision,
        })),
        byAttackType: table,
        auc: aucValue,
        aucCombined,
        options: { secondSignal, box: boxMode ?? "human", context: context ?? "none" },
      })}\n`,
    );
}

const pct = (x: number) => `${(100 * x).toFixed(1)} %`.padStart(7);

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
