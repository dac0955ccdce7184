// CPU time of hearing the agreement statement (issue 36): PocketSphinx with the service's own command line
// (recogniserArgs) on each clip of the labelled folders, after ffmpeg's extraction to 16 kHz mono as the service
// does it. Measured with /usr/bin/time outside the sandbox: bwrap runs the recogniser in its own pid namespace,
// whose CPU the service's rusage never sees (the sandbox itself costs a few milliseconds). Prints figures; asserts
// nothing. Results: docs/benchmarks.md, "Statement heard". Each clip is searched with the grammar of its statement
// (the `statement` column, else its transcript), as the service does; --search free times the free decoding of the
// first round instead. The baseline, measured in the same run: ffmpeg's extraction of the same clips, timed the same
// way (the step the service runs before recognition); the ratio is printed.
//   npm run bench:speech -- --data DIR [--data DIR …] [--search free]
import { execFile } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { parse } from "csv-parse/sync";
import { loadLexicon } from "@/lib/engines/speech/lexicon";
import { DEBIAN_POCKETSPHINX, recogniserArgs, wavHeader } from "@/lib/engines/speech/pocketsphinx";
import { statementGrammar } from "@/lib/engines/speech/statement-grammar";
import { scoreStatement } from "@/lib/engines/speech/statement-words";

const run = promisify(execFile);

async function main() {
  const dirs = process.argv.flatMap((a, i) => (a === "--data" && process.argv[i + 1] ? [process.argv[i + 1]!] : []));
  if (!dirs.length || !existsSync("/usr/bin/time")) {
    console.error("usage: npm run bench:speech -- --data DIR [--data DIR …]   (needs /usr/bin/time)");
    process.exit(2);
  }
  const free = process.argv.includes("--search") && process.argv.includes("free");
  const lexicon = await loadLexicon(DEBIAN_POCKETSPHINX.dict);
  const tmp = await mkdtemp(path.join(os.tmpdir(), "bench-speech-"));
  let audio = 0;
  let cpu = 0;
  let baseline = 0;
  let clips = 0;
  try {
    for (const dir of dirs) {
      type Row = { file: string; transcript?: string; statement?: string };
      const rows = parse(readFileSync(path.join(dir, "labels.csv")), { columns: true }) as Row[];
      const statements = new Map(rows.map((r) => [r.file, r.statement || r.transcript || ""]));
      for (const [file, statement] of statements) {
        const raw = path.join(tmp, "clip.raw");
        // the extraction, timed the same way: the baseline measured in the same run (its process start included)
        const extracted = await run("/usr/bin/time", [
          "-f",
          "%U %S",
          "ffmpeg",
          "-v",
          "error",
          "-y",
          "-i",
          path.join(dir, file),
          "-ac",
          "1",
          "-ar",
          "16000",
          "-f",
          "s16le",
          raw,
        ]);
        const extraction = cpuOf(extracted.stderr);
        const pcm = await readFile(raw);
        const wav = path.join(tmp, "clip.wav");
        await writeFile(wav, Buffer.concat([wavHeader(pcm.length), pcm]));
        const { words } = scoreStatement(statement, [], lexicon);
        const grammar = free || words.length === 0 ? undefined : path.join(tmp, "statement.gram");
        if (grammar) await writeFile(grammar, statementGrammar(words));
        const { stderr } = await run("/usr/bin/time", [
          "-f",
          "%U %S",
          DEBIAN_POCKETSPHINX.binary,
          ...recogniserArgs(wav, DEBIAN_POCKETSPHINX, grammar),
        ]);
        const recognition = cpuOf(stderr);
        const seconds = pcm.length / 32000;
        if (recognition === null || extraction === null) continue;
        audio += seconds;
        cpu += recognition;
        baseline += extraction;
        clips++;
        console.log(
          `${file}: ${seconds.toFixed(1)} s of sound, ${recognition.toFixed(2)} s CPU (extraction ${extraction.toFixed(2)} s)`,
        );
      }
    }
  } finally {
    await rm(tmp, { recursive: true, force: true });
  }
  console.log(
    `\n${clips} clips, ${audio.toFixed(1)} s of sound: ${(cpu / audio).toFixed(2)} s CPU per second of sound, ${(cpu / clips).toFixed(2)} s per clip`,
  );
  console.log(
    `baseline, ffmpeg's extraction of the same clips: ${(baseline / clips).toFixed(3)} s CPU per clip; recognition / extraction ${(cpu / baseline).toFixed(1)}×`,
  );
}

/** user + sys seconds from /usr/bin/time's last line (`-f "%U %S"`), null when it printed none. */
function cpuOf(stderr: string): number | null {
  const [user, sys] = stderr.trim().split("\n").at(-1)!.split(" ").map(Number);
  return Number.isFinite(user) && Number.isFinite(sys) ? user! + sys! : null;
}

void main();
