// Test-only: synthetic US and Canadian driving licences and ID cards — an AAMVA DL/ID payload laid out as the
// standard says (header, subfile directory with true offsets, DL or ID subfile, a jurisdiction subfile), encoded as
// a PDF417 barcode with bwip-js on the back, and a front printing the same fields as a US/Canadian card does. No real
// person's data. Used by the barcode tests, the read-rate evaluation (tools/eval/barcodes.ts) and the benchmark.
import { createCanvas, loadImage } from "@napi-rs/canvas";
import bwipjs from "bwip-js/node";
import sharp from "sharp";
import { background, drawPortrait, field, seededRandom } from "@/test/document-images";

export { seededRandom };

export type Jurisdiction = { iin: string; code: string; name: string; country: "US" | "CA"; numberFormat: string };
// numberFormat: A = a letter, 9 = a digit, anything else as is
export const JURISDICTIONS: readonly Jurisdiction[] = [
  { iin: "636014", code: "CA", name: "CALIFORNIA", country: "US", numberFormat: "A9999999" },
  { iin: "636001", code: "NY", name: "NEW YORK", country: "US", numberFormat: "999999999" },
  { iin: "636015", code: "TX", name: "TEXAS", country: "US", numberFormat: "99999999" },
  { iin: "636012", code: "ON", name: "ONTARIO", country: "CA", numberFormat: "A9999-99999-99999" },
  { iin: "636028", code: "BC", name: "BRITISH COLUMBIA", country: "CA", numberFormat: "9999999" },
];

export type LicencePerson = {
  jurisdiction: Jurisdiction;
  kind: "DL" | "ID";
  surname: string;
  given: string;
  middle: string | null;
  /** ISO YYYY-MM-DD */
  birthDate: string;
  issueDate: string;
  expiryDate: string;
  sex: "M" | "F";
  number: string;
  street: string;
  city: string;
  postalCode: string;
};

const SURNAMES = ["HARRIS", "NGUYEN", "OKAFOR", "MARTINEZ", "OBRIEN", "KOWALSKI", "TREMBLAY", "WASHINGTON"];
const GIVEN_F = ["JAMIE", "MARIA", "AALIYAH", "ELODIE", "SUSAN", "PRIYA"];
const GIVEN_M = ["JOHN", "DEVON", "MIGUEL", "LIAM", "ROBERT", "HIROSHI"];
const MIDDLE = ["LEE", "ANN", "JAMES", "MARIE", null, null];
const STREETS = ["MAIN ST", "E OAK ST", "KING ST W", "24TH STREET", "MAPLE AVE", "ELM DR"];
const CITIES: Record<string, string[]> = {
  CA: ["SACRAMENTO", "FRESNO"],
  NY: ["ALBANY", "BUFFALO"],
  TX: ["AUSTIN", "EL PASO"],
  ON: ["TORONTO", "OTTAWA"],
  BC: ["VICTORIA", "KELOWNA"],
};
const pick = <T>(rng: () => number, list: readonly T[]): T => list[Math.floor(rng() * list.length)]!;
const iso = (d: Date) => d.toISOString().slice(0, 10);
const addDays = (d: Date, days: number) => new Date(d.getTime() + days * 86_400_000);

export function randomLicencePerson(
  rng: () => number,
  today: Date,
  options: { expired?: boolean } = {},
): LicencePerson {
  const jurisdiction = pick(rng, JURISDICTIONS);
  const sex = rng() < 0.5 ? "F" : "M";
  const number = [...jurisdiction.numberFormat]
    .map((c) =>
      c === "A" ? pick(rng, [..."ABCDEFGHJKLMNPRSTUVWXYZ"]) : c === "9" ? String(Math.floor(rng() * 10)) : c,
    )
    .join("");
  const birth = addDays(new Date(Date.UTC(1950, 0, 1)), Math.floor(rng() * 365 * 55));
  const issue = addDays(today, -30 - Math.floor(rng() * 1500));
  const expiry = options.expired ? addDays(today, -1 - Math.floor(rng() * 600)) : addDays(issue, 365 * 5 + 30);
  const postalCode =
    jurisdiction.country === "CA"
      ? `${pick(rng, [..."KLMNV"])}${Math.floor(rng() * 10)}${pick(rng, [..."ABCEGHJ"])} ${Math.floor(rng() * 10)}${pick(rng, [..."KLMNPR"])}${Math.floor(rng() * 10)}`
      : String(10000 + Math.floor(rng() * 89999));
  return {
    jurisdiction,
    kind: rng() < 0.75 ? "DL" : "ID",
    surname: pick(rng, SURNAMES),
    given: pick(rng, sex === "F" ? GIVEN_F : GIVEN_M),
    middle: pick(rng, MIDDLE),
    birthDate: iso(birth),
    issueDate: iso(issue),
    expiryDate: iso(expiry > issue ? expiry : addDays(today, -5)),
    sex,
    number,
    street: `${1 + Math.floor(rng() * 4000)} ${pick(rng, STREETS)}`,
    city: pick(rng, CITIES[jurisdiction.code]!),
    postalCode,
  };
}

const LF = "\n";
const RS = "\x1e";
const CR = "\r";

/** An AAMVA text from its subfiles, with the header and directory the standard lays out (versions 0–1: no jurisdiction version). */
export function aamvaText(iin: string, version: number, subfiles: { type: string; elements: [string, string][] }[]) {
  const bodies = subfiles.map((s) => s.type + s.elements.map(([d, v]) => d + v).join(LF) + CR);
  const head = `@${LF}${RS}${CR}ANSI ${iin}${String(version).padStart(2, "0")}${version >= 2 ? "00" : ""}${String(subfiles.length).padStart(2, "0")}`;
  let offset = head.length + subfiles.length * 10;
  const directory = subfiles.map((s, i) => {
    const entry = `${s.type}${String(offset).padStart(4, "0")}${String(bodies[i]!.length).padStart(4, "0")}`;
    offset += bodies[i]!.length;
    return entry;
  });
  return head + directory.join("") + bodies.join("");
}

const yyyymmdd = (d: string) => d.replace(/-/g, "");
const mmddyyyy = (d: string) => d.slice(5, 7) + d.slice(8, 10) + d.slice(0, 4);

/** The person's AAMVA payload: version 1 (DAA name, CCYYMMDD), 3 (DCS + DCT) or 8–10 (DCS/DAC/DAD). */
export function aamvaPayload(p: LicencePerson, version: 1 | 3 | 8 | 9 | 10 = 10): string {
  const us = p.jurisdiction.country === "US";
  const date = (d: string) => (us && version >= 2 ? mmddyyyy(d) : yyyymmdd(d));
  const names: [string, string][] =
    version === 1
      ? [["DAA", [p.surname, p.given, p.middle].filter(Boolean).join(",")]]
      : version === 3
        ? [
            ["DCS", p.surname],
            ["DCT", [p.given, p.middle].filter(Boolean).join(" ")],
          ]
        : [
            ["DCS", p.surname],
            ["DAC", p.given],
            ["DAD", p.middle ?? "NONE"],
          ];
  const zip = us ? `${p.postalCode}0000  ` : p.postalCode.replace(" ", "");
  return aamvaText(p.jurisdiction.iin, version, [
    {
      type: p.kind,
      elements: [
        ["DAQ", p.number],
        ...names,
        ["DBA", date(p.expiryDate)],
        ["DBD", date(p.issueDate)],
        ["DBB", date(p.birthDate)],
        ["DBC", p.sex === "M" ? "1" : "2"],
        ["DAY", "BRO"],
        ["DAU", "070 IN"],
        ["DAG", p.street],
        ["DAI", p.city],
        ["DAJ", p.jurisdiction.code],
        ["DAK", zip],
        ["DCF", "X".repeat(4) + p.number.replace(/\W/g, "").slice(-6)],
        ["DCG", us ? "USA" : "CAN"],
      ],
    },
    { type: `Z${p.jurisdiction.code[0]}`, elements: [[`Z${p.jurisdiction.code[0]}A`, "OPTIONAL DATA"]] },
  ]);
}

/** A date as the card prints it: month first in the US, year first in Canada. */
export const printedCardDate = (p: LicencePerson, d: string) =>
  p.jurisdiction.country === "US" ? `${d.slice(5, 7)}/${d.slice(8, 10)}/${d.slice(0, 4)}` : d.replace(/-/g, "/");

export type DrawnLicence = { front: Buffer; back: Buffer; payload: string; person: LicencePerson };

/**
 * A card of 85.6 × 54 mm at 12 px/mm (1027 × 648). `front` overrides what the front prints (a forged front whose
 * name, birth date or number is not the barcode's); `version` chooses the payload's AAMVA version.
 */
export async function drawLicence(
  p: LicencePerson,
  options: {
    version?: 1 | 3 | 8 | 9 | 10;
    front?: Partial<Pick<LicencePerson, "surname" | "birthDate" | "number">>;
    portraitSeed?: number;
  } = {},
): Promise<DrawnLicence> {
  const w = 1027;
  const h = 648;
  const shown = { ...p, ...options.front };
  const front = createCanvas(w, h);
  const g = front.getContext("2d");
  background(g, w, h, p.jurisdiction.country === "US" ? 35 : 0, null);
  g.fillStyle = "#0b3d66";
  g.font = "bold 40px sans-serif";
  g.fillText(p.jurisdiction.name, 40, 62);
  g.font = "bold 28px sans-serif";
  g.fillText(p.kind === "DL" ? "DRIVER LICENSE" : "IDENTIFICATION CARD", 40, 100);
  const portrait = await loadImage(drawPortrait(options.portraitSeed ?? 1, 288, 372));
  g.drawImage(portrait, 40, 130, 288, 372);
  const x = 370;
  const rows: [string, string][] = [
    [p.kind === "DL" ? "DL" : "ID", shown.number],
    ["LN", shown.surname],
    ["FN", [p.given, p.middle].filter(Boolean).join(" ")],
    ["DOB", printedCardDate(p, shown.birthDate)],
    ["EXP", printedCardDate(p, p.expiryDate)],
    ["SEX", p.sex],
  ];
  rows.forEach(([label, value], i) => field(g, label, value, x, 140 + i * 64, 28));
  g.fillStyle = "#000";
  g.font = "bold 24px sans-serif";
  g.fillText(p.street, x, 560);
  g.fillText(`${p.city}, ${p.jurisdiction.code} ${p.postalCode}`, x, 592);

  const payload = aamvaPayload(p, options.version);
  const back = await drawBack(payload, {
    hue: p.jurisdiction.country === "US" ? 35 : 0,
    printed: `ISS ${printedCardDate(p, p.issueDate)}   CLASS C   RESTR NONE`,
  });
  return { front: front.toBuffer("image/png"), back, payload, person: p };
}

/**
 * The back of a card (1027 × 648) carrying `payload` as its PDF417 barcode, bytes as Latin-1 characters: what
 * drawLicence prints, and what tools/eval/aamva.ts prints for real payloads.
 */
export async function drawBack(payload: string, options: { hue?: number; printed?: string } = {}): Promise<Buffer> {
  const w = 1027;
  const h = 648;
  const backCanvas = createCanvas(w, h);
  const b = backCanvas.getContext("2d");
  background(b, w, h, options.hue ?? 35, null);
  b.fillStyle = "#333";
  b.font = "20px sans-serif";
  if (options.printed) b.fillText(options.printed, 40, 50);
  // columns and rowmult are PDF417 options bwip-js passes through; its types list only the common ones
  const code: Buffer = await (bwipjs.toBuffer as unknown as (options: Record<string, unknown>) => Promise<Buffer>)({
    bcid: "pdf417",
    text: payload,
    binarytext: true,
    // wider for long payloads (real ones run to ~1 kB with a jurisdiction's encrypted elements): kept on the card
    columns: Math.min(30, Math.max(13, Math.ceil(payload.length / 60))),
    eclevel: 4,
    scale: 3,
    rowmult: 3,
    backgroundcolor: "FFFFFF",
    paddingwidth: 8,
    paddingheight: 8,
  });
  const { width: cw = 0, height: ch = 0 } = await sharp(code).metadata();
  // AAMVA places the barcode across most of the back: ~ 75 mm wide here
  const target = Math.round(w * 0.88);
  const codeImage = await loadImage(await sharp(code).resize({ width: target, kernel: "nearest" }).png().toBuffer());
  b.drawImage(codeImage, Math.round((w - target) / 2), 90, target, Math.round((ch * target) / cw));
  return backCanvas.toBuffer("image/png");
}
