// Test-only: synthetic identity documents drawn with the OCR-B font (Debian fonts-ocr-b) on @napi-rs/canvas —
// TD3 passport data pages and TD1 identity cards (front + back with the MRZ), with correct check digits unless
// told otherwise. Used by the document tests, the accuracy evaluation and the benchmark. No real person's data.
import { existsSync } from "node:fs";
import { createCanvas, GlobalFonts, type SKRSContext2D } from "@napi-rs/canvas";
import sharp from "sharp";
import { mrzStateOf } from "@/lib/engines/documents/mrz/icao";
import { MRZ_PITCH_MM, TD1_LAYOUT, TD3_LAYOUT, type Box } from "@/lib/engines/documents/mrz/layout";
import { cardDate, mrzLines, passportDate, seededRandom, type Person } from "@/test/document-people";
import { drawHardMrz, securityBackground } from "@/test/security-print";

// the people and their MRZ lines, for the importers that draw them
export {
  cardDate,
  ID_CARD_COUNTRIES,
  mrzLines,
  PASSPORT_COUNTRIES,
  passportDate,
  randomPerson,
  seededRandom,
  type Person,
} from "@/test/document-people";

const OCRB_PATHS = [process.env.OCRB_FONT, "/usr/share/fonts/opentype/ocr-b/OCRB.otf"].filter((p): p is string =>
  Boolean(p),
);
let fontReady = false;

export function registerOcrB(): void {
  if (fontReady) return;
  const file = OCRB_PATHS.find((p) => existsSync(p));
  if (!file)
    throw new Error(
      `The OCR-B font is missing (looked in ${OCRB_PATHS.join(", ")}): apt-get install fonts-ocr-b, or set OCRB_FONT to an OCRB.otf.`,
    );
  GlobalFonts.registerFromPath(file, "OCRB");
  fontReady = true;
}

/** A synthetic portrait (head, hair, eyes): varied by the seed so a swapped portrait really differs. */
export function drawPortrait(seed: number, width = 320, height = 420): Buffer {
  const rng = seededRandom(seed);
  const canvas = createCanvas(width, height);
  const g = canvas.getContext("2d");
  g.fillStyle = `hsl(${200 + rng() * 40}, 15%, ${82 + rng() * 10}%)`;
  g.fillRect(0, 0, width, height);
  const skin = `hsl(${20 + rng() * 15}, ${30 + rng() * 30}%, ${35 + rng() * 40}%)`;
  g.fillStyle = skin;
  g.fillRect(width * 0.38, height * 0.7, width * 0.24, height * 0.2);
  g.beginPath();
  g.ellipse(width / 2, height * 0.45, width * (0.26 + rng() * 0.06), height * (0.27 + rng() * 0.04), 0, 0, Math.PI * 2);
  g.fill();
  g.fillStyle = `hsl(${20 + rng() * 30}, 40%, ${10 + rng() * 40}%)`;
  g.beginPath();
  g.ellipse(width / 2, height * 0.26, width * 0.3, height * (0.1 + rng() * 0.08), 0, Math.PI, Math.PI * 2);
  g.fill();
  g.fillStyle = `hsl(${220 - rng() * 200}, 60%, 25%)`;
  g.fillRect(0, height * 0.88, width, height * 0.12);
  g.fillStyle = "#222";
  for (const side of [-1, 1]) {
    g.beginPath();
    g.ellipse(width / 2 + side * width * 0.1, height * 0.43, width * 0.03, height * 0.015, 0, 0, Math.PI * 2);
    g.fill();
  }
  g.strokeStyle = "#5a2a2a";
  g.lineWidth = 4;
  g.beginPath();
  g.arc(width / 2, height * 0.55, width * 0.07, 0.2 * Math.PI, 0.8 * Math.PI);
  g.stroke();
  return canvas.toBuffer("image/png");
}

export function background(g: SKRSContext2D, w: number, h: number, hue: number, hard: (() => number) | null): void {
  const grad = g.createLinearGradient(0, 0, w, h);
  grad.addColorStop(0, `hsl(${hue}, 40%, 93%)`);
  grad.addColorStop(1, `hsl(${hue + 40}, 45%, 92%)`);
  g.fillStyle = grad;
  g.fillRect(0, 0, w, h);
  g.strokeStyle = `hsla(${hue}, 35%, 45%, 0.16)`; // guilloche-like security background
  g.lineWidth = 1;
  for (let k = 0; k < h / 12; k++) {
    g.beginPath();
    for (let x = 0; x <= w; x += 10) {
      const y = 20 + k * 12 + 10 * Math.sin(x / 37 + k);
      if (x === 0) g.moveTo(x, y);
      else g.lineTo(x, y);
    }
    g.stroke();
  }
  if (hard) securityBackground(g, w, h, hue, hard);
}

async function drawImageAt(g: SKRSContext2D, png: Buffer, box: Box, scale: number): Promise<void> {
  const { loadImage } = await import("@napi-rs/canvas");
  g.drawImage(await loadImage(png), box.x * scale, box.y * scale, box.w * scale, box.h * scale);
}

/**
 * Prints the portrait into the page: a real photo (options.portrait) then lies under the page's own texture, the
 * gradient and guilloche (and the security print of the hard style) drawn over it at 30 %, as a portrait printed on
 * the data page shows through its security background. The generated portrait is drawn as before.
 */
async function printPortrait(
  g: SKRSContext2D,
  options: DrawOptions,
  box: Box,
  scale: number,
  page: { w: number; h: number; hue: number; hard: (() => number) | null },
): Promise<void> {
  await drawImageAt(g, await portraitImage(options, box, scale), box, scale);
  if (!options.portrait) return;
  g.save();
  g.beginPath();
  g.rect(box.x * scale, box.y * scale, box.w * scale, box.h * scale);
  g.clip();
  g.globalAlpha = 0.3;
  background(g, page.w, page.h, page.hue, page.hard);
  g.restore();
}

/** The page's portrait: options.portrait (a real photo, cover-cropped to the box's shape) or drawPortrait(seed). */
async function portraitImage(options: DrawOptions, box: Box, scale: number): Promise<Buffer> {
  if (!options.portrait) return drawPortrait(options.portraitSeed ?? 1);
  const width = Math.round(box.w * scale),
    height = Math.round(box.h * scale);
  return sharp(options.portrait).rotate().resize(width, height, { fit: "cover" }).removeAlpha().png().toBuffer();
}

function drawMrz(
  g: SKRSContext2D,
  lines: string[],
  zone: Box,
  scale: number,
  hard: (() => number) | null,
  hue: number,
): void {
  if (hard) return drawHardMrz(g, lines, zone, scale, hue, hard);
  g.fillStyle = "#fbfbfb";
  g.fillRect(zone.x * scale, zone.y * scale, zone.w * scale, zone.h * scale);
  g.fillStyle = "#000";
  const length = lines[0]!.length;
  g.font = "40px OCRB";
  const size = (40 * length * MRZ_PITCH_MM * scale) / g.measureText(lines[0]!).width;
  g.font = `${size.toFixed(1)}px OCRB`;
  const left = ((zone.w - length * MRZ_PITCH_MM) / 2) * scale;
  const lineGap = (zone.h * scale) / (lines.length + 0.6);
  lines.forEach((line, i) => g.fillText(line, left, zone.y * scale + lineGap * (i + 1) + size * 0.1));
}

export function field(g: SKRSContext2D, label: string, value: string, x: number, y: number, px: number): void {
  g.fillStyle = "#4a5a6a";
  g.font = `${Math.round(px * 0.6)}px sans-serif`;
  g.fillText(label, x, y);
  g.fillStyle = "#000";
  g.font = `bold ${px}px sans-serif`;
  g.fillText(value, x, y + px * 1.15);
}

/**
 * `style: "hard"`: a security print over the page and under the MRZ, and an MRZ drawn glyph by glyph in OCR-B
 * Sharp with jitter and ink spread (security-print.ts) — not the renderer of the reference glyphs.
 */
export type DrawOptions = {
  portraitSeed?: number;
  /** a photo (any format sharp decodes) printed as the portrait instead of drawPortrait(portraitSeed) */
  portrait?: Buffer;
  corrupt?: "document" | "birth" | "expiry" | "composite";
  style?: "reference" | "hard";
};
const hardRng = (options: DrawOptions) =>
  options.style === "hard" ? seededRandom(7919 * (options.portraitSeed ?? 1) + 1) : null;
/** Where the generator put each printed field (pixels), for tampering tests that paste over one. */
export type FieldBoxes = Record<
  "surname" | "given" | "birthDate" | "documentNumber",
  { x: number; y: number; w: number; h: number }
>;
export type DrawnDocument = {
  front: Buffer;
  back: Buffer | null;
  mrz: string[];
  person: Person;
  kind: "TD3" | "TD1";
  fields: FieldBoxes;
  scale: number;
};

/** A TD3 passport data page, 10 px/mm (1250 × 880). */
export async function drawPassport(p: Person, options: DrawOptions = {}): Promise<DrawnDocument> {
  registerOcrB();
  const scale = 10;
  const L = TD3_LAYOUT;
  const canvas = createCanvas(L.width * scale, L.height * scale);
  const g = canvas.getContext("2d");
  const hard = hardRng(options);
  background(g, canvas.width, canvas.height, 205, hard);
  g.fillStyle = "#1d3557";
  g.font = "bold 34px sans-serif";
  g.fillText("PASSPORT / PASSEPORT", 50, 70);
  await printPortrait(g, options, L.portrait, scale, { w: canvas.width, h: canvas.height, hue: 205, hard });
  const x = 420;
  const px = 26;
  const rows: [string, string][] = [
    ["Type / Code", `P   ${mrzStateOf(p.country)}`],
    ["Surname / Nom", p.surname],
    ["Given names / Prénoms", p.given],
    ["Nationality / Nationalité", mrzStateOf(p.nationality)],
    ["Date of birth / Date de naissance", passportDate(p.birthDate)],
    ["Sex / Sexe", p.sex],
    ["Passport No. / No. du passeport", p.documentNumber],
    ["Date of expiry / Date d'expiration", passportDate(p.expiryDate)],
  ];
  const boxes: Partial<FieldBoxes> = {};
  const keyOf: Record<number, keyof FieldBoxes> = { 1: "surname", 2: "given", 4: "birthDate", 6: "documentNumber" };
  rows.forEach(([label, value], i) => {
    const y = 130 + i * 62;
    field(g, label, value, x, y, px);
    const key = keyOf[i];
    if (key) boxes[key] = { x: x - 2, y: y + 6, w: Math.ceil(g.measureText(value).width) + 6, h: px + 8 };
  });
  const mrz = mrzLines(p, "TD3", options.corrupt);
  drawMrz(g, mrz, L.mrz, scale, hard, 205);
  return {
    front: canvas.toBuffer("image/png"),
    back: null,
    mrz,
    person: p,
    kind: "TD3",
    fields: boxes as FieldBoxes,
    scale,
  };
}

/** A TD1 identity card, 12 px/mm (1027 × 648): the front with portrait and fields, the back with address and MRZ. */
export async function drawIdCard(p: Person, options: DrawOptions = {}): Promise<DrawnDocument> {
  registerOcrB();
  const scale = 12;
  const L = TD1_LAYOUT;
  const w = Math.round(L.width * scale);
  const h = Math.round(L.height * scale);
  const front = createCanvas(w, h);
  const g = front.getContext("2d");
  const hard = hardRng(options);
  background(g, w, h, 150, hard);
  g.fillStyle = "#1b4332";
  g.font = "bold 30px sans-serif";
  g.fillText("IDENTITY CARD / CARTE D'IDENTITÉ", 40, 60);
  await printPortrait(g, options, L.portrait, scale, { w, h, hue: 150, hard });
  const x = 360;
  const px = 24;
  const rows: [string, string][] = [
    ["Surname / Nom", p.surname],
    ["Given names / Prénoms", p.given],
    ["Date of birth / Date de naissance", cardDate(p.birthDate)],
    ["Sex / Sexe", p.sex],
    ["Document No.", p.documentNumber],
    ["Date of expiry", cardDate(p.expiryDate)],
  ];
  const boxes: Partial<FieldBoxes> = {};
  const keyOf: Record<number, keyof FieldBoxes> = { 0: "surname", 1: "given", 2: "birthDate", 4: "documentNumber" };
  rows.forEach(([label, value], i) => {
    const y = 120 + i * 76;
    field(g, label, value, x, y, px);
    const key = keyOf[i];
    if (key) boxes[key] = { x: x - 2, y: y + 5, w: Math.ceil(g.measureText(value).width) + 6, h: px + 8 };
  });
  const back = createCanvas(w, h);
  const b = back.getContext("2d");
  background(b, w, h, 150, hard);
  field(b, "Address / Adresse", p.address ?? "", 40, 80, 24);
  field(b, "Nationality / Nationalité", mrzStateOf(p.nationality), 40, 170, 24);
  const mrz = mrzLines(p, "TD1", options.corrupt);
  drawMrz(b, mrz, L.mrz, scale, hard, 150);
  return {
    front: front.toBuffer("image/png"),
    back: back.toBuffer("image/png"),
    mrz,
    person: p,
    kind: "TD1",
    fields: boxes as FieldBoxes,
    scale,
  };
}
