import { pathToFileURL } from "node:url";
import sharp from "sharp";
import { analyzeVideo } from "@/lib/engines/faces/analyze-video";
import { detectFaces, warmFaceEngine } from "@/lib/engines/faces/human-engine";
import { CHALLENGE_THRESHOLDS, type Challenge } from "@/lib/checks/liveness/head-challenge";
import { FRAME_OPTIONS, liveness } from "@/lib/checks/liveness/liveness";
import {
  HEAD_TURN_DEFAULTS,
  headRenderer,
  headTurnFrames,
  livenessInput,
  type HeadPose,
  type HeadRenderer,
  type Movement,
} from "@/test/head-turn-video";
import { framesVideo, sampleFace, SAMPLE_PEOPLE } from "@/test/sample-faces";
import { extractFrames } from "@/lib/engines/video/extract-frames";

// Positive half of the liveness evaluation: synthetic head turns and nods made from the five sample photos by a
// 3-D rotation of human's face mesh (test/head-turn-video.ts), judged by the LIVENESS process itself (every
// check as in production). Also: the yaw/pitch the mesh measures on rendered stills against the rotation applied,
// and, for one person, the per-frame poses LIVENESS sees in the video.
// Run: node --import tsx --conditions=react-server tools/eval/liveness-positive.ts   (about 4 min on 2 cores)

type Format = "webm" | "mp4";
type Case = {
  label: string;
  movement: Movement;
  peak: number;
  format: Format;
  challenge: Challenge;
  expectLive: boolean;
};

const PEAK = HEAD_TURN_DEFAULTS.PEAK_YAW_DEG;
const NOD_PEAK = HEAD_TURN_DEFAULTS.PEAK_PITCH_DEG;
const CASES: Case[] = [
  {
    label: `left→right ±30°, webm`,
    movement: "LEFT_RIGHT",
    peak: 30,
    format: "webm",
    challenge: "TURN_HEAD_LEFT_RIGHT",
    expectLive: true,
  },
  {
    label: `left→right ±${PEAK}°, webm`,
    movement: "LEFT_RIGHT",
    peak: PEAK,
    format: "webm",
    challenge: "TURN_HEAD_LEFT_RIGHT",
    expectLive: true,
  },
  {
    label: `left→right ±${PEAK}°, mp4`,
    movement: "LEFT_RIGHT",
    peak: PEAK,
    format: "mp4",
    challenge: "TURN_HEAD_LEFT_RIGHT",
    expectLive: true,
  },
  {
    label: `left→right ±45°, webm`,
    movement: "LEFT_RIGHT",
    peak: 45,
    format: "webm",
    challenge: "TURN_HEAD_LEFT_RIGHT",
    expectLive: true,
  },
  {
    label: `left→right ±${PEAK}°, webm`,
    movement: "LEFT_RIGHT",
    peak: PEAK,
    format: "webm",
    challenge: "TURN_HEAD_RIGHT_LEFT",
    expectLive: false,
  },
  {
    label: `right→left ±${PEAK}°, webm`,
    movement: "RIGHT_LEFT",
    peak: PEAK,
    format: "webm",
    challenge: "TURN_HEAD_RIGHT_LEFT",
    expectLive: true,
  },
  {
    label: `right→left ±${PEAK}°, webm`,
    movement: "RIGHT_LEFT",
    peak: PEAK,
    format: "webm",
    challenge: "TURN_HEAD_LEFT_RIGHT",
    expectLive: false,
  },
  {
    label: `nod ±${NOD_PEAK}°, webm`,
    movement: "NOD",
    peak: NOD_PEAK,
    format: "webm",
    challenge: "NOD",
    expectLive: true,
  },
  {
    label: `nod ±${NOD_PEAK}°, webm`,
    movement: "NOD",
    peak: NOD_PEAK,
    format: "webm",
    challenge: "TURN_HEAD_LEFT_RIGHT",
    expectLive: false,
  },
];

const fmt = (x: number) => `${x >= 0 ? "+" : "−"}${Math.abs(x).toFixed(1)}`;
const optionsFor = (movement: Movement, peak: number) =>
  movement === "NOD" ? { PEAK_PITCH_DEG: peak } : { PEAK_YAW_DEG: peak };

export async function evalLivenessPositive(): Promise<string> {
  await warmFaceEngine();
  const lines: string[] = [];
  const renderers: HeadRenderer[] = [];
  for (const [person] of SAMPLE_PEOPLE.entries()) renderers.push(await headRenderer(await sampleFace(person)));

  // 1. rendered stills: the pose the mesh measures against the rotation applied (relative to the unrotated render)
  const SWEEP = [-45, -35, -30, -20, -10, 0, 10, 20, 30, 35, 45];
  lines.push(
    "Measured head pose on rendered stills (human, as LIVENESS runs it) minus the pose measured on the unrotated render, against the rotation applied (applied yaw < 0 = nose moved towards the image's right = the person's left on an unmirrored image):",
    "",
    `| person (photo yaw) | ${SWEEP.map((a) => `yaw ${a}°`).join(" | ")} | pitch −${NOD_PEAK}° (chin down) | pitch +${NOD_PEAK}° (chin up) |`,
    `|---|${SWEEP.map(() => "---").join("|")}|---|---|`,
  );
  for (const [person, who] of SAMPLE_PEOPLE.entries()) {
    const r = renderers[person]!;
    const measure = async (pose: HeadPose) => (await detectFaces(await r.render(pose)))[0] ?? null;
    const zero = await measure({ yaw: 0, pitch: 0 });
    if (!zero) {
      lines.push(`| ${who} | no face on the unrotated render |`);
      continue;
    }
    const cells: string[] = [];
    for (const yaw of SWEEP) {
      const f = await measure({ yaw, pitch: 0 });
      cells.push(f ? fmt(f.yaw - zero.yaw) : "no face");
    }
    for (const pitch of [-NOD_PEAK, NOD_PEAK]) {
      const f = await measure({ yaw: 0, pitch });
      cells.push(f ? `pitch ${fmt(f.pitch - zero.pitch)}, yaw ${fmt(f.yaw - zero.yaw)}` : "no face");
    }
    lines.push(`| ${who} (${r.mesh.yaw.toFixed(0)}°) | ${cells.join(" | ")} |`);
  }
  lines.push("");

  // 2. the LIVENESS process on the generated videos
  lines.push(
    `| video (${HEAD_TURN_DEFAULTS.FPS} fps, ${HEAD_TURN_DEFAULTS.HOLD_SECONDS} s frontal first) | challenge | expected | cases | judged live | HEAD_CHALLENGE passed | SAME_FACE passed (lowest similarity) | FACE_PRESENT / SINGLE_FACE / NOT_STILL passed | per person: measured yaw range vs baseline (pitch for NOD) and lowest SAME_FACE similarity | observed | wall time per case |`,
    "|---|---|---|---|---|---|---|---|---|---|---|",
  );
  const videos = new Map<string, Buffer>();
  for (const c of CASES) {
    let live = 0,
      challengePassed = 0,
      sameFace = 0,
      basics = 0;
    let lowestSim = Infinity;
    const ranges: string[] = [];
    const observed = new Map<string, number>();
    let time = 0;
    for (const [person, who] of SAMPLE_PEOPLE.entries()) {
      const started = performance.now();
      const key = `${person}:${c.movement}:${c.peak}:${c.format}`;
      let video = videos.get(key);
      if (!video) {
        const { frames } = await headTurnFrames(renderers[person]!, c.movement, optionsFor(c.movement, c.peak));
        video = await framesVideo(frames, HEAD_TURN_DEFAULTS.FPS, c.format);
        videos.set(key, video);
      }
      const out = await liveness.run(livenessInput(video, `video/${c.format}`, c.challenge));
      time += performance.now() - started;
      const result = (name: string) => out.checks.find((k) => k.name === name)?.result;
      if (out.data.live === true) live++;
      if (result("HEAD_CHALLENGE") === "PASSED") challengePassed++;
      if (result("SAME_FACE") === "PASSED") sameFace++;
      if (["FACE_PRESENT", "SINGLE_FACE", "NOT_STILL"].every((n) => result(n) === "PASSED")) basics++;
      const data = out.data as {
        challenge: { observed?: string[]; yaw_range?: [number, number] | null; pitch_range?: [number, number] | null };
        face_consistency: { lowest_similarity: number | null };
      };
      lowestSim = Math.min(lowestSim, data.face_consistency.lowest_similarity ?? 0);
      const range = c.movement === "NOD" ? data.challenge.pitch_range : data.challenge.yaw_range;
      ranges.push(
        `${who} ${range ? `${fmt(range[0])}/${fmt(range[1])}` : "–"} (${data.face_consistency.lowest_similarity?.toFixed(2) ?? "–"})`,
      );
      const obs = (data.challenge.observed ?? []).join("→") || "none";
      observed.set(obs, (observed.get(obs) ?? 0) + 1);
    }
    const n = SAMPLE_PEOPLE.length;
    lines.push(
      `| ${c.label} | ${c.challenge} | ${c.expectLive ? "live" : "not live"} | ${n} | ${live} | ${challengePassed} | ${sameFace} (${lowestSim.toFixed(2)}) | ${basics} | ${ranges.join("; ")} | ${[...observed].map(([o, k]) => `${o} ×${k}`).join(", ")} | ${(time / n / 1000).toFixed(1)} s |`,
    );
  }
  lines.push(
    "",
    `Thresholds (unchanged): turn ≥ ${CHALLENGE_THRESHOLDS.TURN_DEG}° from the baseline (median of the first ${CHALLENGE_THRESHOLDS.BASELINE_FRAMES} frames with a face), nod ≥ ${CHALLENGE_THRESHOLDS.NOD_DEG}°; frames sampled at ${FRAME_OPTIONS.fps} fps. Wall time includes rendering and encoding the video the first time it is needed.`,
    "",
  );

  // 3. per frame, one person: what LIVENESS sees at each sampled frame against the rotation applied then
  const person = 0;
  const { frames, poses } = await headTurnFrames(renderers[person]!, "LEFT_RIGHT");
  const analysis = await analyzeVideo(
    await framesVideo(frames, HEAD_TURN_DEFAULTS.FPS, "webm"),
    "video/webm",
    FRAME_OPTIONS,
  );
  // which generated frame each sampled frame shows: the same pipeline run on a clip whose frame i is a flat grey of
  // level 5·i (measured, not assumed from the fps filter's rounding rules)
  const shown = await sampledFrameIndices(frames.length, "webm");
  const seen = analysis.faces.map((f) => f.main).filter((m) => m !== null);
  const head = seen
    .slice(0, CHALLENGE_THRESHOLDS.BASELINE_FRAMES)
    .map((m) => m.yaw)
    .sort((a, b) => a - b);
  const baseline = head.length ? (head[(head.length - 1) >> 1]! + head[head.length >> 1]!) / 2 : 0;
  lines.push(
    `Per frame, ${SAMPLE_PEOPLE[person]}, left→right ±${PEAK}° webm, frames as LIVENESS samples them (${FRAME_OPTIONS.fps} fps of the ${HEAD_TURN_DEFAULTS.FPS} fps clip; "generated frame" = which of the ${frames.length} rendered frames the sample shows, measured on an index-coded clip):`,
    "",
    "| sampled frame | generated frame | applied yaw | measured yaw | measured − baseline | measured pitch | similarity to anchor |",
    "|---|---|---|---|---|---|---|",
  );
  analysis.faces.forEach((f, k) => {
    const index = shown[k];
    const applied = index === undefined ? "?" : fmt(poses[Math.min(poses.length - 1, index)]!.yaw);
    const sim = analysis.similarityToAnchor[k];
    lines.push(
      f.main
        ? `| ${k} | ${index ?? "?"} | ${applied} | ${fmt(f.main.yaw)} | ${fmt(f.main.yaw - baseline)} | ${fmt(f.main.pitch)} | ${sim === null || sim === undefined ? "–" : sim.toFixed(2)} |`
        : `| ${k} | ${index ?? "?"} | ${applied} | no face | | | |`,
    );
  });
  return lines.join("\n");
}

/** For a clip of `count` frames made like the head-turn clips, the generated frame index each LIVENESS sample shows. */
async function sampledFrameIndices(count: number, format: Format): Promise<number[]> {
  const frames = await Promise.all(
    Array.from({ length: count }, (_, i) =>
      sharp({ create: { width: 64, height: 64, channels: 3, background: { r: 5 * i, g: 5 * i, b: 5 * i } } })
        .png()
        .toBuffer(),
    ),
  );
  const sampled = await extractFrames(
    await framesVideo(frames, HEAD_TURN_DEFAULTS.FPS, format),
    `video/${format}`,
    FRAME_OPTIONS,
  );
  return Promise.all(
    sampled.map(async (png) => Math.round((await sharp(png).greyscale().stats()).channels[0]!.mean / 5)),
  );
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  evalLivenessPositive().then(
    (report) => console.log(report),
    (error) => {
      console.error(error);
      process.exit(1);
    },
  );
}
