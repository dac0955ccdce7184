import { writeFile } from "node:fs/promises";
import path from "node:path";
import { tfjsNets } from "@/lib/engines/faces/face-api-tfjs";
import { decodeImage, detectFaces } from "@/lib/engines/faces/human-engine";
import { detectFacesTfjs } from "@/lib/engines/faces/human-tfjs";
import { descriptorOfCrop, squareCrop } from "@/lib/engines/faces/resnet-descriptor";
import { resolveReference } from "@/lib/engines/faces/tfjs-reference";
import { sampleFace, SAMPLE_PEOPLE } from "@/test/sample-faces";

// What the TF.js reference runtime answers on the five sample faces, kept as test/fixtures/human/tfjs-reference.json
// so that the CI's parity tests (lib/engines/faces/human-onnx.test.ts, face-api-onnx.test.ts) compare the ONNX
// runtime with it without installing TF.js: per person, Human 3.3 on TF.js WASM (detectFacesTfjs: every face,
// largest first) and face-api's TF.js descriptor of the crop the service feeds it (human's box, squareCrop 1.6 at
// 300 px). Needs the optional install (npm run setup:tfjs-reference).
//   node --import tsx --conditions=react-server tools/make/face-tfjs-reference.ts

export const REFERENCE_FILE = path.join(process.cwd(), "test", "fixtures", "human", "tfjs-reference.json");

const versionOf = async (name: string) => {
  const entry = resolveReference(name);
  for (let dir = path.dirname(entry); dir !== path.dirname(dir); dir = path.dirname(dir)) {
    try {
      const { default: pkg } = (await import(path.join(dir, "package.json"), { with: { type: "json" } })) as {
        default: { name?: string; version: string };
      };
      if (pkg.name === name) return pkg.version;
    } catch {
      // not the package's root yet
    }
  }
  throw new Error(`no package.json for ${name}`);
};

async function main() {
  const samples = [];
  for (const [i, person] of SAMPLE_PEOPLE.entries()) {
    const bytes = await sampleFace(i);
    const image = await decodeImage(bytes);
    const human = [...(await detectFacesTfjs(image))].sort((a, b) => b.box[2] * b.box[3] - a.box[2] * a.box[3]);
    const [face] = await detectFaces(bytes);
    if (!face) throw new Error(`no face in sample ${person}`);
    const crop = await squareCrop(image, face.box, 1.6, 300);
    const descriptor = await descriptorOfCrop(crop, true, tfjsNets);
    samples.push({ person, human, descriptor: descriptor ? Array.from(descriptor) : null });
  }
  const reference = {
    generatedBy: "tools/make/face-tfjs-reference.ts",
    packages: Object.fromEntries(
      await Promise.all(
        ["@vladmandic/human", "@vladmandic/face-api", "@tensorflow/tfjs-backend-wasm"].map(
          async (name) => [name, await versionOf(name)] as const,
        ),
      ),
    ),
    samples,
  };
  await writeFile(REFERENCE_FILE, `${JSON.stringify(reference, null, 1)}\n`);
  console.log(`wrote ${path.relative(process.cwd(), REFERENCE_FILE)}: ${samples.length} sample faces`);
}

if (import.meta.url === `file://${process.argv[1]}`) void main();
