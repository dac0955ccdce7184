import { Session } from "node:inspector/promises";
import { writeFile } from "node:fs/promises";
import { pathToFileURL } from "node:url";
import { liveness } from "@/lib/checks/liveness/liveness";
import { benchInput } from "./checks-liveness";

// Where LIVENESS' time goes, function by function: the V8 CPU profile of RUNS warm runs of the step on the bench's
// 5-second webm (checks-liveness.ts), self time summed per function and divided by RUNS. Time in the ffmpeg child is
// not in it (it shows as idle while the step waits). Prints a table; `--out FILE` keeps the .cpuprofile.
// Run: taskset -c 0 node --import tsx --conditions=react-server tools/bench/profile-liveness.ts

const RUNS = 5;

type Node = { id: number; callFrame: { functionName: string; url: string }; children?: number[] };
type Profile = { nodes: Node[]; samples: number[]; timeDeltas: number[] };

function selfTimes(profile: Profile): [string, number][] {
  const byNode = new Map<number, number>();
  profile.samples.forEach((id, i) => byNode.set(id, (byNode.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0)));
  const parentOf = new Map<number, Node>();
  for (const node of profile.nodes) for (const child of node.children ?? []) parentOf.set(child, node);
  const byFunction = new Map<string, number>();
  for (const node of profile.nodes) {
    const { functionName, url } = node.callFrame;
    const parent = parentOf.get(node.id)?.callFrame.url ?? "";
    // native code shows as an anonymous frame without a source: name it by its caller (onnxruntime's session.run)
    if (!functionName && !url && parent) {
      const key = `(native) called from ${parent.replace(/^.*\/node_modules\//, "")}`;
      byFunction.set(key, (byFunction.get(key) ?? 0) + (byNode.get(node.id) ?? 0) / 1000);
      continue;
    }
    const where = url.replace(/^.*\/node_modules\//, "").replace(/^.*?\/(lib|tools|test)\//, "$1/");
    const key = `${functionName || "(anonymous)"} ${where}`.trim();
    byFunction.set(key, (byFunction.get(key) ?? 0) + (byNode.get(node.id) ?? 0) / 1000);
  }
  return [...byFunction].sort((a, b) => b[1] - a[1]);
}

async function main(): Promise<void> {
  const input = await benchInput();
  await liveness.run(input); // warm-up: models loaded, kernels compiled
  await liveness.run(input);
  const session = new Session();
  session.connect();
  await session.post("Profiler.enable");
  await session.post("Profiler.setSamplingInterval", { interval: 200 });
  await session.post("Profiler.start");
  const t0 = performance.now();
  for (let i = 0; i < RUNS; i++) await liveness.run(input);
  const wall = (performance.now() - t0) / RUNS;
  const { profile } = (await session.post("Profiler.stop")) as { profile: Profile };
  const out = process.argv.indexOf("--out");
  if (out > 0) await writeFile(process.argv[out + 1]!, JSON.stringify(profile));
  console.log(`LIVENESS wall per run: ${wall.toFixed(0)} ms (${RUNS} runs); self time per run by function:`);
  for (const [name, ms] of selfTimes(profile).slice(0, 30))
    console.log(`${(ms / RUNS).toFixed(1).padStart(8)} ms  ${name}`);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  main().catch((e) => {
    console.error(e);
    process.exit(1);
  });
}
