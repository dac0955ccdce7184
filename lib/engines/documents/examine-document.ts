import "server-only";
import sharp from "sharp";
import type { Page } from "tesseract.js";
import { parseAamva, type AamvaReading } from "@/lib/engines/documents/barcode/aamva";
import {
  differenceHash,
  errorLevel,
  imageQuality,
  type Ela,
  type Quality,
} from "@/lib/engines/documents/forensics/image-forensics";
import { ocrEngine, type OcrEngine } from "@/lib/engines/documents/ocr/ocr-engine";
import { toNetpbm } from "@/lib/engines/documents/ocr/netpbm";
import {
  MIN_LEGIBLE_PAGE,
  printedAddress,
  printedZone,
  type PrintedZone,
} from "@/lib/engines/documents/ocr/printed-zone";
import { safeParse } from "@/lib/engines/documents/mrz/mrz-lines";
import {
  crossCheckName,
  nameFieldOf,
  type FieldGlyphs,
  repairedNameField,
  wantsPageAgain,
  type NameCheck,
} from "@/lib/engines/documents/mrz/name-crosscheck";
import { readPdf417, VARIANTS } from "@/lib/engines/documents/barcode/read-pdf417";
import { isMrzLike } from "@/lib/engines/documents/mrz/mrz-band";
import { readMrz, type MrzReading } from "@/lib/engines/documents/mrz/read-mrz";
import { withLookedLetters } from "@/lib/engines/documents/mrz/name-glyphs";
import { documentBudget, type DocumentBudget } from "@/lib/engines/documents/document-budget";
import { orientSide, PAGE_MAX_WIDTH, readPage, type SideRead, type Turn } from "@/lib/engines/documents/which-way-up";
import { stage } from "@/lib/engines/documents/stage-times";

// Everything the rules (decide.ts) need from the images, gathered once: page OCR of each side, the PDF417 barcode
// of a card (AAMVA), the MRZ, the printed zone, and the forensic signals of the front. Sharp's work (ELA, quality) runs on libuv threads while
// tesseract's run in its workers, so they overlap.

export type BarcodeEvidence = {
  side: "FRONT" | "BACK";
  reading: AamvaReading;
  /** the preprocessing that made it readable (read-pdf417.ts) */
  variant: string;
};

export type Examination = {
  mrz: MrzReading | null;
  mrzSide: "FRONT" | "BACK" | null;
  /** the AAMVA data of a card's PDF417 barcode; a card with one has no MRZ, so none is looked for */
  barcode?: BarcodeEvidence | null;
  /** a PDF417 barcode was decoded but holds no AAMVA DL/ID data: why */
  barcodeError?: string | null;
  backSubmitted?: boolean;
  zone: PrintedZone;
  /** the printed address, when a side has a labelled one */
  address: string | null;
  pageConfidence: number;
  /** the document's CPU budget ran out before an MRZ reading held (document-budget.ts) */
  mrzBudgetSpent?: boolean;
  /** the sides read turned upright (clockwise degrees), because their MRZ showed only that way (orientSide) */
  turned?: { side: "FRONT" | "BACK"; degrees: Turn }[];
  /** the MRZ name compared with the printed one (name-crosscheck.ts); null without an ICAO MRZ */
  nameCheck?: NameCheck | null;
  ela: Ela;
  quality: Quality;
  imageHash: string;
};

/**
 * A card's PDF417 barcode, back first. Cards only: a passport has none. A barcode that is not AAMVA data (some
 * other countries' cards carry their own formats) is reported, and the MRZ is still looked for.
 */
async function readCardBarcode(
  front: Buffer,
  back: Buffer | null,
): Promise<{ barcode: BarcodeEvidence | null; error: string | null }> {
  let error: string | null = null;
  // the front is tried only in case the sides were swapped, and only as it is and levelled: a photo without a
  // barcode costs every variant (~1 s on one core, docs/benchmarks.md)
  for (const [side, image, variants] of [
    ["BACK", back, VARIANTS],
    ["FRONT", front, VARIANTS.slice(0, 2)],
  ] as const) {
    if (!image) continue;
    const read = await readPdf417(image, variants);
    if (!read) continue;
    const parsed = parseAamva(read.text);
    if (parsed.ok) return { barcode: { side, reading: parsed.reading, variant: read.variant }, error: null };
    error = parsed.error;
  }
  return { barcode: null, error };
}

/**
 * `mrzFirst`: the side that normally carries the MRZ (the data page of a passport, the back of a card);
 * `barcode`: look for an AAMVA PDF417 (a US/Canadian card, or a card of an undeclared country).
 */
export async function examineDocument(
  front: Buffer,
  back: Buffer | null,
  mrzFirst: "FRONT" | "BACK",
  options: { barcode?: boolean } = {},
): Promise<Examination> {
  const engine = await ocrEngine();
  // started after the engine: its first start (loading the language data) is the process's, not the document's
  const budget = documentBudget();
  try {
    return await examineWithin(engine, budget, front, back, mrzFirst, options);
  } finally {
    budget.end();
  }
}

async function examineWithin(
  engine: OcrEngine,
  budget: DocumentBudget,
  front: Buffer,
  back: Buffer | null,
  mrzFirst: "FRONT" | "BACK",
  options: { barcode?: boolean },
): Promise<Examination> {
  const forensics = stage("forensics (ELA, quality, hash)", () =>
    Promise.all([errorLevel(front), imageQuality(front), differenceHash(front)]),
  );
  const [frontRead, backRead, card] = await Promise.all([
    stage("page OCR", () => readPage(engine, front)),
    back ? stage("page OCR", () => readPage(engine, back)) : null,
    options.barcode ? stage("PDF417 barcode", () => readCardBarcode(front, back)) : { barcode: null, error: null },
  ]);
  const sent = { FRONT: front, BACK: back };
  const reads: Record<"FRONT" | "BACK", SideRead | null> = { FRONT: frontRead, BACK: backRead };
  // the MRZ's side first (the other is read only when it shows none); a card whose barcode was read has no MRZ
  const order = (["FRONT", "BACK"] as const)
    .filter((side) => reads[side] !== null)
    .sort((a, b) => (a === mrzFirst ? -1 : b === mrzFirst ? 1 : 0));
  const orient = async (side: "FRONT" | "BACK") => {
    const read = reads[side]!;
    const oriented = await orientSide(engine, sent[side]!, read, budget);
    reads[side] = oriented;
    return oriented !== read;
  };
  if (!card.barcode) await orient(order[0]!);
  // US cards print dates month first (01/31/1970)
  const dateOrder =
    card.barcode && (card.barcode.reading.country ?? card.barcode.reading.jurisdiction?.country) === "US"
      ? "MDY"
      : "DMY";
  // the printed zone leaves the MRZ's own text out: it is what the MRZ is compared with
  const printed = (page: Page | undefined) =>
    (page?.text ?? "")
      .split("\n")
      .filter((line) => !isMrzLike(line))
      .join("\n");
  const words = (page: Page | undefined) =>
    (page?.blocks ?? []).flatMap((b) =>
      b.paragraphs.flatMap((p) =>
        p.lines
          .filter((l) => !isMrzLike(l.text))
          .flatMap((l) => l.words.map((w) => ({ text: w.text, confidence: w.confidence }))),
      ),
    );
  const pages = (again?: Page) => [reads.FRONT?.page, reads.BACK?.page, again].filter((p): p is Page => !!p);
  const zoneOf = (again?: Page) => printedZone(pages(again).map(printed), pages(again).flatMap(words), dateOrder);
  const confidenceOfPages = () => Math.min(...pages().map((p) => p.confidence));
  let zone = zoneOf();
  let pageConfidence = confidenceOfPages();
  // The name check (below) reads a small front again, enlarged, whenever a name word was found nowhere: on small
  // photos that is most of them (measured: 16 of 23 and 15 of 17 development specimens, docs/benchmarks.md). It runs
  // on the page worker, so it is started now, beside the MRZ reading on the MRZ worker, rather than after it —
  // unless the name as the page OCR itself read the MRZ is found whole on the page already: then it is most likely
  // not needed, and started only if the check asks for it after all (the same reading, later). Either way the
  // result is the same; only the CPU of a reading nobody uses is saved (issue 35).
  let enlarged: Promise<Page | null> | null = null;
  const readAgain = (when: string) =>
    (enlarged ??= stage(`page OCR again, enlarged (${when})`, () => readPageEnlarged(engine, reads.FRONT!.upright)));
  const guess = pageNameField(
    pages().map((p) => p.text),
    zone.words,
  );
  const likelyWanted =
    guess === null || wantsPageAgain(crossCheckName(guess, zone, pageConfidence >= MIN_LEGIBLE_PAGE));
  // not needed when every name word was read: its failure then is no one's (when needed, the await rethrows it)
  if (!card.barcode && likelyWanted) readAgain("beside the MRZ").catch(() => undefined);
  let mrz: MrzReading | null = null;
  let mrzSide: "FRONT" | "BACK" | null = null;
  for (const side of card.barcode ? [] : order) {
    // the first side that shows an MRZ, valid or not, is the one: a document has one MRZ, so the other side is
    // read only when this one showed none (sides swapped), turned upright first like the first
    if (side !== order[0] && (await orient(side))) {
      zone = zoneOf();
      pageConfidence = confidenceOfPages();
      if (side === "FRONT") enlarged = null; // read again from the front turned upright, if wanted
    }
    const read = reads[side]!;
    // a long MRZ reading (several variants, none settled) leaves the page worker idle: the enlarged page the name
    // check may ask for is read then, beside it, rather than after it (the same reading; read-mrz.ts)
    const beside = () => void readAgain("beside a long MRZ reading").catch(() => undefined);
    mrz = await stage("MRZ reading (all of it)", () => readMrz(engine, read.image, read.page, zone, budget, beside));
    if (mrz) {
      mrzSide = side;
      break;
    }
  }
  let nameCheck: NameCheck | null = null;
  const field = mrz && nameFieldOf(mrz.format, mrz.lines);
  if (mrz && field) {
    const shapes = mrz.nameGlyphs;
    const glyphs: FieldGlyphs | undefined = shapes && ((offset) => shapes(field.line, field.start + offset));
    nameCheck = crossCheckName(field.value, zone, pageConfidence >= MIN_LEGIBLE_PAGE, glyphs);
    // tesseract's page layout sometimes drops the name rows of a small photo (measured: a passport at 80 % size,
    // rotated 3°); the front read again enlarged usually has them. Used only when a name word was found nowhere
    // (started beside the MRZ reading above, or now if the page's own MRZ text suggested it would not be).
    if (wantsPageAgain(nameCheck)) {
      const again = await stage("waiting for the enlarged page OCR (name check)", () => readAgain("after the MRZ"));
      if (again) {
        zone = zoneOf(again);
        nameCheck = crossCheckName(field.value, zone, pageConfidence >= MIN_LEGIBLE_PAGE, glyphs);
      }
    }
    if (nameCheck.repaired) mrz = withName(mrz, field, repairedNameField(field.value, nameCheck), nameCheck.repairs);
    // a word the page does not print, read letter by letter from its glyph where two looks at it agree (name-glyphs.ts)
    const looked = withLookedLetters(field.value, field.start, mrz.looked ?? [], nameCheck);
    if (looked) {
      mrz = withName(mrz, field, looked.value, looked.repairs);
      nameCheck = crossCheckName(looked.value, zone, pageConfidence >= MIN_LEGIBLE_PAGE, glyphs);
    }
  }
  const [ela, quality, imageHash] = await stage("waiting for the forensics", () => forensics);
  return {
    mrz,
    mrzSide,
    mrzBudgetSpent: budget.spent,
    barcode: card.barcode,
    barcodeError: card.error,
    backSubmitted: back !== null,
    turned: order.flatMap((side) => (reads[side]!.turn ? [{ side, degrees: reads[side]!.turn }] : [])),
    zone,
    address: printedAddress(zone),
    pageConfidence,
    nameCheck,
    ela,
    quality,
    imageHash,
  };
}

/**
 * The MRZ's name field as the page OCR read it among the page's text (a guess for scheduling only, never a result):
 * a TD2/TD3 first line from position 5 (document code, state, then the name), else a TD1 name line. The page OCR
 * reads fillers as K and L too (DEVRIES<K<KANNA<KKLLL): a run of fillers with K and L in it separates words, so a
 * name word starting with K or L after a filler loses that letter (given back by the printed words, below).
 * The first line is looked for only as the first MRZ line of its page: a TD1 card's name line that starts with A, C,
 * I, P or V (ANDERSSON<K<KYUKI) would otherwise pass for one, its first five letters cut off. An extra filler read
 * before the name (P<D<K<MWANGI for P<D<<MWANGI) is passed over, and so is one read as a letter before the state
 * code, where the page prints the state code a place further on (P<KNLDDEVRIES: NLD printed, KNL not). With
 * `printed` (the printed zone's words), each word is taken as the printed word it is plainly the misreading of
 * (trimmedToPrinted).
 */
export function pageNameField(texts: readonly string[], printed?: ReadonlySet<string>): string | null {
  const pages = texts.map((t) =>
    t
      .split("\n")
      .map((l) => l.replace(/\s/g, ""))
      .filter(isMrzLike),
  );
  const first = pages.map((lines) => lines[0]).find((l) => l && /^[PVIAC][A-Z<][A-Z<]{3}<?[A-Z]{2,}</.test(l));
  // a filler read as a letter between the document code and the state (P<KNLDDEVRIES for P<NLDDEVRIES): the state
  // is the printed one a place further on, and the name starts after it, not with the state's last letter
  const shifted =
    !!first &&
    !!printed &&
    /[CKLS]/.test(first[2]!) &&
    printed.has(first.slice(3, 6)) &&
    !printed.has(first.slice(2, 5));
  const field = first
    ? first.slice(shifted ? 6 : 5)
    : pages.flat().find((l) => /^[A-Z]{2,}<[A-Z<]+$/.test(l) && !/\d/.test(l));
  if (!field) return null;
  const words = field.split(/<[KL<]*/).filter((w) => w.length > 0);
  const [surname, ...given] = printed ? trimmedToPrinted(words, printed) : words;
  return surname ? `${surname}<<${given.join("<")}<` : null;
}

/**
 * The page OCR's MRZ name words as the printed words they plainly misread, measured on the generated documents of
 * `tools/bench/checks-document.ts` and `tools/eval/documents.ts --set hard` (2026-12-06: 8 of 29 and 25 of 72 started
 * the enlarged reading beside the MRZ for nothing, most for one of these). Fillers are read as C, K, L, S, 0 or «:
 * - a word that holds a printed word with only such letters after it (`WILLOWCCLLLLLLLL`, `NWOSUK`, `MARCO0`,
 *   `HORVATHS`) and at most two before it (`SNWOSU`, `CINGRID`, `SKLOTTE`) is that printed word;
 * - a word that lost its first letter to the filler run before it (`OTTE` after `<K<KL`) is the printed word with it;
 * - a word of fillers only (`CCLLLLLLLKLKKL`, `kK`) is none, nor is a last word of one letter (`<S`, `<C` at the end).
 * A word no printed word explains stays as read.
 */
function trimmedToPrinted(words: readonly string[], printed: ReadonlySet<string>): string[] {
  const trimmed = words
    .filter((word) => word.length < 2 || !/^[CKLck0«]+$/.test(word))
    .map((word) => {
      if (printed.has(word)) return word;
      let found: string | null = null;
      for (const p of printed) {
        if (p.length < 3 || p.length >= word.length || (found && p.length <= found.length)) continue;
        const at = word.indexOf(p);
        if (at >= 0 && /^[CKLS0«]{0,2}$/.test(word.slice(0, at)) && /^[CKLS0«]*$/.test(word.slice(at + p.length)))
          found = p;
      }
      return found ?? ["K", "L"].map((letter) => letter + word).find((w) => printed.has(w)) ?? word;
    });
  return trimmed.length > 1 && trimmed.at(-1)!.length === 1 ? trimmed.slice(0, -1) : trimmed;
}

async function readPageEnlarged(engine: OcrEngine, image: Buffer): Promise<Page | null> {
  const { width = 0 } = await sharp(image).metadata();
  if (width === 0 || width > PAGE_MAX_WIDTH * 0.8) return null;
  const { data, info } = await sharp(image)
    .resize({ width: PAGE_MAX_WIDTH })
    .raw()
    .toBuffer({ resolveWithObject: true });
  const pixels = { data, width: info.width, height: info.height, channels: info.channels };
  // netpbm where it can carry the pixels (no alpha): no PNG to encode here and decode in tesseract (netpbm.ts)
  return engine.readPage(toNetpbm(pixels) ?? (await sharp(data, { raw: pixels }).png().toBuffer()));
}

/** The reading with its name field replaced (names carry no check digit: the other fields and digits are unchanged). */
function withName(
  mrz: MrzReading,
  field: { line: number; start: number },
  value: string,
  repairs: string[],
): MrzReading {
  const lines = mrz.lines.map((l, i) =>
    i === field.line ? l.slice(0, field.start) + value + l.slice(field.start + value.length) : l,
  );
  const result = safeParse(lines);
  return result ? { ...mrz, lines, result, repairs: [...mrz.repairs, ...repairs] } : mrz;
}
