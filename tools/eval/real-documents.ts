// The MRZ reader on real document images, on the path users get: every image through the API's upload
// normalisation (normalize-upload.ts) and the DOCUMENT_VERIFICATION process itself (documentVerification.run, with
// the duplicate lookup answering "none"), one row per image.
// - With a `labels.csv` in the folder (mrz-labels.ts): the images it lists, declared as an end user would (the
//   type the document code names, the issuing state's country), compared with the transcribed lines: the whole
//   zone exactly, per field, every check digit; decisions against the print (a specimen with wrong digits on
//   purpose must never be APPROVED; a genuine one never DECLINED except as expired).
// - Without: every image of the folder, undeclared; only the check digits count (and a peer's score when the file
//   name carries one, `<score>_<name>.<ext>` as PassportEye's test images do: 100 = every check digit held).
// Figures, not assertions: the never-regress test is lib/checks/document-verification/real-documents.real.test.ts.
//
//   npm run eval:documents -- --data DIR [--today YYYY-MM-DD] [--turn 90,180,270] [--scale 0.75] [--jpeg 75]
// Without --data: ../shared/data/documents, when it exists. --turn reads every image turned clockwise by each angle
// given (0 is the image as it is), as a photo sent sideways or upside down: the file turned by sharp and sent in its
// own format (`resent`), so as little as possible but the orientation differs. --scale sends every image at that
// factor of its width and height (0.1–2; sharp's Lanczos kernel), as a scan at another resolution or a photo taken
// from nearer or further away: how the reader holds up where the print has other pixels than the material has.
// --jpeg sends every image re-encoded as a JPEG at that quality (10–100, 4:2:0 chroma as most encoders do), as a
// phone, a mail client or a web form would have compressed it again.
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { loadavg } from "node:os";
import path from "node:path";
import sharp from "sharp";
import type { Check, ProcessInput } from "@/lib/checks/types";
import { documentVerification } from "@/lib/checks/document-verification/document-verification";
import { EVERY_FIELD_PRINTED } from "@/lib/checks/document-verification/field-consistency";
import { normalizeUpload } from "@/lib/domain/verifications/normalize-upload";
import { stopOcrEngine, warmOcrEngine } from "@/lib/engines/documents/ocr/ocr-engine";
import { warmPaddle } from "@/lib/engines/documents/ocr/paddle-engine";
import { testPorts, offlineVerification } from "@/test/check-ports";
import {
  compareWithLabel,
  COMPARED_FIELDS,
  declaredOf,
  isGenuine,
  readLabels,
  type LabelComparison,
  type MrzLabel,
} from "./mrz-labels";

export type RealDocument = {
  file: string;
  path: string;
  peer: number | null;
  label: MrzLabel | null;
  /** degrees clockwise the image is turned before it is sent (--turn); 0 or absent: as it is */
  turn?: number;
  /** the factor of its size the image is sent at (--scale); 1 or absent: as it is */
  scale?: number;
  /** the JPEG quality the image is re-encoded at before it is sent (--jpeg); absent: its own format */
  jpeg?: number;
};
export type RealOutcome = {
  doc: RealDocument;
  format: string | null;
  /** data.mrz.check_digits_valid: every ICAO check digit of the lines read holds */
  checkDigitsValid: boolean;
  lines: string[];
  repairs: string[];
  result: string;
  checks: Check[];
  /** data.alteration_signals' kinds: what the integrator is told may have been altered on the page */
  signals: string[];
  comparison: LabelComparison | null;
  ms: number;
  /** CPU time of the whole process (every thread: tesseract's workers, PaddleOCR's, sharp's) while it ran: unlike
   * the wall time, barely moved by other programs sharing the cores */
  cpuMs: number;
};

const IMAGE = /\.(png|jpe?g|webp|tiff?)$/i;

/** The documents of a folder: those its labels.csv lists, else its images (with a peer's score from the name). */
export function listDocuments(dir: string): RealDocument[] {
  const labels = readLabels(dir);
  const peerOf = (file: string) => {
    const m = /^(\d{1,3})_/.exec(path.basename(file));
    return m ? Number(m[1]) : null;
  };
  if (labels)
    return labels.map((label) => ({
      file: label.image,
      path: path.join(dir, label.image),
      peer: peerOf(label.image),
      label,
    }));
  return readdirSync(dir)
    .filter((f) => IMAGE.test(f))
    .sort()
    .map((file) => ({ file, path: path.join(dir, file), peer: peerOf(file), label: null }));
}

export function processInput(
  bytes: Buffer,
  contentType: string,
  meta: Record<string, unknown>,
  doc: RealDocument,
  today: Date,
) {
  const declared = doc.label ? declaredOf(doc.label) : { type: null, country: null };
  const inputs = new Map<string, { type: "TEXT" | "FILE"; value: string | null; fileId: string | null }>([
    ["DOCUMENT_FRONT", { type: "FILE", value: null, fileId: "front" }],
  ]);
  if (declared.type) inputs.set("DOCUMENT_TYPE", { type: "TEXT", value: declared.type, fileId: null });
  if (declared.country) inputs.set("DOCUMENT_COUNTRY", { type: "TEXT", value: declared.country, fileId: null });
  const input: ProcessInput = {
    verification: offlineVerification(today),
    workflow: { processes: ["DOCUMENT_VERIFICATION"], documentTypes: [], countries: [], settings: {} },
    inputs,
    readFile: async () => ({ bytes, contentType }),
    earlierSteps: [],
    now: today,
    ports: testPorts({ fileMeta: async () => meta, findDuplicateDocuments: async () => [] }),
  };
  return input;
}

/**
 * The file turned clockwise and scaled (`turn`, `scale`), in its own format as nearly unchanged as it can be: a JPEG
 * at quality 100 without chroma subsampling (the upload normalisation then re-encodes it at 92 as it does the file
 * itself, normalize-upload.ts), anything else as a PNG (lossless, and kept lossless by the normalisation).
 */
async function resent(file: Buffer, turn: number, scale: number, jpeg?: number): Promise<Buffer> {
  // upright by its orientation tag first, as the normalisation would have it, then turned
  let image = sharp(file).rotate().rotate(turn);
  if (scale !== 1) {
    // turned first (losslessly: a PNG between), then scaled: sharp orders a pipeline's steps its own way
    const turned = await image.png().toBuffer();
    const { width = 1 } = await sharp(turned).metadata();
    image = sharp(turned).resize({ width: Math.max(1, Math.round(width * scale)) });
  }
  if (jpeg) return image.jpeg({ quality: jpeg, chromaSubsampling: "4:2:0" }).toBuffer();
  return (await sharp(file).metadata()).format === "jpeg"
    ? image.jpeg({ quality: 100, chromaSubsampling: "4:4:4" }).toBuffer()
    : image.png().toBuffer();
}

/** One image as the API takes it: a single-sided upload (the MRZ on the side sent), normalised, then the process. */
export async function readDocument(doc: RealDocument, today: Date): Promise<RealOutcome> {
  const t0 = performance.now();
  const cpu0 = process.cpuUsage();
  const file = readFileSync(doc.path);
  const sent =
    doc.turn || (doc.scale ?? 1) !== 1 || doc.jpeg ? await resent(file, doc.turn ?? 0, doc.scale ?? 1, doc.jpeg) : file;
  const upload = await normalizeUpload("DOCUMENT_FRONT", "image", sent);
  const out = await documentVerification.run(processInput(upload.bytes, upload.contentType, upload.meta, doc, today));
  const ms = performance.now() - t0;
  const cpu = process.cpuUsage(cpu0);
  const cpuMs = (cpu.user + cpu.system) / 1000;
  const mrz = out.data.mrz as {
    format: string;
    lines: string[];
    check_digits_valid: boolean;
    repairs: string[];
  } | null;
  return {
    doc,
    format: mrz?.format ?? null,
    checkDigitsValid: Boolean(mrz?.check_digits_valid),
    lines: mrz?.lines ?? [],
    repairs: mrz?.repairs ?? [],
    result: out.result,
    checks: out.checks,
    signals: ((out.data.alteration_signals as { signal: string }[] | undefined) ?? []).map((s) => s.signal),
    comparison: doc.label ? compareWithLabel(doc.label, mrz?.lines ?? null) : null,
    ms,
    cpuMs,
  };
}

/** DECLINED for a reason other than a certain past expiry (what a genuine specimen must never be). */
export function declinedOtherThanExpired(o: RealOutcome): boolean {
  return o.result === "DECLINED" && o.checks.some((c) => c.result === "FAILED" && c.name !== "DOCUMENT_EXPIRY");
}

/** FIELD_CONSISTENCY passed with every compared field (name, date of birth, document number) printed as encoded. */
export function everyFieldPrinted(o: RealOutcome): boolean {
  return o.checks.some((c) => c.name === "FIELD_CONSISTENCY" && c.detail.startsWith(EVERY_FIELD_PRINTED));
}

/** APPROVED although the print carries a wrong digit on purpose, or carries no MRZ at all. */
export function wronglyApproved(o: RealOutcome): boolean {
  return o.result === "APPROVED" && o.doc.label !== null && !isGenuine(o.doc.label);
}

const USAGE = "usage: --data DIR [--today YYYY-MM-DD] [--turn 0,90,180,270] [--scale 0.1–2] [--jpeg 10–100]";

function parseArgs(argv: readonly string[]): {
  dir: string;
  today: Date;
  turns: number[];
  scale: number;
  jpeg: number | undefined;
} {
  let dir = path.resolve("../shared/data/documents");
  let today = new Date();
  let turns = [0];
  let scale = 1;
  let jpeg: number | undefined;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    const value = argv[++i];
    if (!value) throw new Error(`${arg} needs a value (${USAGE})`);
    if (arg === "--data") dir = path.resolve(value);
    else if (arg === "--today") today = new Date(`${value}T00:00:00Z`);
    else if (arg === "--turn") {
      turns = value.split(",").map(Number);
      if (turns.some((t) => ![0, 90, 180, 270].includes(t))) throw new Error(`--turn takes 0, 90, 180, 270 (${USAGE})`);
    } else if (arg === "--scale") {
      scale = Number(value);
      if (!(scale >= 0.1 && scale <= 2)) throw new Error(`--scale takes a factor from 0.1 to 2 (${USAGE})`);
    } else if (arg === "--jpeg") {
      jpeg = Number(value);
      if (!Number.isInteger(jpeg) || jpeg < 10 || jpeg > 100)
        throw new Error(`--jpeg takes a quality from 10 to 100 (${USAGE})`);
    } else throw new Error(`unknown argument ${arg} (${USAGE})`);
  }
  return { dir, today, turns, scale, jpeg };
}

const pct = (n: number, of: number) => `${n}/${of} (${of ? ((100 * n) / of).toFixed(0) : "-"} %)`;
const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? s[Math.floor((s.length - 1) / 2)]! : 0;
};

function printRow(o: RealOutcome): void {
  const mrz = o.format === null ? "not found" : o.checkDigitsValid ? "digits hold" : "digits fail";
  const vs = o.comparison ? (o.comparison.exact ? "exact" : "differs") : String(o.doc.peer ?? "-");
  console.log(
    `${o.doc.file.padEnd(52)} ${(o.doc.label?.format ?? "-").padEnd(11)} ${(o.format ?? "-").padEnd(18)} ${mrz.padEnd(11)} ${vs.padEnd(7)} ${o.result.padEnd(13)} ${(o.ms / 1000).toFixed(1)} s (CPU ${(o.cpuMs / 1000).toFixed(1)} s)`,
  );
  const truth = o.doc.label?.lines ?? [];
  o.lines.forEach((l, i) =>
    console.log(`    ${l}${truth[i] !== undefined && truth[i] !== l ? `   ≠ ${truth[i]}` : ""}`),
  );
  if (!o.lines.length && truth.length) for (const t of truth) console.log(`    (not read)   ≠ ${t}`);
  if (o.repairs.length) console.log(`    repaired: ${o.repairs.join("; ")}`);
  for (const c of o.checks.filter((k) => k.result !== "PASSED")) console.log(`    ${c.name} ${c.result}: ${c.detail}`);
}

function printSummary(outcomes: RealOutcome[]): void {
  const ms = outcomes.map((o) => o.ms);
  const cpu = outcomes.map((o) => o.cpuMs);
  console.log(
    `\ntime per image (normalisation + process): median ${(median(ms) / 1000).toFixed(1)} s, worst ${(Math.max(...ms) / 1000).toFixed(1)} s; load average at the end ${loadavg()[0]!.toFixed(1)} on 2 cores`,
  );
  console.log(
    `CPU time per image (all threads of the process): median ${(median(cpu) / 1000).toFixed(1)} s, worst ${(Math.max(...cpu) / 1000).toFixed(1)} s`,
  );
  console.log(
    `check digits all hold in the lines read: ${pct(outcomes.filter((o) => o.checkDigitsValid).length, outcomes.length)}`,
  );
  console.log(
    `declined other than as expired: ${
      outcomes
        .filter(declinedOtherThanExpired)
        .map((o) => o.doc.file)
        .join(", ") || "none"
    }`,
  );
  const labelled = outcomes.filter((o) => o.doc.label);
  if (!labelled.length) {
    const peerValid = outcomes.filter((o) => o.doc.peer === 100);
    if (peerValid.length)
      console.log(
        `of the peer's fully valid (${peerValid.length}): ${peerValid.filter((o) => o.checkDigitsValid).length} hold here`,
      );
    return;
  }
  const genuine = labelled.filter((o) => isGenuine(o.doc.label!));
  const withMrz = labelled.filter((o) => o.doc.label!.format !== "NONE");
  console.log(
    `exact zone, genuine specimens: ${pct(genuine.filter((o) => o.comparison!.exact).length, genuine.length)}`,
  );
  console.log(
    `exact zone, every specimen with an MRZ: ${pct(withMrz.filter((o) => o.comparison!.exact).length, withMrz.length)}`,
  );
  for (const field of COMPARED_FIELDS) {
    const has = withMrz.filter((o) => o.comparison!.fields[field] !== undefined);
    console.log(`  ${field.padEnd(16)} ${pct(has.filter((o) => o.comparison!.fields[field]).length, has.length)}`);
  }
  // an alteration signal on a genuine specimen: some are true of the file (saved by an editor), the rest false
  const flagged = genuine.filter((o) => o.signals.length);
  console.log(
    `genuine specimens with an alteration signal: ${pct(flagged.length, genuine.length)}${flagged.map((o) => `; ${o.doc.file} (${o.signals.join(", ")})`).join("")}`,
  );
  const passed = genuine.filter((o) => o.checks.some((c) => c.name === "FIELD_CONSISTENCY" && c.result === "PASSED"));
  console.log(
    `FIELD_CONSISTENCY on genuine specimens: passed ${pct(passed.length, genuine.length)}; every field printed as encoded ${pct(genuine.filter(everyFieldPrinted).length, genuine.length)}`,
  );
  const printHolds = withMrz.filter((o) => o.doc.label!.printHolds === true);
  console.log(
    `check digits hold in the lines read, where the print holds: ${pct(printHolds.filter((o) => o.checkDigitsValid).length, printHolds.length)}; as printed: ${printHolds.length}/${withMrz.length}`,
  );
  const none = labelled.filter((o) => o.doc.label!.format === "NONE");
  if (none.length)
    console.log(`no MRZ on the image, none read: ${pct(none.filter((o) => o.format === null).length, none.length)}`);
  console.log(
    `wrongly APPROVED (wrong digits on purpose, or no MRZ): ${
      labelled
        .filter(wronglyApproved)
        .map((o) => o.doc.file)
        .join(", ") || "none"
    }`,
  );
  const results = new Map<string, number>();
  for (const o of labelled) results.set(o.result, (results.get(o.result) ?? 0) + 1);
  console.log(`results: ${[...results].map(([r, n]) => `${r} ${n}`).join(", ")}`);
}

/** The readers warmed as a worker's start warms them (lib/jobs/preload-models.ts), so no image pays their first run. */
export async function warmReaders(): Promise<void> {
  await warmOcrEngine();
  await warmPaddle();
}

async function main(): Promise<void> {
  const { dir, today, turns, scale, jpeg } = parseArgs(process.argv.slice(2));
  if (!existsSync(dir)) {
    console.log(`eval:documents: ${dir} does not exist; nothing to read`);
    return;
  }
  const docs = listDocuments(dir).flatMap((doc) =>
    turns.map((turn) => ({ ...doc, ...(turn ? { file: `${doc.file} ↻${turn}`, turn } : {}), scale, jpeg })),
  );
  const labelled = docs.some((d) => d.label);
  console.log(
    `Real documents: ${dir} (${docs.length} images${labelled ? ", labels.csv" : ""}${turns.join() === "0" ? "" : `, turned ${turns.join(", ")}° clockwise`}${scale === 1 ? "" : `, sent at ${scale}× their size`}${jpeg ? `, re-encoded as JPEG at quality ${jpeg}` : ""}); today ${today.toISOString().slice(0, 10)}\n`,
  );
  console.log(
    `${"image".padEnd(52)} ${"label".padEnd(11)} ${"read".padEnd(18)} ${"MRZ".padEnd(11)} ${(labelled ? "zone" : "peer").padEnd(7)} ${"step".padEnd(13)} time`,
  );
  await warmReaders();
  const outcomes: RealOutcome[] = [];
  for (const doc of docs) {
    let o: RealOutcome;
    try {
      o = await readDocument(doc, today);
    } catch (error) {
      const detail = String(error);
      o = {
        doc,
        format: null,
        checkDigitsValid: false,
        lines: [],
        repairs: [],
        result: "CRASH",
        checks: [{ name: "CRASH", result: "FAILED", detail }],
        signals: [],
        comparison: doc.label ? compareWithLabel(doc.label, null) : null,
        ms: 0,
        cpuMs: 0,
      };
    }
    outcomes.push(o);
    printRow(o);
  }
  printSummary(outcomes);
  await stopOcrEngine();
}

if (import.meta.url === `file://${process.argv[1]}`) {
  main().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
