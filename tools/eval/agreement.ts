// Was the statement read aloud (STATEMENT_TRANSCRIPT, issue 36), on labelled clips: each clip is made into what a
// browser uploads (WebM with an Opus sound track, as MediaRecorder records) and handed to listenToAgreement, the
// very function VIDEO_AGREEMENT calls: the same sound extraction (16 kHz mono), the same sandboxed PocketSphinx, the
// same thresholds.
//
//   npm run eval:agreement -- --data DIR [--data DIR …] [--json] [--search free]
// Without --data: ../shared/data/speech when it exists.
//
// A folder holds labels.csv with at least file, transcript (what is spoken), language; optional columns: statement
// (what the person was asked to read; default: the transcript), read (true/false), kind, source, part (dev|test).
// A row without a statement column gives two cases: its own transcript as the statement (read) and the next row's
// transcript (another text; the default statement when the folder has one row). Audio (wav, flac…) or video
// (webm, mp4, mov) files.
//
// Rates, by source and part (exact definitions in docs/accuracy.md, "Statement read aloud"):
//   read → PASSED        statements read correctly that were PASSED
//   other → not PASSED   another text read, not PASSED (REVIEW or FAILED)
//   other → FAILED       another text read, FAILED
//   read → FAILED        statements read correctly that were FAILED (must stay 0)
// and the mean wall time per clip (extraction + recognition; on a shared machine, an upper bound).
import { execFile } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { mkdtemp, readFile, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { parse } from "csv-parse/sync";
import { listenToAgreement } from "@/lib/checks/video-agreement/statement-check";
import type { StatementSearch } from "@/lib/engines/speech/hear-statement";
import { DEFAULT_AGREEMENT_STATEMENT } from "@/lib/shared/workflow-settings";

const run = promisify(execFile);

export type AgreementCase = {
  dir: string;
  file: string;
  statement: string;
  read: boolean;
  kind: string;
  source: string;
  part: string;
};
export type AgreementOutcome = AgreementCase & {
  result: string;
  score: number | null;
  confidence: number | null;
  wallMs: number;
  seconds: number;
};

type Row = Record<string, string | undefined>;

export function casesOf(dir: string): AgreementCase[] {
  const rows = parse(readFileSync(path.join(dir, "labels.csv")), { columns: true, skip_empty_lines: true }) as Row[];
  const cases: AgreementCase[] = [];
  for (const [i, row] of rows.entries()) {
    const base = { dir, file: row.file!, source: row.source ?? path.basename(dir), part: row.part ?? "test" };
    if (row.statement) {
      cases.push({ ...base, statement: row.statement, read: row.read === "true", kind: row.kind ?? "read" });
      continue;
    }
    const transcript = row.transcript ?? "";
    cases.push({ ...base, statement: transcript, read: true, kind: "read" });
    const others = rows.filter((r) => r.transcript !== transcript);
    const other = others.length ? others[i % others.length]!.transcript! : DEFAULT_AGREEMENT_STATEMENT;
    cases.push({ ...base, statement: other, read: false, kind: "other" });
  }
  return cases;
}

const VIDEO_TYPES: Record<string, string> = { ".webm": "video/webm", ".mp4": "video/mp4", ".mov": "video/quicktime" };

/** The clip as an upload: a video file as it is, audio encoded to WebM/Opus the way a browser records it. */
async function asUpload(file: string): Promise<{ bytes: Buffer; contentType: string }> {
  const type = VIDEO_TYPES[path.extname(file).toLowerCase()];
  if (type) return { bytes: await readFile(file), contentType: type };
  const dir = await mkdtemp(path.join(os.tmpdir(), "eval-agreement-"));
  try {
    const out = path.join(dir, "clip.webm");
    await run(
      "ffmpeg",
      ["-hide_banner", "-loglevel", "error", "-y", "-i", file, "-ac", "1", "-ar", "48000"].concat([
        "-c:a",
        "libopus",
        "-b:a",
        "48k",
        out,
      ]),
    );
    return { bytes: await readFile(out), contentType: "video/webm" };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

export async function evaluate(cases: AgreementCase[], search?: StatementSearch): Promise<AgreementOutcome[]> {
  const outcomes: AgreementOutcome[] = [];
  const uploads = new Map<string, Promise<{ bytes: Buffer; contentType: string }>>();
  for (const c of cases) {
    const file = path.join(c.dir, c.file);
    if (!uploads.has(file)) uploads.set(file, asUpload(file));
    const upload = await uploads.get(file)!;
    const t0 = performance.now();
    const heard = await listenToAgreement(upload.bytes, upload.contentType, c.statement, { search });
    const hearing = heard.hearing;
    outcomes.push({
      ...c,
      result: heard.check.result,
      score: hearing?.checked ? Math.round(hearing.share * 1000) / 1000 : null,
      confidence: hearing?.checked && hearing.confidence !== null ? Math.round(hearing.confidence * 1000) / 1000 : null,
      wallMs: Math.round(performance.now() - t0),
      seconds: heard.activity.seconds,
    });
  }
  return outcomes;
}

const rate = (n: number, d: number) => (d ? `${n}/${d} (${Math.round((n / d) * 100)} %)` : "–");
const range = (xs: (number | null)[]) => {
  const v = xs.filter((x): x is number => x !== null);
  return v.length ? `${Math.min(...v).toFixed(2)}–${Math.max(...v).toFixed(2)}` : "–";
};

export function summarize(outcomes: AgreementOutcome[]) {
  const groups = new Map<string, AgreementOutcome[]>();
  for (const o of outcomes) {
    const key = `${o.source} / ${o.part}`;
    groups.set(key, [...(groups.get(key) ?? []), o]);
  }
  return [...groups.entries()].map(([group, list]) => {
    const read = list.filter((o) => o.kind === "read");
    const other = list.filter((o) => o.kind === "other");
    const rest = list.filter((o) => o.kind !== "read" && o.kind !== "other");
    const kinds = [...new Set(rest.map((o) => o.kind))].map((kind) => {
      const of = rest.filter((o) => o.kind === kind);
      const count = (r: string) => of.filter((o) => o.result === r).length;
      return { kind, n: of.length, passed: count("PASSED"), review: count("REVIEW"), failed: count("FAILED") };
    });
    return {
      group,
      readPassed: rate(read.filter((o) => o.result === "PASSED").length, read.length),
      readFailed: rate(read.filter((o) => o.result === "FAILED").length, read.length),
      otherNotPassed: rate(other.filter((o) => o.result !== "PASSED").length, other.length),
      otherFailed: rate(other.filter((o) => o.result === "FAILED").length, other.length),
      readScores: range(read.map((o) => o.score)),
      otherScores: range(other.map((o) => o.score)),
      kinds,
    };
  });
}

function argValues(name: string): string[] {
  return process.argv.flatMap((arg, i) => (arg === name && process.argv[i + 1] ? [process.argv[i + 1]!] : []));
}

async function main() {
  const dirs = argValues("--data");
  if (dirs.length === 0 && existsSync("../shared/data/speech")) dirs.push("../shared/data/speech");
  if (dirs.length === 0) {
    console.error("usage: npm run eval:agreement -- --data DIR [--data DIR …] [--json]");
    process.exit(2);
  }
  // --search free: the first round's free decoding, for comparison (the service searches with the grammar)
  const search = argValues("--search")[0] === "free" ? "free" : "grammar";
  const outcomes = await evaluate(dirs.flatMap(casesOf), search);
  const summary = summarize(outcomes);
  const timed = outcomes.filter((o) => o.score !== null);
  // wall time: the sandboxed recogniser's CPU is not visible in this process's rusage (bwrap's pid namespace);
  // docs/benchmarks.md measures the recogniser's CPU directly
  const wall = timed.reduce((s, o) => s + o.wallMs, 0) / Math.max(1, timed.length);
  const seconds = timed.reduce((s, o) => s + o.seconds, 0) / Math.max(1, timed.length);
  if (process.argv.includes("--json")) {
    console.log(
      JSON.stringify({ summary, outcomes, wallMsPerClip: Math.round(wall), secondsPerClip: seconds }, null, 2),
    );
    return;
  }
  for (const s of summary) {
    console.log(`\n${s.group}`);
    console.log(`  read → PASSED ${s.readPassed}   read → FAILED ${s.readFailed}   scores ${s.readScores}`);
    console.log(`  other → not PASSED ${s.otherNotPassed}   other → FAILED ${s.otherFailed}   scores ${s.otherScores}`);
    for (const k of s.kinds)
      console.log(`  ${k.kind}: ${k.n} → PASSED ${k.passed}, REVIEW ${k.review}, FAILED ${k.failed}`);
  }
  console.log(
    `\nrecogniser run on ${timed.length} cases: ${Math.round(wall)} ms wall time (ffmpeg + pocketsphinx) per clip of ${seconds.toFixed(1)} s on average`,
  );
}

if (process.argv[1]?.endsWith("agreement.ts")) void main();
