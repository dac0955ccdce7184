import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { headTurnVideo, type Movement } from "@/test/head-turn-video";
import { sampleFace, SAMPLE_PEOPLE } from "@/test/sample-faces";
import { loopedPhotoVideo, stillVideo } from "@/test/sample-faces";

// The synthetic videos the liveness tests use, written to a folder for tools/eval/capture-integrity.ts: head turns
// and nods of the five sample faces (test/head-turn-video.ts) in webm and mp4, and the still / looped-photo clips
// (test/sample-faces.ts). All count as genuine uploads through the API (no page report): CAPTURE_INTEGRITY must not
// flag them. Encoded by ffmpeg at a constant 25 fps from 10 fps frames, so most frames repeat the previous one.
//   node --import tsx --conditions=react-server tools/make/head-turn-clips.ts --out DIR

const MOVEMENTS: Movement[] = ["LEFT_RIGHT", "RIGHT_LEFT", "NOD"];

async function main() {
  const i = process.argv.indexOf("--out");
  const out = i >= 0 ? process.argv[i + 1] : undefined;
  if (!out) throw new Error("usage: head-turn-clips.ts --out DIR");
  await mkdir(out, { recursive: true });
  const rows = ["file,label,scenario"];
  for (const [p, person] of SAMPLE_PEOPLE.entries()) {
    const face = await sampleFace(p);
    for (const [m, movement] of MOVEMENTS.entries()) {
      const format = (p + m) % 2 ? "mp4" : "webm";
      const { video } = await headTurnVideo(face, movement, format);
      const name = `${person}-${movement.toLowerCase()}.${format}`;
      await writeFile(path.join(out, name), video);
      rows.push(`${name},genuine,synthetic-${format}`);
    }
    await writeFile(path.join(out, `${person}-still.webm`), await stillVideo(face));
    await writeFile(path.join(out, `${person}-looped.webm`), await loopedPhotoVideo(face));
    rows.push(`${person}-still.webm,photo,still-photo`, `${person}-looped.webm,photo,looped-photo`);
    console.log(person);
  }
  await writeFile(path.join(out, "labels.csv"), rows.join("\n") + "\n");
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
