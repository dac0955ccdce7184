import sharp from "sharp";
import { pathToFileURL } from "node:url";
import { detectFaces, warmFaceEngine } from "@/lib/engines/faces/human-engine";
import { liveness } from "@/lib/checks/liveness/liveness";
import type { ProcessInput } from "@/lib/checks/types";
import { loopedPhotoVideo, sampleFace, SAMPLE_PEOPLE, stillVideo } from "@/test/sample-faces";
import { testPorts, offlineVerification } from "@/test/check-ports";

// Liveness negatives on the five faces of human's shipped screenshot (test/sample-faces.ts): still and looped
// photo videos must never be judged live; and the head-pose sign on mirrored faces, which the left/right order of
// the challenge rests on. Face match is measured on real photos by tools/eval/faces.ts.
// Run: node --import tsx --conditions=react-server tools/eval/liveness-negative.ts

function processInput(video: Buffer, contentType: string): ProcessInput {
  return {
    verification: offlineVerification(),
    workflow: {
      processes: ["LIVENESS"],
      documentTypes: [],
      countries: [],
      settings: { LIVENESS_CHALLENGE: "TURN_HEAD_LEFT_RIGHT" },
    },
    inputs: new Map([["SELFIE_VIDEO", { type: "FILE", value: null, fileId: "v" }]]),
    readFile: async () => ({ bytes: video, contentType }),
    earlierSteps: [],
    now: new Date(),
    // an API upload: no capture report from the hosted page on the stored file
    ports: testPorts({ fileMeta: async () => null }),
  };
}

export async function evalLivenessNegative(): Promise<string> {
  await warmFaceEngine();
  const lines: string[] = [];
  // head pose: mirroring a face must flip the sign of its yaw (the challenge's left/right depends on it)
  let flips = 0,
    posed = 0;
  const poseRows: string[] = [];
  for (const [person, who] of SAMPLE_PEOPLE.entries()) {
    const base = await sampleFace(person);
    const a = (await detectFaces(base))[0],
      b = (await detectFaces(await sharp(base).flop().png().toBuffer()))[0];
    if (!a || !b) continue;
    posed++;
    const ok = Math.abs(a.yaw) < 4 || Math.sign(a.yaw) === -Math.sign(b.yaw);
    if (ok) flips++;
    poseRows.push(`${who}: yaw ${a.yaw.toFixed(0)}° → mirrored ${b.yaw.toFixed(0)}°`);
  }
  lines.push(
    `Head pose: mirroring flips the yaw sign in ${flips} of ${posed} faces (faces within ±4° of frontal count as consistent): ${poseRows.join("; ")}.`,
    "",
  );

  // liveness negatives
  lines.push(
    "| video (TURN_HEAD_LEFT_RIGHT) | cases | judged live | HEAD_CHALLENGE failed | NOT_STILL failed |",
    "|---|---|---|---|---|",
  );
  for (const [label, make] of [
    ["still photo, webm 3 s", (img: Buffer) => stillVideo(img, 3, "webm").then((b) => [b, "video/webm"] as const)],
    ["still photo, mp4 3 s", (img: Buffer) => stillVideo(img, 3, "mp4").then((b) => [b, "video/mp4"] as const)],
    [
      "looped photo (zoom in/out), webm 4 s",
      (img: Buffer) => loopedPhotoVideo(img, 4, "webm").then((b) => [b, "video/webm"] as const),
    ],
    [
      "looped photo (zoom in/out), mp4 4 s",
      (img: Buffer) => loopedPhotoVideo(img, 4, "mp4").then((b) => [b, "video/mp4"] as const),
    ],
  ] as const) {
    let live = 0,
      challenge = 0,
      still = 0;
    for (const [person] of SAMPLE_PEOPLE.entries()) {
      const [bytes, type] = await make(await sampleFace(person));
      const out = await liveness.run(processInput(bytes, type));
      if (out.data.live === true) live++;
      if (out.checks.find((c) => c.name === "HEAD_CHALLENGE")?.result === "FAILED") challenge++;
      if (out.checks.find((c) => c.name === "NOT_STILL")?.result === "FAILED") still++;
    }
    lines.push(`| ${label} | ${SAMPLE_PEOPLE.length} | ${live} | ${challenge} | ${still} |`);
  }
  return lines.join("\n");
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  evalLivenessNegative().then(
    (report) => console.log(report),
    (error) => {
      console.error(error);
      process.exit(1);
    },
  );
}
