// `npm run bench:launcher`: what starting ffmpeg costs the service's main thread, from the service's own process
// (a fork that copies its page tables) and through the launcher's helper process (lib/engines/video/launcher.ts).
// The process first holds BENCH_LAUNCHER_MB (1000) of touched memory, about what the server holds with its models
// (docs/benchmarks.md, "Pipeline"); then RUNS runs of `ffmpeg -version` (the binary the checks start, under the same
// rlimits and sandbox as ffmpeg.ts builds) each way, alternating. Per run: the time the call to launch() holds the
// thread before it returns its promise (what every other request and check of the process waits for) and the wall
// time to the answer. Prints a table and ONE JSON line (also bench-results/launcher.json). Nothing asserted.
import { ffmpegPath, limitedCommand } from "@/lib/engines/video/ffmpeg";
import { sandboxedCommand, sandboxState } from "@/lib/engines/video/ffmpeg-sandbox";
import { launch, stopLauncher } from "@/lib/engines/video/launcher";
// @ts-expect-error -- plain ESM helpers shared by the bench scripts
import { machine, printTable, writeReport } from "./common.mjs";

const RUNS = 30;
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor((xs.length - 1) / 2)]!;
const p95 = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.ceil(0.95 * xs.length) - 1]!;

async function main() {
  const mb = Number(process.env.BENCH_LAUNCHER_MB || 1000);
  const ballast: Buffer[] = [];
  for (let i = 0; i < mb; i++) ballast.push(Buffer.alloc(2 ** 20, i & 255));
  const binary = ffmpegPath();
  const inner = (await sandboxState(binary)).active
    ? sandboxedCommand(binary, ["-version"], [])
    : { command: binary, args: ["-version"] };
  const { command, args } = limitedCommand(inner.command, inner.args);
  const times = {
    here: { held: [] as number[], wall: [] as number[] },
    helper: { held: [] as number[], wall: [] as number[] },
  };
  await launch(command, args, { timeoutMs: 30_000 }); // the helper's own start, once per process
  for (let i = 0; i < RUNS; i++)
    for (const via of ["here", "helper"] as const) {
      const t0 = performance.now();
      const answer = launch(command, args, { timeoutMs: 30_000, via });
      const held = performance.now() - t0;
      const { code } = await answer;
      if (code !== 0) throw new Error(`ffmpeg -version exited with ${code}`);
      times[via].held.push(held);
      times[via].wall.push(performance.now() - t0);
    }
  stopLauncher();
  const row = (via: "here" | "helper") => ({
    heldMedianMs: Number(median(times[via].held).toFixed(2)),
    heldP95Ms: Number(p95(times[via].held).toFixed(2)),
    wallMedianMs: Number(median(times[via].wall).toFixed(1)),
  });
  const report = {
    benchmark: "launcher",
    date: new Date().toISOString(),
    machine: machine(),
    method: { command: "ffmpeg -version under the rlimits (and the sandbox when it runs)", runs: RUNS, ballastMb: mb },
    rssMb: Math.round(process.memoryUsage().rss / 2 ** 20),
    here: row("here"),
    helper: row("helper"),
    ratioHeld: Number((median(times.helper.held) / median(times.here.held)).toFixed(3)),
  };
  printTable(
    ["started from", "thread held, median ms", "p95 ms", "answer, median ms"],
    (["here", "helper"] as const).map((via) => [
      via === "here" ? "this process (baseline)" : "the launcher's helper",
      String(report[via].heldMedianMs),
      String(report[via].heldP95Ms),
      String(report[via].wallMedianMs),
    ]),
  );
  console.log(`process RSS ${report.rssMb} MB; held helper / here = ${report.ratioHeld}`);
  writeReport("launcher", report, console.log);
  void ballast;
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
