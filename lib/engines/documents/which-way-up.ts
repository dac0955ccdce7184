import "server-only";
import sharp from "sharp";
import type { Page } from "tesseract.js";
import { ocrEngine, type OcrEngine } from "@/lib/engines/documents/ocr/ocr-engine";
import { across, pageDirection } from "@/lib/engines/documents/mrz/mrz-band";
import { documentBudget, type DocumentBudget } from "@/lib/engines/documents/document-budget";
import { stage } from "@/lib/engines/documents/stage-times";

// Which way up a document side is (issue 32): a page sent sideways or upside down (a scanner fed the wrong way, a phone
// photo without an orientation tag) is read turned upright, by the way its page OCR reads its text.

// Page OCR cost grows with pixels; above this width text is already large enough for the LSTM model.
export const PAGE_MAX_WIDTH = 1600;

/** Degrees a side was turned clockwise before it was read (0: read as sent). */
export type Turn = 0 | 90 | 180 | 270;

/** One side as read: its page OCR, the image the MRZ is read from (scaled), and the side itself, turned upright. */
export type SideRead = { page: Page; image: Buffer; upright: Buffer; turn: Turn };

export async function readPage(engine: OcrEngine, image: Buffer, turn: Turn = 0): Promise<SideRead> {
  const { width = 0 } = await sharp(image).metadata();
  const scaled = width > PAGE_MAX_WIDTH ? await sharp(image).resize({ width: PAGE_MAX_WIDTH }).png().toBuffer() : image;
  return { page: await engine.readPage(scaled), image: scaled, upright: image, turn };
}

/** The side turned clockwise by `turn` (lossless: a JPEG is not encoded again), then read. */
async function readTurned(engine: OcrEngine, side: Buffer, turn: Turn): Promise<SideRead> {
  const turned = await sharp(side).rotate(turn).png({ compressionLevel: 1 }).toBuffer();
  return readPage(engine, turned, turn);
}

/**
 * The long side (px) a small side is enlarged to when it is looked at for its turn. Tesseract finds no line in the
 * 7-px characters of a 400-px passport photo, so on such a page no turn showed anything and a page sent upside down
 * stayed as sent. Chosen on the development sets (a scratch probe, 2026-12-01: the 40 images under 800 px of both
 * sets, each read as sent and turned 90°, 180° and 270°): enlarged to 800 px, 37 read MRZ lines across upright and
 * none in a wrong turn (turned 90° most read their MRZ running down, 270° sideways, 180° nothing); at the size sent,
 * the ICAO and Japanese passports, the German visa and the Taiwanese passport read none across even upright, and
 * seven showed no direction turned 90°. Two read across at the size sent but not enlarged (a Hungarian passport, a
 * Dutch permit), and an enlarged reading takes 0.3–1.5 s on one core against 0.1–0.3 s at the size sent: so a side is
 * read at its own size first and looked at enlarged only when that reading showed no MRZ across (orientSide).
 */
const TURN_PROBE_MIN_SIDE = 800;

/**
 * A side photographed sideways or upside down, turned upright by the way the page OCR read its text (pageDirection).
 * MRZ lines across, or none but words read with confidence across (UPRIGHT_WORDS): as read, no further reading.
 * Otherwise the side is read again turned, the likeliest turn first, until a reading shows MRZ lines across
 * (seekAcross). Where none does and the side is small (under TURN_PROBE_MIN_SIDE), it is looked at enlarged, as sent
 * and then turned the same way, and the turn whose enlarged look shows an MRZ across is read at the size the rest of
 * the examination reads. A small side whose reading showed nothing either way is looked at enlarged as sent before
 * any turn: upright after all, it needs no turned reading. When no turn shows an MRZ across (a blurred page whose MRZ
 * the page OCR does not find even upright), MRZ lines that ran down still decide (270°), a page whose text ran down
 * is taken the quarter turn whose reading has more confident words (tesseract reads upright text, and the other way
 * round as noise), and any other stays as it was sent. The extra readings are added to the document's budget, so a
 * page that was upright after all keeps the time it had for its MRZ.
 */
export async function orientSide(
  engine: OcrEngine,
  side: Buffer,
  read: SideRead,
  budget: DocumentBudget,
): Promise<SideRead> {
  const first = pageDirection(read.page);
  // no MRZ line, but words read with confidence across the page: upright text (a blurred zone), not noise
  if (first === "across" || (first === null && confidentWords(read.page) >= UPRIGHT_WORDS)) return read;
  const before = budget.used();
  try {
    const readings = new Map<Turn, SideRead>([[0, read]]);
    const readAt = async (turn: Turn) => {
      const turned = readings.get(turn) ?? (await stage(TURNED, () => readTurned(engine, side, turn)));
      readings.set(turn, turned);
      return turned;
    };
    // a small side: looked at enlarged when no reading at its own size shows its MRZ. As sent first, before any
    // turn, when its own reading showed nothing either way (first null): that is most often an upright page whose
    // characters are too small for the page OCR at its size (a 400-px passport photo), which the turns at its own
    // size would only read as noise three times over
    const size = await probeSize(side);
    const looks = new Map<Turn, Promise<Direction>>();
    const enlarged =
      size &&
      ((turn: Turn) => {
        const look =
          looks.get(turn) ?? stage(ENLARGED, () => readEnlarged(engine, side, turn, size)).then(pageDirection);
        looks.set(turn, look);
        return look;
      });
    if (enlarged && first === null && (await enlarged(0)) === "across") return read;
    const found = await seekAcross(first, async (turn) => pageDirection((await readAt(turn)).page));
    if (found !== null) return readings.get(found)!;
    if (enlarged) {
      const asSent = await enlarged(0);
      if (asSent === "across") return read;
      const turn = await seekAcross(asSent, enlarged);
      if (turn !== null) return await readAt(turn);
    }
    // no turn showed an MRZ across: MRZ lines running down are evidence enough of their quarter turn
    if (first === "down") return readings.get(270) ?? read;
    if (first !== "sideways") return read;
    const [a, b] = [readings.get(270), readings.get(90)];
    return a && b && confidentWords(b.page) > confidentWords(a.page) ? b : (a ?? read);
  } finally {
    budget.extend(budget.used() - before);
  }
}

type Direction = ReturnType<typeof pageDirection>;
const TURNED = "page OCR, turned (which way up)";
const ENLARGED = "page OCR, enlarged (which way up)";

/**
 * The turn whose reading shows MRZ lines across, looked for from the direction of the side as sent: MRZ lines running
 * down are a page turned 90° clockwise (turned back by 270°); text running down without them is a page on its side
 * either way (270°, then 90°); neither, most likely upside down (180°, then 270° and 90°). A turned reading whose MRZ
 * or text runs down leads on the same way from that turn; each turn is looked at once, as sent (0) not again.
 * Null: none.
 */
async function seekAcross(first: Direction, look: (turn: Turn) => Promise<Direction>): Promise<Turn | null> {
  const looked = new Set<Turn>([0]);
  const queue: Turn[] = first === "down" ? [270] : first === "sideways" ? [270, 90] : [180, 270, 90];
  const quarter = (from: Turn, by: 90 | 270) => ((from + by) % 360) as Turn;
  for (let turn = queue.shift(); turn !== undefined; turn = queue.shift()) {
    if (looked.has(turn)) continue;
    looked.add(turn);
    const direction = await look(turn);
    if (direction === "across") return turn;
    // read turned, its MRZ runs down: upright a quarter turn further; its text on its side: either quarter turn
    if (direction === "down") queue.unshift(quarter(turn, 270));
    if (direction === "sideways") queue.push(quarter(turn, 270), quarter(turn, 90));
  }
  return null;
}

/** The size a small side is looked at (TURN_PROBE_MIN_SIDE on its long side), or null when it is large enough. */
async function probeSize(side: Buffer): Promise<{ width: number; height: number; scale: number } | null> {
  const { width = 0, height = 0 } = await sharp(side).metadata();
  const long = Math.max(width, height);
  return long > 0 && long < TURN_PROBE_MIN_SIDE ? { width, height, scale: TURN_PROBE_MIN_SIDE / long } : null;
}

/** The side turned clockwise by `turn` and enlarged (probeSize), read by the page OCR to find its turn only. */
async function readEnlarged(
  engine: OcrEngine,
  side: Buffer,
  turn: Turn,
  size: { width: number; height: number; scale: number },
): Promise<Page> {
  const width = Math.round((turn % 180 ? size.height : size.width) * size.scale);
  const image = await sharp(side).rotate(turn).resize({ width }).png({ compressionLevel: 1 }).toBuffer();
  return engine.readPage(image);
}

/**
 * The clockwise turn that makes a document side upright, by its page OCR as DOCUMENT_VERIFICATION reads it
 * (orientSide): 0 when it is upright already, or when its MRZ shows no way round. For LIVENESS's document match,
 * whose face detector cannot tell an upside-down portrait (lib/checks/liveness/liveness.ts).
 */
export async function uprightTurn(side: Buffer): Promise<Turn> {
  const engine = await ocrEngine();
  const budget = documentBudget();
  try {
    return (await orientSide(engine, side, await readPage(engine, side), budget)).turn;
  } finally {
    budget.end();
  }
}

/**
 * Confident words on lines across (UPRIGHT_WORDS) that show a page upright though its page OCR found no MRZ line,
 * so it is not read turned. Chosen on the development sets (a scratch count of the page OCR's words of confidence
 * ≥ 80 and three characters or more, all 40 images upright and turned, 2026-12-01): upright pages without an MRZ line
 * read 0–6, pages turned 180° 0–3. Without it a blurred upright photo paid three turned readings (~3.5 s on a
 * generated passport photo, whose reading budget then ran out one variant short).
 */
const UPRIGHT_WORDS = 5;

/** Words the page OCR is sure of on lines across (confidence ≥ 80, three letters or digits at least). */
function confidentWords(page: Page): number {
  return (page.blocks ?? [])
    .flatMap((b) => b.paragraphs.flatMap((p) => p.lines))
    .filter(across)
    .flatMap((l) => l.words)
    .filter((w) => w.confidence >= 80 && (w.text.match(/[\p{L}\p{N}]/gu)?.length ?? 0) >= 3).length;
}
