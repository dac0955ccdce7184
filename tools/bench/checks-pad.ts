import { readFile } from "node:fs/promises";
import path from "node:path";
import { decodeImage, detectFacesInPixels, warmFaceEngine } from "@/lib/engines/faces/human-engine";
import { warmPadEngine } from "@/lib/engines/pad/minifasnet";
import { textureFeatures } from "@/lib/engines/pad/texture-features";
import { scoreFrame, PAD_THRESHOLDS } from "@/lib/checks/liveness/presentation-attack";

// What PRESENTATION_ATTACK adds to a LIVENESS or VIDEO_AGREEMENT step: loading the MiniFASNet pair (once per process)
// and scoring one face (crop, OpenCV-exact resize, both models, the texture cues and the combined probability), on a
// 480×640 camera frame of ../shared/data/face-pad; the texture cues are also timed alone.
// A step scores up to PAD_THRESHOLDS.FRAMES faces; detection is not counted (the step has already done it). The
// baseline, measured in the same run after the scoring: that detection (detectFacesInPixels) of the same frame, the
// work every LIVENESS frame pays anyway; the ratio compares runs across hosts.
// Run: node --import tsx --conditions=react-server tools/bench/checks-pad.ts [--data DIR] [--runs N]

function argument(name: string, fallback: string): string {
  const i = process.argv.indexOf(name);
  return i >= 0 ? process.argv[i + 1]! : fallback;
}

async function main() {
  const data = argument("--data", path.resolve(process.cwd(), "../shared/data/face-pad"));
  const runs = Number(argument("--runs", "50"));
  await warmFaceEngine();
  const image = await decodeImage(await readFile(path.join(data, "images/image_T1.jpg")));
  const face = (await detectFacesInPixels(image))[0];
  if (!face) throw new Error("no face in the sample frame");
  const loadStart = performance.now();
  await warmPadEngine();
  const load = performance.now() - loadStart;
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t = performance.now();
    await scoreFrame(image, face);
    times.push(performance.now() - t);
  }
  const textureTimes: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t = performance.now();
    textureFeatures({ ...image, channels: 3 }, face.box);
    textureTimes.push(performance.now() - t);
  }
  const detectTimes: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t = performance.now();
    await detectFacesInPixels(image);
    detectTimes.push(performance.now() - t);
  }
  detectTimes.sort((a, b) => a - b);
  textureTimes.sort((a, b) => a - b);
  times.sort((a, b) => a - b);
  const at = (q: number) => times[Math.min(times.length - 1, Math.floor(q * times.length))]!;
  console.log(`models loaded in ${load.toFixed(0)} ms (once per process)`);
  console.log(
    `one face (480×640 frame), ${runs} runs: median ${at(0.5).toFixed(1)} ms, p90 ${at(0.9).toFixed(1)} ms, fastest ${times[0]!.toFixed(1)} ms`,
  );
  const detection = detectTimes[detectTimes.length >> 1]!;
  console.log(
    `baseline, same run: the face detection of the same frame, median ${detection.toFixed(1)} ms; PAD per face ${(at(0.5) / detection).toFixed(2)}× it`,
  );
  console.log(`of which the texture cues: median ${textureTimes[textureTimes.length >> 1]!.toFixed(2)} ms`);
  console.log(`per step (≤ ${PAD_THRESHOLDS.FRAMES} faces): about ${(PAD_THRESHOLDS.FRAMES * at(0.5)).toFixed(0)} ms`);
  console.log(`rss ${(process.memoryUsage().rss / 2 ** 20).toFixed(0)} MB after the face engine and the PAD models`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
