// Read rate of the PDF417 decoders on licence backs, per photographic condition (no database).
//   node --import tsx --conditions=react-server tools/eval/barcodes.ts [--per 30] [--holdout]
//   node --import tsx --conditions=react-server tools/eval/barcodes.ts --folder <dir>
// Generated material (test/licence-images.ts + licence-variants.ts): random US/Canadian people, AAMVA
// payloads of versions 1, 3, 8, 9 and 10, encoded with bwip-js and photographed under each condition. The
// development seed chose read-pdf417.ts's variants; --holdout draws another set that was never used to tune.
// --folder reads every image of a folder (and its <name>.txt, when there, as the expected text: ZXing's blackbox
// test layout), so anyone can point it at their own photos.
import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { drawLicence, randomLicencePerson, seededRandom } from "@/test/licence-images";
import { BACK_CONDITIONS, degradeBack } from "@/test/licence-variants";
import { DECODERS, loadImage } from "./pdf417-decoders";

const DEV_SEED = 417;
const HOLDOUT_SEED = 90417;
const VERSIONS = [1, 3, 8, 9, 10] as const;

type Tally = { read: number; total: number; ms: number[] };
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? NaN;
const rate = (t: Tally) => `${((100 * t.read) / t.total).toFixed(0)} % (${t.read}/${t.total})`;

async function generated(per: number, seed: number): Promise<void> {
  const rng = seededRandom(seed);
  const today = new Date();
  const tallies = new Map<string, Tally>();
  for (const condition of BACK_CONDITIONS) {
    for (let n = 0; n < per; n++) {
      const person = randomLicencePerson(rng, today);
      const licence = await drawLicence(person, { version: VERSIONS[n % VERSIONS.length] });
      const photo = await degradeBack(licence.back, condition, rng);
      for (const decoder of DECODERS) {
        const key = `${condition}\t${decoder.name}`;
        const t = tallies.get(key) ?? { read: 0, total: 0, ms: [] };
        const t0 = performance.now();
        const text = await decoder.read(photo);
        t.ms.push(performance.now() - t0);
        t.total++;
        if (text === licence.payload) t.read++;
        tallies.set(key, t);
      }
    }
  }
  console.log(
    `\nGenerated licence backs, seed ${seed} (${seed === HOLDOUT_SEED ? "hold-out" : "development"}), ${per} per condition`,
  );
  console.log(`| condition | ${DECODERS.map((d) => d.name).join(" | ")} |`);
  console.log(`|---|${DECODERS.map(() => "---").join("|")}|`);
  const totals = DECODERS.map(() => ({ read: 0, total: 0, ms: [] as number[] }));
  for (const condition of BACK_CONDITIONS) {
    const cells = DECODERS.map((d, i) => {
      const t = tallies.get(`${condition}\t${d.name}`)!;
      totals[i]!.read += t.read;
      totals[i]!.total += t.total;
      totals[i]!.ms.push(...t.ms);
      return `${rate(t)}, ${Math.round(median(t.ms))} ms`;
    });
    console.log(`| ${condition} | ${cells.join(" | ")} |`);
  }
  console.log(`| **all** | ${totals.map((t) => `**${rate(t)}**, ${Math.round(median(t.ms))} ms`).join(" | ")} |`);
}

async function folder(dir: string): Promise<void> {
  const files = readdirSync(dir).filter((f) => /\.(png|jpe?g|gif|tiff?|bmp|webp)$/i.test(f));
  const tallies = DECODERS.map(() => ({ read: 0, exact: 0, expected: 0, total: 0 }));
  for (const file of files) {
    const image = await loadImage(path.join(dir, file));
    const sidecar = (ext: string) => path.join(dir, file.replace(/\.[^.]+$/, ext));
    // ZXing's layout: <name>.txt (UTF-8 text) or <name>.bin (the bytes) beside each image
    const expected = existsSync(sidecar(".txt"))
      ? readFileSync(sidecar(".txt"), "utf8")
      : existsSync(sidecar(".bin"))
        ? readFileSync(sidecar(".bin"), "latin1")
        : null;
    for (const [i, decoder] of DECODERS.entries()) {
      const text = await decoder.read(image);
      const t = tallies[i]!;
      t.total++;
      if (text) t.read++;
      if (expected !== null) {
        t.expected++;
        // the decoders give the bytes as Latin-1; a UTF-8 payload is compared as UTF-8
        if (text !== null && (text === expected || Buffer.from(text, "latin1").toString("utf8") === expected))
          t.exact++;
      }
    }
  }
  console.log(`\n${files.length} images in ${dir}`);
  console.log("| decoder | decoded | exact (of images with a .txt) |");
  console.log("|---|---|---|");
  for (const [i, d] of DECODERS.entries()) {
    const t = tallies[i]!;
    console.log(`| ${d.name} | ${t.read}/${t.total} | ${t.exact}/${t.expected} |`);
  }
}

const args = process.argv.slice(2);
const at = (flag: string) => (args.includes(flag) ? args[args.indexOf(flag) + 1] : undefined);
const dir = at("--folder");
(dir ? folder(dir) : generated(Number(at("--per") ?? 20), args.includes("--holdout") ? HOLDOUT_SEED : DEV_SEED)).catch(
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
