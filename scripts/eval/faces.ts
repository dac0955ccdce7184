import sharp from "sharp";
import { pathToFileURL } from "node:url";
import { detectFaces, faceSimilarity, warmFaceEngine } from "@/lib/faces/human-engine";
import { FACE_MATCH_THRESHOLDS } from "@/lib/faces/face-match";
import { liveness } from "@/lib/processes/liveness/liveness";
import type { ProcessInput } from "@/lib/processes/types";
import { loopedPhotoVideo, sampleFace, SAMPLE_PEOPLE, stillVideo } from "@/lib/testing/sample-faces";

// Face half of the accuracy evaluation: face match on the five people of human's shipped screenshot (see
// lib/testing/sample-faces.ts), "same person" pairs made by augmentation, "different" pairs across people; liveness
// negatives (still and looped photo videos); head-pose sign on mirrored faces.
// Run: node --import tsx --conditions=react-server scripts/eval/faces.ts

type Variant = { person: number; name: string; bytes: Buffer };

const AUGMENTATIONS: Record<string, (img: Buffer) => Promise<Buffer>> = {
  original: async (img) => img,
  tight_crop: (img) => sharp(img).extract({ left: 54, top: 54, width: 252, height: 252 }).resize(360, 360).png().toBuffer(),
  wide_shrink: (img) => sharp(img).resize(200, 200).extend({ top: 80, bottom: 80, left: 80, right: 80, background: "#555" }).png().toBuffer(),
  darker: (img) => sharp(img).modulate({ brightness: 0.6 }).png().toBuffer(),
  brighter: (img) => sharp(img).modulate({ brightness: 1.4 }).png().toBuffer(),
  rotate_10: (img) => sharp(img).rotate(10, { background: "#808080" }).png().toBuffer(),
  rotate_minus_8: (img) => sharp(img).rotate(-8, { background: "#808080" }).png().toBuffer(),
  jpeg_q25: (img) => sharp(img).jpeg({ quality: 25 }).toBuffer(),
  low_res_110px: async (img) => sharp(await sharp(img).resize(110, 110).toBuffer()).resize(360, 360).png().toBuffer(),
  grey: (img) => sharp(img).greyscale().png().toBuffer(),
};

const pct = (n: number, d: number) => (d ? `${((100 * n) / d).toFixed(1)} %` : "–");

function processInput(video: Buffer, contentType: string): ProcessInput {
  return {
    verification: { id: "v", accountId: "a", identityId: "i", workflowId: "w", ipAddress: null, metadata: {}, createdAt: new Date() },
    workflow: { processes: ["LIVENESS"], documentTypes: [], countries: [], settings: { LIVENESS_CHALLENGE: "TURN_HEAD_LEFT_RIGHT" } },
    inputs: new Map([["SELFIE_VIDEO", { type: "FILE", value: null, fileId: "v" }]]),
    readFile: async () => ({ bytes: video, contentType }),
    earlierSteps: [],
    now: new Date(),
  };
}

export async function evalFaces(): Promise<string> {
  await warmFaceEngine();
  const lines: string[] = [];
  const variants: Variant[] = [];
  for (const [person] of SAMPLE_PEOPLE.entries()) {
    const base = await sampleFace(person);
    for (const [name, fn] of Object.entries(AUGMENTATIONS)) variants.push({ person, name, bytes: await fn(base) });
  }
  const embeddings: (number[] | null)[] = [];
  let missed = 0;
  for (const v of variants) {
    const face = (await detectFaces(v.bytes))[0];
    if (!face) missed++;
    embeddings.push(face?.embedding ?? null);
  }
  const same: number[] = [];
  const different: number[] = [];
  for (let i = 0; i < variants.length; i++)
    for (let j = i + 1; j < variants.length; j++) {
      const a = embeddings[i], b = embeddings[j];
      if (!a || !b) continue;
      (variants[i]!.person === variants[j]!.person ? same : different).push(await faceSimilarity(a, b));
    }
  const stats = (xs: number[]) => {
    const s = [...xs].sort((a, b) => a - b);
    return `min ${s[0]!.toFixed(3)} · median ${s[s.length >> 1]!.toFixed(3)} · max ${s.at(-1)!.toFixed(3)}`;
  };
  lines.push(`Face images: ${variants.length} (${SAMPLE_PEOPLE.length} people × ${Object.keys(AUGMENTATIONS).length} variants: ${Object.keys(AUGMENTATIONS).join(", ")}); no face detected in ${missed}.`, "");
  lines.push(`- same-person pairs: ${same.length}, similarity ${stats(same)}`);
  lines.push(`- different-person pairs: ${different.length}, similarity ${stats(different)}`, "");
  lines.push("| threshold | false match rate (different ≥ t) | false non-match rate (same < t) |", "|---|---|---|");
  for (const t of [0.45, 0.5, 0.55, 0.6, 0.65, 0.7, 0.75]) {
    lines.push(`| ${t.toFixed(2)}${t === FACE_MATCH_THRESHOLDS.MATCH ? " (MATCH)" : t === FACE_MATCH_THRESHOLDS.REVIEW ? " (REVIEW)" : ""} | ${pct(different.filter((s) => s >= t).length, different.length)} | ${pct(same.filter((s) => s < t).length, same.length)} |`);
  }
  lines.push("");

  // head pose: mirroring a face must flip the sign of its yaw (the challenge's left/right depends on it)
  let flips = 0, posed = 0;
  const poseRows: string[] = [];
  for (const [person, who] of SAMPLE_PEOPLE.entries()) {
    const base = await sampleFace(person);
    const a = (await detectFaces(base))[0], b = (await detectFaces(await sharp(base).flop().png().toBuffer()))[0];
    if (!a || !b) continue;
    posed++;
    const ok = Math.abs(a.yaw) < 4 || Math.sign(a.yaw) === -Math.sign(b.yaw);
    if (ok) flips++;
    poseRows.push(`${who}: yaw ${a.yaw.toFixed(0)}° → mirrored ${b.yaw.toFixed(0)}°`);
  }
  lines.push(`Head pose: mirroring flips the yaw sign in ${flips} of ${posed} faces (faces within ±4° of frontal count as consistent): ${poseRows.join("; ")}.`, "");

  // liveness negatives
  lines.push("| video (TURN_HEAD_LEFT_RIGHT) | cases | judged live | HEAD_CHALLENGE failed | NOT_STILL failed |", "|---|---|---|---|---|");
  for (const [label, make] of [
    ["still photo, webm 3 s", (img: Buffer) => stillVideo(img, 3, "webm").then((b) => [b, "video/webm"] as const)],
    ["still photo, mp4 3 s", (img: Buffer) => stillVideo(img, 3, "mp4").then((b) => [b, "video/mp4"] as const)],
    ["looped photo (zoom in/out), webm 4 s", (img: Buffer) => loopedPhotoVideo(img, 4, "webm").then((b) => [b, "video/webm"] as const)],
    ["looped photo (zoom in/out), mp4 4 s", (img: Buffer) => loopedPhotoVideo(img, 4, "mp4").then((b) => [b, "video/mp4"] as const)],
  ] as const) {
    let live = 0, challenge = 0, still = 0;
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
  evalFaces().then((report) => console.log(report), (error) => {
    console.error(error);
    process.exit(1);
  });
}
