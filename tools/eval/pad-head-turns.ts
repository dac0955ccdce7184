import { liveness } from "@/lib/checks/liveness/liveness";
import { headTurnVideo, livenessInput } from "@/test/head-turn-video";
import { sampleFace, SAMPLE_PEOPLE } from "@/test/sample-faces";

// npm run eval:pad -- --head-turns [--json]
// The synthetic head turns of the liveness evaluation (tools/eval/liveness-positive.ts: one still photo per sample
// person, its face mesh rotated left then right, test/head-turn-video.ts) through the whole LIVENESS step: the
// genuine side of PRESENTATION_ATTACK on videos. No such video may be FAILED. They are renderings of a photo, so they
// say how the check treats the project's own synthetic genuine captures, not how it treats real people.

export async function headTurns(asJson: boolean) {
  const say = (line: string) => (asJson ? process.stderr : process.stdout).write(`${line}\n`);
  const perVideo: { video: string; decision: string; median: number | null; min: number | null; frames: number }[] = [];
  for (const [i, person] of SAMPLE_PEOPLE.entries()) {
    for (const format of ["webm", "mp4"] as const) {
      const clip = await headTurnVideo(await sampleFace(i), "LEFT_RIGHT", format);
      const output = await liveness.run(livenessInput(clip.video, clip.contentType, "TURN_HEAD_LEFT_RIGHT"));
      const check = output.checks.find((c) => c.name === "PRESENTATION_ATTACK");
      const pad = output.data.presentation_attack as {
        median_real: number | null;
        min_real: number | null;
        frames: { real: number }[];
      };
      const row = {
        video: `${person} left→right ${format}`,
        decision: check?.result ?? "missing",
        median: pad.median_real,
        min: pad.min_real,
        frames: pad.frames.length,
      };
      perVideo.push(row);
      say(
        `${row.video.padEnd(32)} ${row.decision.padEnd(7)} median ${row.median ?? "—"} min ${row.min ?? "—"} over ${row.frames} frames; step ${output.result}, live ${String(output.data.live)}`,
      );
    }
  }
  const count = (d: string) => perVideo.filter((v) => v.decision === d).length;
  say(`${perVideo.length} videos: PASSED ${count("PASSED")}, REVIEW ${count("REVIEW")}, FAILED ${count("FAILED")}`);
  if (asJson) process.stdout.write(`${JSON.stringify({ perVideo })}\n`);
}
