// Speed of reading a licence back's PDF417 (read-pdf417.ts, the production variants) and parsing it (aamva.ts),
// per back image, after a warm-up; meant for ONE core:
//   taskset -c 0 node --import tsx --conditions=react-server tools/bench/checks-barcode.ts [per-condition=8]
// Baseline, measured in the same run on the same photos: decoding the JPEG to grey pixels with sharp (the floor any
// reader pays). Prints figures; asserts nothing (benchmarks are scripts, not timed tests). Target: ≤ 300 ms median.
import { parseAamva } from "@/lib/engines/documents/barcode/aamva";
import { greyForBarcode, readPdf417 } from "@/lib/engines/documents/barcode/read-pdf417";
import { drawLicence, randomLicencePerson, seededRandom } from "@/test/licence-images";
import { BACK_CONDITIONS, degradeBack, type BackCondition } from "@/test/licence-variants";
import { readAffinity, timing } from "./checks-document";

async function bench(per: number) {
  const rng = seededRandom(3141);
  const today = new Date();
  const photos: { condition: BackCondition; image: Buffer }[] = [];
  // the slow path: a photo with no barcode at all (a front), where every variant runs and fails
  const fronts: Buffer[] = [];
  for (const condition of BACK_CONDITIONS)
    for (let n = 0; n < per; n++) {
      const licence = await drawLicence(randomLicencePerson(rng, today));
      photos.push({ condition, image: await degradeBack(licence.back, condition, rng) });
      if (condition === "clean") fronts.push(await degradeBack(licence.front, "clean", rng));
    }
  // warm-up: the WASM module compiles on first use
  const w0 = performance.now();
  await readPdf417(photos[0]!.image);
  const warmupMs = Math.round(performance.now() - w0);

  const read: number[] = [];
  const unread: number[] = [];
  const baseline: number[] = [];
  const byCondition: Record<string, number[]> = {};
  for (const { condition, image } of photos) {
    const b0 = performance.now();
    await greyForBarcode(image);
    baseline.push(performance.now() - b0);
    const t0 = performance.now();
    const hit = await readPdf417(image);
    if (hit) parseAamva(hit.text);
    const ms = performance.now() - t0;
    (hit ? read : unread).push(ms);
    (byCondition[condition] ??= []).push(ms);
  }
  const noBarcode: number[] = [];
  for (const front of fronts) {
    const t0 = performance.now();
    await readPdf417(front);
    noBarcode.push(performance.now() - t0);
  }
  const all = timing([...read, ...unread]);
  const base = timing(baseline);
  return {
    warmupMs,
    perImage: all,
    read: timing(read),
    unread: unread.length ? timing(unread) : null,
    noBarcodeFront: timing(noBarcode),
    baselineDecodeJpeg: base,
    ratioToBaseline: Number((all.medianMs / Math.max(1, base.medianMs)).toFixed(1)),
    medianMsByCondition: Object.fromEntries(
      Object.entries(byCondition).map(([c, times]) => [c, timing(times).medianMs]),
    ),
    peakRssMb: Math.round(process.resourceUsage().maxRSS / 1024),
    cpus: `${readAffinity()}; node ${process.version}`,
  };
}

bench(Number(process.argv[2] ?? 8))
  .then((r) => console.log(JSON.stringify(r, null, 2)))
  .catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
