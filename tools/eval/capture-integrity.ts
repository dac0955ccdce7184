// CAPTURE_INTEGRITY over a folder of videos whose origin is known: the same decision the LIVENESS step makes
// (lib/checks/liveness/capture-integrity.ts judgeCaptureIntegrity, on the server's frame timing and, when the
// folder has one, the page's report), a row per video and a table per scenario.
//   npm run eval:capture-integrity -- --data DIR [--json]
// DIR/labels.csv: file,label,scenario (label genuine|injected). DIR/<name>.signals.json beside a video is the
// hosted page's report (then the video counts as a hosted camera recording); without it, an API upload.
// Folders: tools/make/browser-recordings.ts (Chromium recordings, genuine and injected) and
// tools/make/head-turn-clips.ts (the synthetic head-turn videos the liveness tests use).
// --swap-signals FILE: every video counts as uploaded with that page report instead (a recording's report, the
// file swapped on its way to the server): how many swaps the file-versus-report rules notice.
// Figures, not assertions (the unit tests are capture-integrity.test.ts).
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { judgeCaptureIntegrity, originOf } from "@/lib/checks/liveness/capture-integrity";
import { readFrameTiming } from "@/lib/engines/video/frame-timing";

const args = process.argv.slice(2);
const flag = (name: string) => {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : undefined;
};

type Row = {
  file: string;
  label: string;
  scenario: string;
  decision: string;
  codes: string[];
  frames: number;
  fps: number | null;
  jitterMs: number | null;
  identical: number;
  nonIncreasing: number;
  /** hosted only: the page's identical-thumbnail share, file/page frame ratio, file minus page seconds */
  clientIdenticalShare: number | null;
  frameRatio: number | null;
  durationDiffS: number | null;
};

async function main() {
  const data = flag("--data");
  if (!data) throw new Error("usage: capture-integrity.ts --data DIR [--json]");
  const dir = path.resolve(data);
  const lines = readFileSync(path.join(dir, "labels.csv"), "utf8").trim().split("\n").slice(1);
  const rows: Row[] = [];
  for (const line of lines) {
    const [file, label, scenario] = line.split(",").map((c) => c.trim()) as [string, string, string];
    const bytes = readFileSync(path.join(dir, file));
    const contentType = file.endsWith(".mp4") ? "video/mp4" : "video/webm";
    const signalsFile = path.join(dir, file.replace(/\.\w+$/, ".signals.json"));
    const swap = flag("--swap-signals");
    const source = swap ?? (existsSync(signalsFile) ? signalsFile : null);
    const signals = source ? (JSON.parse(readFileSync(source, "utf8")) as unknown) : undefined;
    const origin = originOf(signals === undefined ? null : { capture: { channel: "hosted", signals } });
    const timing = await readFrameTiming(bytes, contentType);
    const outcome = judgeCaptureIntegrity({ origin, timing, nonce: null });
    const findings = (outcome.data.findings as { code: string }[]).map((f) => f.code);
    const page = origin.signals;
    const round = (x: number) => Math.round(x * 1000) / 1000;
    rows.push({
      file,
      label,
      scenario,
      decision: outcome.check.result,
      codes: [...new Set(findings)],
      frames: timing.frames,
      fps: timing.fps,
      jitterMs: timing.intervalMs?.jitter ?? null,
      identical: timing.identical,
      nonIncreasing: timing.nonIncreasing,
      clientIdenticalShare: page?.frames ? round(page.frames.identical / Math.max(1, page.frames.count - 1)) : null,
      frameRatio: page?.frames?.count ? round(timing.frames / (page.frames.count + page.frames.skipped)) : null,
      durationDiffS: page?.recording ? round(timing.seconds - page.recording.durationMs / 1000) : null,
    });
    const r = rows.at(-1)!;
    console.log(
      `${file.padEnd(28)} ${label.padEnd(9)} ${scenario.padEnd(14)} ${r.decision.padEnd(7)} frames ${r.frames} fps ${r.fps} jitter ${r.jitterMs} ms identical ${r.identical} non-increasing ${r.nonIncreasing}${r.frameRatio === null ? "" : ` page: identical ${r.clientIdenticalShare} frame ratio ${r.frameRatio} Δt ${r.durationDiffS} s`} ${r.codes.join(" ")}`,
    );
  }
  console.log("\nscenario        label      videos  REVIEW  PASSED  other");
  const scenarios = [...new Set(rows.map((r) => `${r.scenario}|${r.label}`))];
  for (const key of scenarios) {
    const [scenario, label] = key.split("|") as [string, string];
    const of = rows.filter((r) => r.scenario === scenario && r.label === label);
    const n = (d: string) => of.filter((r) => r.decision === d).length;
    console.log(
      `${scenario.padEnd(15)} ${label.padEnd(10)} ${String(of.length).padStart(6)} ${String(n("REVIEW")).padStart(7)} ${String(n("PASSED")).padStart(7)} ${String(of.length - n("REVIEW") - n("PASSED")).padStart(6)}`,
    );
  }
  if (args.includes("--json")) console.log(JSON.stringify({ perVideo: rows }));
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
