import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import sharp from "sharp";
import { drawPassport, randomPerson, seededRandom, type Person } from "@/test/document-images";
import { headTurnVideo } from "@/test/head-turn-video";
import { sampleFace } from "@/test/sample-faces";

// The inputs of bench:pipeline's full-kyc verification, written to --out (a temporary folder of the bench):
// a generated passport whose portrait is a real face photo (a sample of @vladmandic/human's, test/
// sample-faces.ts), and a head-turn video of the SAME face (test/head-turn-video.ts: the photo's face mesh
// turned left then right, 4.9 s at 10 fps), so LIVENESS's document match compares one person with himself.
// Usage: tsx tools/bench/pipeline-material.ts --out <dir> [--face 1]. Prints one JSON line.

function arg(name: string, fallback?: string): string {
  const i = process.argv.indexOf(`--${name}`);
  const value = i >= 0 ? process.argv[i + 1] : fallback;
  if (value === undefined) throw new Error(`--${name} is required`);
  return value;
}

async function main() {
  const out = arg("out");
  const faceIndex = Number(arg("face", "1"));
  mkdirSync(out, { recursive: true });
  const face = await sampleFace(faceIndex, 480);
  const person: Person = {
    ...randomPerson(seededRandom(1500 + faceIndex), "TD3", new Date()),
    country: "NL",
    nationality: "NL",
    surname: "DEVRIES",
    given: "ANNA",
    documentNumber: "NX4817263",
    birthDate: "1986-07-21",
    sex: "F",
  };
  const passport = await drawPassport(person, { portrait: face });
  const video = await headTurnVideo(face, "LEFT_RIGHT", "webm");
  // as the hosted page uploads a capture: a JPEG
  const front = await sharp(passport.front).jpeg({ quality: 90 }).toBuffer();
  const files = { passport: path.join(out, "passport.jpg"), video: path.join(out, "selfie.webm") };
  writeFileSync(files.passport, front);
  writeFileSync(files.video, video.video);
  process.stdout.write(
    `${JSON.stringify({
      ...files,
      videoContentType: video.contentType,
      videoSeconds: Number((video.poses.length / video.fps).toFixed(1)),
      passportBytes: front.length,
      videoBytes: video.video.length,
      person: { name: `${person.given} ${person.surname}`, birthDate: person.birthDate, country: person.country },
    })}\n`,
  );
}

main().then(
  () => process.exit(0),
  (error) => {
    console.error(error);
    process.exit(1);
  },
);
