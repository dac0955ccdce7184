// The MRZ reader on real document images: every image of a folder through the same examination and rules as the
// DOCUMENT_VERIFICATION step (the duplicate lookup left out), one row per image beside a peer's score when the file
// name carries one (`<score>_<name>.<ext>`, as PassportEye's test images do: 100 = every check digit held).
// Figures, not assertions: the never-regress test is lib/checks/document-verification/real-documents.real.test.ts.
//
//   npm run eval:documents -- --data DIR [--today YYYY-MM-DD]
// Without --data: ../shared/data/documents, when it exists.
import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { decide } from "@/lib/checks/document-verification/decide";
import { examineDocument } from "@/lib/engines/documents/examine-document";
import { readingHolds } from "@/lib/engines/documents/mrz/mrz-lines";
import { stopOcrEngine } from "@/lib/engines/documents/ocr/ocr-engine";

export type RealDocument = { file: string; path: string; peer: number | null };
export type RealOutcome = {
  doc: RealDocument;
  format: string | null;
  valid: boolean;
  invalid: string[];
  lines: string[];
  repairs: string[];
  result: string;
  checks: string[];
  ms: number;
};

const IMAGE = /\.(png|jpe?g|webp|tiff?)$/i;

/** The images of a folder, with the peer's score from a leading `<number>_` in the file name. */
export function listDocuments(dir: string): RealDocument[] {
  return readdirSync(dir)
    .filter((f) => IMAGE.test(f))
    .sort()
    .map((file) => {
      const m = /^(\d{1,3})_/.exec(file);
      return { file, path: path.join(dir, file), peer: m ? Number(m[1]) : null };
    });
}

/** One image as the step sees a single-sided upload: the MRZ on the side sent. */
export async function readDocument(doc: RealDocument, today: Date): Promise<RealOutcome> {
  const t0 = performance.now();
  const image = readFileSync(doc.path);
  const exam = await examineDocument(image, null, "FRONT");
  const decision = decide(
    { exam, declared: { type: null, country: null }, fileMeta: null, duplicates: [] },
    { today, allowedTypes: [], allowedCountries: [] },
  );
  const mrz = exam.mrz;
  return {
    doc,
    format: mrz?.format ?? null,
    valid: Boolean(mrz && readingHolds(mrz.result)),
    invalid: mrz ? mrz.result.details.filter((d) => !d.valid).map((d) => d.field ?? d.label) : [],
    lines: mrz?.lines ?? [],
    repairs: mrz?.repairs ?? [],
    result: decision.result,
    checks: decision.checks.filter((k) => k.result !== "PASSED").map((k) => `${k.name} ${k.result}: ${k.detail}`),
    ms: performance.now() - t0,
  };
}

function parseArgs(argv: readonly string[]): { dir: string; today: Date } {
  let dir = path.resolve("../shared/data/documents");
  let today = new Date();
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    const value = argv[++i];
    if (!value) throw new Error(`${arg} needs a value (usage: --data DIR [--today YYYY-MM-DD])`);
    if (arg === "--data") dir = path.resolve(value);
    else if (arg === "--today") today = new Date(`${value}T00:00:00Z`);
    else throw new Error(`unknown argument ${arg} (usage: --data DIR [--today YYYY-MM-DD])`);
  }
  return { dir, today };
}

async function main(): Promise<void> {
  const { dir, today } = parseArgs(process.argv.slice(2));
  if (!existsSync(dir)) {
    console.log(`eval:documents: ${dir} does not exist; nothing to read`);
    return;
  }
  const docs = listDocuments(dir);
  console.log(`Real documents: ${dir} (${docs.length} images)\n`);
  console.log(
    `${"image".padEnd(24)} ${"peer".padStart(4)}  ${"format".padEnd(6)} ${"MRZ".padEnd(14)} ${"step".padEnd(14)} time`,
  );
  const outcomes: RealOutcome[] = [];
  for (const doc of docs) {
    let o: RealOutcome;
    try {
      o = await readDocument(doc, today);
    } catch (error) {
      o = {
        doc,
        format: null,
        valid: false,
        invalid: [],
        lines: [],
        repairs: [],
        result: "CRASH",
        checks: [String(error)],
        ms: 0,
      };
    }
    outcomes.push(o);
    const mrz = o.format === null ? "not found" : o.valid ? "fully valid" : `${o.invalid.length} invalid`;
    console.log(
      `${doc.file.padEnd(24)} ${String(doc.peer ?? "-").padStart(4)}  ${(o.format ?? "-").padEnd(6)} ${mrz.padEnd(14)} ${o.result.padEnd(14)} ${(o.ms / 1000).toFixed(1)} s`,
    );
    for (const l of o.lines) console.log(`    ${l}`);
    if (o.repairs.length) console.log(`    repaired: ${o.repairs.join("; ")}`);
    if (!o.valid && o.invalid.length) console.log(`    invalid: ${o.invalid.join(", ")}`);
    for (const c of o.checks) console.log(`    ${c}`);
  }
  const valid = outcomes.filter((o) => o.valid).length;
  const peerValid = docs.filter((d) => d.peer === 100);
  const ours = outcomes.filter((o) => o.doc.peer === 100 && o.valid).length;
  const declined = outcomes.filter((o) => o.result === "DECLINED" && !o.valid).length;
  console.log(
    `\nfully valid MRZ: ${valid}/${docs.length} (${((100 * valid) / Math.max(1, docs.length)).toFixed(0)} %)`,
  );
  if (peerValid.length)
    console.log(
      `of the peer's fully valid (${peerValid.length}): ${ours} fully valid here; the peer: ${peerValid.length}/${docs.length} overall`,
    );
  console.log(`declined on a reading whose check digits fail: ${declined}`);
  await stopOcrEngine();
}

if (import.meta.url === `file://${process.argv[1]}`) {
  main().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
