// Real AAMVA payloads through the DOCUMENT_VERIFICATION process: each payload of a folder laid out like
// ../shared/data/aamva (labels.json, split.json, the payload files; read in place) is printed as a PDF417 on a card
// back (bwip-js, as the generated licences are: test/licence-images.ts), both sides go through the upload
// normalisation (normalize-upload.ts) and the process itself (documentVerification.run: the barcode read, the AAMVA
// parser, the rules), and the result is compared with every labelled field (tools/eval/aamva-labels.ts): the API's
// step data where it carries the field, the process's barcode reading (the same readPdf417 + parseAamva calls on
// the same normalised back) for the rest. A payload counts when every labelled field is right.
//
//   npm run eval:aamva -- --data DIR [--json]
// Without --data: ../shared/data/aamva, when it exists. The front printed is a plain card face (its OCR runs, as in
// the process; FIELD_CONSISTENCY then has little to compare): the figure is the barcode's fields, not the decision.
import { existsSync } from "node:fs";
import path from "node:path";
import { createCanvas } from "@napi-rs/canvas";
import { documentVerification } from "@/lib/checks/document-verification/document-verification";
import type { ProcessInput, StoredInput } from "@/lib/checks/types";
import { normalizeUpload } from "@/lib/domain/verifications/normalize-upload";
import { parseAamva } from "@/lib/engines/documents/barcode/aamva";
import { readPdf417 } from "@/lib/engines/documents/barcode/read-pdf417";
import { stopOcrEngine } from "@/lib/engines/documents/ocr/ocr-engine";
import { testPorts } from "@/test/check-ports";
import { background } from "@/test/document-images";
import { drawBack } from "@/test/licence-images";
import { dataMismatches, listPayloads, readingMismatches, type RealPayload, type StepData } from "./aamva-labels";

type Outcome = {
  file: string;
  version: number;
  country: string;
  labelled: boolean;
  /** the decoded barcode is the payload, byte for byte */
  decoded: boolean;
  /** the step read it as an AAMVA card */
  parsed: boolean;
  result: string;
  wrong: string[];
};

function front(kind: "DL" | "ID"): Buffer {
  const canvas = createCanvas(1027, 648);
  const g = canvas.getContext("2d");
  background(g, 1027, 648, 35, null);
  g.fillStyle = "#0b3d66";
  g.font = "bold 40px sans-serif";
  g.fillText(kind === "DL" ? "DRIVER LICENSE" : "IDENTIFICATION CARD", 40, 80);
  return canvas.toBuffer("image/png");
}

function input(files: Map<string, Buffer>, declared: { type: string; country: string }, now: Date): ProcessInput {
  const inputs = new Map<string, StoredInput>([
    ["DOCUMENT_TYPE", { type: "TEXT", value: declared.type, fileId: null }],
    ["DOCUMENT_COUNTRY", { type: "TEXT", value: declared.country, fileId: null }],
    ["DOCUMENT_FRONT", { type: "FILE", value: null, fileId: "front" }],
    ["DOCUMENT_BACK", { type: "FILE", value: null, fileId: "back" }],
  ]);
  return {
    verification: {
      id: "00000000-0000-7000-8000-0000000000aa",
      accountId: "eval",
      identityId: "eval",
      workflowId: "eval",
      ipAddress: null,
      metadata: {},
      createdAt: now,
    },
    workflow: { processes: ["DOCUMENT_VERIFICATION"], documentTypes: [], countries: [], settings: {} },
    inputs,
    readFile: async (id) => (files.has(id) ? { bytes: files.get(id)!, contentType: "image/png" } : null),
    earlierSteps: [],
    now,
    // no database: no other identity holds these documents
    ports: testPorts({ findDuplicateDocuments: async () => [], fileMeta: async () => ({}) }),
  };
}

async function evaluate(p: RealPayload, now: Date): Promise<Outcome> {
  const back = await normalizeUpload(
    "DOCUMENT_BACK",
    "image",
    await drawBack(p.text, { hue: p.country === "US" ? 35 : 0 }),
  );
  const kind = p.label?.kind ?? "DL";
  const face = await normalizeUpload("DOCUMENT_FRONT", "image", front(kind));
  const files = new Map([
    ["front", face.bytes],
    ["back", back.bytes],
  ]);
  const declared = { type: kind === "DL" ? "DRIVERS_LICENSE" : "NATIONAL_ID", country: p.country };
  const step = await documentVerification.run(input(files, declared, now));
  const read = await readPdf417(back.bytes);
  const parsed = read ? parseAamva(read.text) : null;
  const failure = parsed?.ok ? [] : [`barcode: ${read ? (parsed as { error: string }).error : "not decoded"}`];
  const label = p.label;
  const wrong = label
    ? [
        ...failure,
        ...(parsed?.ok ? readingMismatches(label, parsed.reading) : []),
        ...dataMismatches(label, step.data as StepData),
      ]
    : failure;
  return {
    file: p.file,
    version: p.version,
    country: p.country,
    labelled: label !== null,
    decoded: read?.text === p.text,
    parsed: Boolean((step.data as StepData).barcode),
    result: step.result,
    wrong,
  };
}

function parseArgs(argv: readonly string[]): { dir: string; json: boolean } {
  let dir = path.resolve("../shared/data/aamva");
  let json = false;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (arg === "--json") json = true;
    else if (arg === "--data" && argv[i + 1]) dir = path.resolve(argv[++i]!);
    else throw new Error(`unknown argument ${arg} (usage: --data DIR [--json])`);
  }
  return { dir, json };
}

const share = (right: number, total: number) =>
  `${right}/${total} (${((100 * right) / Math.max(1, total)).toFixed(1)} %)`;

async function main(): Promise<void> {
  const { dir, json } = parseArgs(process.argv.slice(2));
  if (!existsSync(path.join(dir, "labels.json"))) {
    console.log(`eval:aamva: ${dir} holds no labels.json; nothing to read`);
    return;
  }
  const payloads = listPayloads(dir);
  const now = new Date();
  const outcomes: Outcome[] = [];
  for (const p of payloads) {
    const o = await evaluate(p, now).catch((error: unknown): Outcome => ({
      ...p,
      labelled: p.label !== null,
      decoded: false,
      parsed: false,
      result: "CRASH",
      wrong: [String(error)],
    }));
    outcomes.push(o);
    if (!json)
      console.log(
        `${o.wrong.length ? "WRONG" : o.labelled ? "right" : "read "}  v${o.version} ${o.country}  ${o.file}  (${o.decoded ? "decoded exactly" : "NOT decoded exactly"}; step ${o.result})${o.wrong.map((w) => `\n    ${w}`).join("")}`,
      );
  }
  const group = (key: (o: Outcome) => string) => {
    const groups = new Map<string, { right: number; total: number }>();
    for (const o of outcomes.filter((x) => x.labelled)) {
      const g = groups.get(key(o)) ?? { right: 0, total: 0 };
      g.total++;
      if (!o.wrong.length) g.right++;
      groups.set(key(o), g);
    }
    return [...groups].sort(([a], [b]) => a.localeCompare(b, "en", { numeric: true }));
  };
  const labelled = outcomes.filter((o) => o.labelled);
  const right = labelled.filter((o) => !o.wrong.length).length;
  const summary = {
    material: dir,
    payloads: outcomes.length,
    decodedExactly: outcomes.filter((o) => o.decoded).length,
    readAsAamva: outcomes.filter((o) => o.parsed).length,
    labelled: labelled.length,
    everyLabelledFieldRight: right,
    byVersion: Object.fromEntries(group((o) => `v${o.version}`)),
    byCountry: Object.fromEntries(group((o) => o.country)),
    outcomes,
  };
  if (json) console.log(JSON.stringify(summary, null, 2));
  else {
    console.log(`\n${dir}: ${outcomes.length} payloads printed as PDF417 and sent through DOCUMENT_VERIFICATION`);
    console.log(`decoded byte for byte: ${share(summary.decodedExactly, outcomes.length)}`);
    console.log(`read as an AAMVA card by the step: ${share(summary.readAsAamva, outcomes.length)}`);
    console.log(`every labelled field right: ${share(right, labelled.length)} of the labelled payloads`);
    for (const [name, g] of [...group((o) => `v${o.version}`), ...group((o) => o.country)])
      console.log(`  ${name.padEnd(4)} ${share(g.right, g.total)}`);
  }
  await stopOcrEngine();
}

if (import.meta.url === `file://${process.argv[1]}`) {
  main().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
