// The hosted page's capture quality judgement (components/verify/capture/quality/judge-capture.ts, the code its
// Web Worker runs) over document pictures whose fate at the server is known: how many it refuses (a block), warns
// about, or passes clean, per degradation. The sets:
//  - degraded:  tools/eval/make-documents.ts's degraded set (photo, small, dim, perspective, blur): the reader
//               reads ~98 % of their MRZs (docs/accuracy.md), so none may be refused
//  - hard:      its hard set (glare, motion blur, low light …): motion blur defeats the reader (0/16), the rest mostly not
//  - severe:    drawn here from the same generator: what the gate exists for (heavy blur, a dark room, the document
//               far away in the frame, a large hot spot) and the same documents sharp, framed as the camera sees them
//  - real:      every image of --data DIR (the real specimens; read in place, never copied), judged as a camera
//               capture (the strict case) and as an upload (warn-only by design)
// Figures, not assertions (the unit tests are judge-capture.test.ts).
//   node --import tsx --conditions=react-server tools/eval/capture-quality.ts [--data DIR] [--per N] [--json]
import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import sharp, { type Sharp } from "sharp";
import {
  isRefused,
  judgeCapture,
  type JudgeOptions,
  type Verdict,
} from "@/components/verify/capture/quality/judge-capture";
import { drawIdCard, drawPassport, randomPerson, seededRandom } from "@/test/document-images";
import { makeDocumentSet, makeHardSet } from "@/tools/eval/make-documents";

const args = process.argv.slice(2);
const flag = (name: string) => {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : undefined;
};
const DATA = path.resolve(flag("--data") ?? path.join(__dirname, "../../../shared/data/documents"));
const PER = Number(flag("--per") ?? 8);
const TODAY = new Date("2026-11-25T00:00:00Z");

type Row = { set: string; variant: string; id: string; verdict: Verdict };
const rows: Row[] = [];

async function judge(bytes: Buffer, options: JudgeOptions): Promise<Verdict> {
  const { data, info } = await sharp(bytes).rotate().ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  return judgeCapture({ data, width: info.width, height: info.height }, options);
}

const camera: JudgeOptions = { source: "camera" };
const upload: JudgeOptions = { source: "upload" };

/** The document on a table, as the guide area of a phone's frame holds it: `fill` of the width, centred. */
async function framed(page: Buffer, fill: number, backdrop = "#6f6a60"): Promise<Buffer> {
  const { width = 0, height = 0 } = await sharp(page).metadata();
  const frameW = Math.round(width / fill);
  const frameH = Math.round(frameW / (width / height));
  const left = Math.round((frameW - width) / 2);
  const top = Math.max(0, Math.round((frameH - height) / 2));
  return sharp({ create: { width: frameW, height: Math.max(frameH, height), channels: 3, background: backdrop } })
    .composite([{ input: page, left, top }])
    .png()
    .toBuffer();
}

async function severeSet(per: number): Promise<void> {
  const rng = seededRandom(20261126);
  for (let i = 0; i < per; i++) {
    const kind = i % 2 === 0 ? "TD3" : "TD1";
    const person = randomPerson(rng, kind, TODAY);
    const doc =
      kind === "TD3" ? await drawPassport(person, { portraitSeed: i }) : await drawIdCard(person, { portraitSeed: i });
    const inFrame = await framed(doc.front, 0.92);
    const jpeg = (s: Sharp) => s.jpeg({ quality: 80 }).toBuffer();
    const variants: [string, Buffer][] = [
      ["sharp, framed", await jpeg(sharp(inFrame))],
      ["gaussian blur σ 4", await jpeg(sharp(inFrame).blur(4))],
      ["gaussian blur σ 7", await jpeg(sharp(inFrame).blur(7))],
      ["dark room (12 %)", await jpeg(sharp(inFrame).modulate({ brightness: 0.12 }))],
      ["far away (40 % of the frame)", await jpeg(sharp(await framed(doc.front, 0.4)))],
      [
        "large hot spot",
        await jpeg(
          sharp(inFrame).composite([
            {
              input: Buffer.from(
                `<svg width="400" height="260"><defs><radialGradient id="g"><stop offset="0" stop-color="#fff"/><stop offset="0.6" stop-color="#fff"/><stop offset="1" stop-color="#fff" stop-opacity="0"/></radialGradient></defs><ellipse cx="200" cy="130" rx="200" ry="130" fill="url(#g)"/></svg>`,
              ),
              left: 300 + Math.floor(rng() * 200),
              top: 250 + Math.floor(rng() * 150),
            },
          ]),
        ),
      ],
    ];
    for (const [variant, bytes] of variants)
      rows.push({ set: "severe", variant, id: `severe-${i}`, verdict: await judge(bytes, camera) });
  }
}

async function main() {
  const t0 = Date.now();
  const sizes = { degraded: Math.max(10, PER * 5), wrongCheckDigit: 0, tampered: 0 };
  for await (const c of makeDocumentSet(TODAY, sizes))
    rows.push({ set: "degraded", variant: String(c.variant), id: c.id, verdict: await judge(c.front, camera) });
  for await (const c of makeHardSet(TODAY, PER))
    rows.push({ set: "hard", variant: String(c.variant), id: c.id, verdict: await judge(c.front, camera) });
  await severeSet(PER);
  if (existsSync(DATA)) {
    for (const file of readdirSync(DATA)
      .filter((f) => /\.(png|jpe?g|webp)$/i.test(f))
      .sort()) {
      const bytes = readFileSync(path.join(DATA, file));
      rows.push({ set: "real (as camera)", variant: "specimen", id: file, verdict: await judge(bytes, camera) });
      rows.push({ set: "real (as upload)", variant: "specimen", id: file, verdict: await judge(bytes, upload) });
    }
  } else console.error(`[capture-quality] no real documents at ${DATA}: left out`);

  if (args.includes("--json")) {
    for (const r of rows) console.log(JSON.stringify({ set: r.set, variant: r.variant, id: r.id, ...r.verdict }));
  }
  const groups = new Map<string, Row[]>();
  for (const r of rows) groups.set(`${r.set}|${r.variant}`, [...(groups.get(`${r.set}|${r.variant}`) ?? []), r]);
  console.log("| Set | Condition | n | Refused | Warned | Clean | Warnings (kinds) | edge blur (min–max) |");
  console.log("|---|---|---|---|---|---|---|---|");
  for (const [key, group] of groups) {
    const [set, variant] = key.split("|");
    const refused = group.filter((r) => isRefused(r.verdict)).length;
    const warned = group.filter((r) => !isRefused(r.verdict) && r.verdict.issues.length).length;
    const kinds = new Map<string, number>();
    for (const r of group)
      for (const i of r.verdict.issues)
        kinds.set(`${i.kind} ${i.severity}`, (kinds.get(`${i.kind} ${i.severity}`) ?? 0) + 1);
    const blur = group.map((r) => r.verdict.metrics.edgeBlur).filter(Number.isFinite);
    console.log(
      `| ${set} | ${variant} | ${group.length} | ${refused} | ${warned} | ${group.length - refused - warned} | ${[...kinds].map(([k, n]) => `${k} ${n}`).join(", ") || "—"} | ${Math.min(...blur).toFixed(2)}–${Math.max(...blur).toFixed(2)} |`,
    );
  }
  console.error(`[capture-quality] ${rows.length} pictures in ${((Date.now() - t0) / 1000).toFixed(0)} s`);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
