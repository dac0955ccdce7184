import "server-only";
import type { ParseResult } from "mrz";
import sharp from "sharp";
import type { Page } from "tesseract.js";
import type { MrzFormat } from "./icao";
import type { Grey, ShapeLookup } from "./glyphs";
import { candidateOf, certainFault, choose, nameLength, settled, shapeLookup, type Candidate } from "./mrz-candidates";
import { estimateSkew, locateMrzBand, locateMrzBandIn, paddleBandLines, SKEW_RANGE, type Band } from "./mrz-band";
import { withoutSpecks } from "./despeckle";
import { compact, pickMrzLines, readingHolds } from "./mrz-lines";
import { boxedReading, gridCandidate, type BoxedReading } from "./glyph-grid";
import { visaZerosByOwnPrint } from "./own-print";
import { lettersCorroborated, namedByVariants } from "./letter-arbiter";
import { cellLookup, lettersByTwoLooks, type LookedLetter } from "./name-glyphs";
import { outvotedNameLine, type Source } from "./name-line-votes";
import { codesByVariants } from "./code-votes";
import { paddleCandidate, pairedCandidate, paddleSettles, secondLetterReading } from "./paddle-readings";
import { greyBand, MAX_VARIANTS, MRZ_VARIANTS, thresholdLevel, toPgm, workingWidth } from "./mrz-variants";
import { RecognitionStopped, type OcrEngine } from "@/lib/engines/documents/ocr/ocr-engine";
import { paddleLinesOrNull, type PaddleLine } from "@/lib/engines/documents/ocr/paddle-engine";
import type { PrintedZone } from "@/lib/engines/documents/ocr/printed-zone";
import { stage } from "@/lib/engines/documents/stage-times";

// The parts live by reason: mrz-band.ts (where), mrz-variants.ts (how the band is prepared), mrz-candidates.ts
// (readings and the choice), mrz-certainty.ts (when a wrong check digit is certain); this file runs them in order.

// Reading the machine-readable zone of one side of a document.
//  1. Locate: the page OCR (already run for the printed fields) finds the MRZ as long upper-case lines (with room
//     above for a line it could not read when it found fewer than three). Without such lines, the bottom 40 % of
//     the image is read (where TD1/TD2/TD3 put it) — unless PaddleOCR's reading of the whole image, then made first,
//     shows level MRZ lines above that guess (two sides scanned one above the other): then their band is.
//  2. Deskew: by the baseline angle of the MRZ lines the page OCR found; where it found none, by the band's own
//     estimate (the rotation that makes the horizontal projection of the dark strokes sharpest, ±5° in 0.2° steps).
//     Where PaddleOCR's whole-image reading finds the zone tilted by more than that (SKEW_RANGE: a photographed
//     page), no tesseract variant is tried — each would read a band still tilted — and step 3b reads the whole
//     image first (PaddleOCR straightens each line it finds).
//  2b. Narrow and scale: to the MRZ lines' own width when the page OCR read them whole (a card's two sides
//     photographed side by side), and to a working character height (MRZ_CHAR_HEIGHT, mrz-variants.ts).
//  3. Read: several preprocessing variants of the band (thresholds of the normalised grey, unsharp mask, CLAHE, 1.5×
//     enlargement …; one with more than 180 specks is handed over without them, despeckle.ts) through the legacy
//     engine with an A–Z 0–9 < whitelist (ocr-engine.ts), in an order measured
//     on the evaluation set. Every reading is repaired (mrz-repair.ts: only where the ICAO field type and the check
//     digits agree; the document number's look-alikes by the OCR-B shapes of its glyphs, cut out of the band at
//     the boxes tesseract gives each character, glyphs.ts) and the reading stops as soon as one is fully valid,
//     or when variants agree on a reading whose only fault is a check digit (certainFault). Otherwise a
//     character-wise vote over all readings is tried.
//  3b. Fallback: when no variant gives a fully valid reading (and none is a certain fault), PaddleOCR's reading
//     (paddle-engine.ts) of the straightened band — started beside the variants after the first one (not at all
//     when the first reading holds with its letters printed on the page: lettersCorroborated), read once and shared
//     with step 5 — then (when it read the first line in pieces or not at all) the whole image; its reading is
//     taken only when it is fully check-digit valid after repair, so a document whose check digit is really wrong
//     still cannot be "read" as valid. Where neither of its two readings holds alone, they are combined where they
//     differ, the check digits choosing between them (pairedCandidate, paddle-readings.ts).
//      A reading still unsettled after PADDLE_SETTLES_FROM variants has the whole image's reading (when the band's
//      does not hold alone) and the caller's enlarged page started then, beside the variants still to come, rather
//      than after them (onLongReading): the same readings, earlier.
//  3c. Last resort, when neither a variant's reading nor PaddleOCR's holds: the zone read on its fixed pitch
//     (glyph-grid.ts, grid-decode.ts), taken only when it holds and its check digits told every near character apart.
//  4. Choose: a fully valid reading first, then the one most variants agree on, then the most valid fields.
//     `agreement` (how many variants produced exactly the chosen lines) and `variants` tell the rules how certain
//     the reading is: a failing check digit declines a document only when the reading is certain (decide.ts).
//  5. Letters (issue 32): where the chosen reading holds, PaddleOCR's reading of the band decides, glyph by glyph,
//     the letters no check digit covers (secondLetterReading) — unless the page prints them all as read. Past the
//     budget too, when that reading was started under it (it is then there, or nearly).
//  5a. A state code no check digit covers, still unknown after repair, where most tesseract variants read one known
//     code there: theirs (code-votes.ts).
//  5b. A visa's optional data, which no check digit covers: its O's and 0's told apart by the document's own print
//     (own-print.ts).
//  5c. The name line, which no check digit covers either: where nearly every other reading of the band (each variant's
//     text, PaddleOCR's) has a filler or nothing where the chosen reading has a letter, or a character where it has
//     none, theirs is taken (name-line-votes.ts): a letter doubled into the line's last filler, `PS` for `P<`.
//  5d. A name's letters by two looks at its glyph: where the glyph at tesseract's box and the cell on the zone's
//     fixed pitch both prefer another letter to the one read, it is proposed (`looked`, name-glyphs.ts: `SPECIHEN`'s
//     H → M), and examine-document.ts takes it in a word the page's name check could not read.
//  Stops (issue 35, fourth round of issue 32): the variants stop as soon as a reading holds (settled), a failing
//  reading is certain (certainFault), PaddleOCR's band reading, which arrives while they run, is fully valid and a
//  variant read its name line alike (paddleSettles: the fallback's answer, corroborated), or NO_TEXT_VARIANTS variants
//  in a row found no MRZ-shaped text at all — or the first found none where the whole image's PaddleOCR reading was
//  in hand already and step 3b's answer holds. The document's CPU budget (document-budget.ts) ends them too: no variant
//  starts past it, and one still being recognised is stopped RECOGNITION_GRACE_MS later (its worker terminated:
//  ocr-engine.ts); past it the rules are told (budget.spent) and say so.

export type MrzReading = {
  lines: string[];
  rawLines: string[];
  format: MrzFormat;
  result: ParseResult;
  repairs: string[];
  /** the band's vertical centre as a fraction of the image height (template matching: the MRZ is at the bottom) */
  position: number;
  confidence: number;
  /** preprocessing variants whose repaired reading is exactly `lines` (≥ 2: independent readings agree) */
  agreement: number;
  /** preprocessing variants read */
  variants: number;
  /** the OCR-B glyph scores of the name field's characters, where tesseract read the name (its character boxes) */
  nameGlyphs?: ShapeLookup;
  /** name letters both looks at the glyph prefer to those read: taken where the page prints no word (name-glyphs.ts) */
  looked?: LookedLetter[];
};

/**
 * Variants in a row that found no MRZ-shaped text at all (pickMrzLines: no two or three lines of MRZ length) after
 * which no further variant is tried: a band with no zone in it (an image without MRZ, a blurred card whose lines
 * the page OCR did not find) read nothing on every variant of the development halves (docs/accuracy.md, fourth
 * round), at up to 20 s of CPU; the most such variants before one that held there was two (a Hungarian scan).
 * PaddleOCR's band and whole-image readings still follow.
 */
export const NO_TEXT_VARIANTS = 3;
/** The variant after which PaddleOCR's band reading is first awaited and consulted (paddleSettles). */
export const PADDLE_SETTLES_FROM = 3;

/**
 * The tilt (degrees) up to which PaddleOCR's boxes locate the zone: a tilted line's box is its quadrilateral's upright
 * bounding box, as tall as the tilt makes it, and locateMrzBand's reach (six line heights) then takes in text far
 * above — measured on PassportEye's development images: a passport photographed at −15° had its band widened to
 * the top of the page, and its MRZ judged "not at the bottom". Tilted pages keep the guessed band (as before).
 */
const PADDLE_BAND_TILT = 3;

/** What the reader is told of the document's budget (document-budget.ts). */
export type ReadingBudget = { spent: boolean; over(): boolean; pastGrace(): boolean };

const noBudget = (): ReadingBudget => ({ spent: false, over: () => false, pastGrace: () => false });

/**
 * A reading that holds with every letter no check digit covers printed on the page too, the sex seen in its own glyph
 * where the page does not print it legibly (lettersCorroborated).
 */
const corroborated = (c: Candidate | null | undefined, zone: PrintedZone) =>
  !!c && readingHolds(c.result) && lettersCorroborated(c.format, c.lines, zone, c.shapes);

/**
 * The MRZ of one image, or null when no MRZ-shaped text is there. `page` is the page OCR of the same image;
 * `budget.spent` is set when the reading budget ran out before a reading held.
 */
export async function readMrz(
  engine: OcrEngine,
  image: Buffer,
  page: Page,
  zone: PrintedZone,
  budget: ReadingBudget = noBudget(),
  onLongReading?: () => void,
): Promise<MrzReading | null> {
  const { width = 0, height = 0 } = await sharp(image).metadata();
  if (!width || !height) return null;
  let band = locateMrzBand(page, width, height);
  // the page OCR found no MRZ line, so the band is a guess (the bottom of the image): PaddleOCR's reading of the
  // whole image (which the fallback below reads anyway when nothing holds) tells whether the zone lies above it — a
  // card's two sides one above the other has its MRZ in the middle (a 345-px Peruvian card, whose guessed band held
  // the back's barcode: 10 s of CPU on noise). Only then is the band moved, and only to level lines (PADDLE_BAND_TILT).
  // Measured on the development halves (docs/accuracy.md, "Locating the zone"): where the zone is inside the guess,
  // PaddleOCR's tighter band read worse (a Taiwanese surname lost its I) — the variants were measured on the guess.
  // PaddleOCR's boxes are not glyph heights: the band's character height stays unmeasured (charHeight 0).
  let whole: Promise<PaddleLine[] | null> | null = null;
  let tilted = false; // the zone PaddleOCR found lies at more than the band's deskew can straighten (SKEW_RANGE)
  if (!band.found) {
    whole = stage("MRZ: PaddleOCR whole image (locating the zone)", () => paddleLinesOrNull(image));
    const lines = await whole;
    const located = lines ? locateMrzBandIn(paddleBandLines(lines), width, height) : null;
    if (located?.found && located.top < band.top && Math.abs(located.angle) <= PADDLE_BAND_TILT)
      band = { ...located, charHeight: 0 };
    tilted = !!located?.found && Math.abs(located.angle) > SKEW_RANGE;
  }
  const at = await readAt(engine, image, band, zone, budget, whole, tilted, onLongReading);
  const { candidates, variants } = at;
  const chosen = choose(candidates, zone);
  if (!chosen) return null;
  const { agreement } = chosen;
  // the second reading of the letters: not started past the budget (the reading holds: nothing to send to review),
  // but once PaddleOCR's band reading is under way (started beside the variants, under the budget) the letters are
  // always arbitrated with it — it costs milliseconds then, and whether a name's letter was decided no longer
  // depends on how much CPU the page's other readings took first (a Japanese specimen's GAIHU/GAIMU, docs/accuracy.md)
  const read =
    chosen.best.variant === "paddleocr"
      ? namedByVariants(chosen.best, candidates)
      : !at.paddleStarted() && (budget.over() || corroborated(chosen.best, zone))
        ? chosen.best
        : await stage("MRZ: PaddleOCR letters", async () =>
            secondLetterReading(
              chosen.best,
              await at.readBand(),
              zone,
              candidates,
              cellLookup(at.grey, at.boxed, chosen.best.format),
            ),
          );
  const coded = codesByVariants(read, candidates);
  const best = visaZerosByOwnPrint(at.grey, at.boxed, outvotedNameLine(coded, await at.otherReadings(coded)));
  return {
    lines: best.lines,
    rawLines: best.raw,
    format: best.format,
    result: best.result,
    repairs: best.repairs,
    position: (band.top + band.bottom) / 2 / height,
    confidence: best.confidence,
    agreement,
    variants,
    nameGlyphs: best.shapes,
    looked: lettersByTwoLooks(best, at.grey, at.boxed),
  };
}

/** What the band gave: its candidates, and PaddleOCR's reading of it. */
type BandReading = {
  candidates: Candidate[];
  variants: number;
  /** PaddleOCR's reading of the straightened band (started once, on first call) */
  readBand: () => Promise<PaddleLine[] | null>;
  paddleStarted: () => boolean;
  /** every reading's lines but `best`'s own source: the variants' texts, PaddleOCR's band and whole image if read */
  otherReadings: (best: Candidate) => Promise<Source[]>;
  /** the band in grey and its first boxed reading (step 3c): where a visa's 0 and O are told apart (own-print.ts) */
  grey: Grey;
  boxed: BoxedReading | null;
};

/** Steps 2–3b on the band: deskew, the tesseract variants, PaddleOCR's band reading, then the whole image's
 * (`whole`: already read to locate the band). */
async function readAt(
  engine: OcrEngine,
  image: Buffer,
  band: Band,
  zone: PrintedZone,
  budget: ReadingBudget,
  whole: Promise<PaddleLine[] | null> | null,
  tilted: boolean,
  onLongReading: (() => void) | undefined,
): Promise<BandReading> {
  const cropped = await sharp(image)
    .extract({
      left: band.left,
      top: band.top,
      width: band.right - band.left,
      height: Math.max(8, band.bottom - band.top),
    })
    .toBuffer();
  // the page OCR's baseline angle where it found the MRZ lines (measured better than the projection estimate on
  // the evaluation set), the band's own projection estimate where it did not
  const angle = band.found ? band.angle : await estimateSkew(cropped);
  const straight =
    Math.abs(angle) >= 0.1 ? await sharp(cropped).rotate(-angle, { background: "#ffffff" }).toBuffer() : cropped;
  // PaddleOCR reads the straightened band once, beside the tesseract variants: that one reading serves the fallback
  // when no variant holds and the letters when one does. It starts after the first variant, unless that variant's
  // reading holds with every letter no check digit covers printed on the page as well, the sex seen in its own glyph
  // where the page's is illegible (lettersCorroborated): such a reading needs neither, and a clean document is spared
  // PaddleOCR's CPU (issue 35)
  let paddleBand: Promise<PaddleLine[] | null> | null = null;
  const readBand = () =>
    (paddleBand ??= stage("MRZ: PaddleOCR band (beside the variants)", () => paddleLinesOrNull(straight)));
  const candidates: Candidate[] = [];
  let variants = 0;
  let certain = false;
  let paddleFrom: string | null = null; // which of PaddleOCR's readings the fallback candidate is
  // the band in grey, its characters brought to MRZ_CHAR_HEIGHT (where the page OCR measured them): the base of the
  // variants, and where the glyphs are cut out
  const work = workingWidth(band.right - band.left, band.charHeight);
  const base = await greyBand(straight, work);
  const grey: Grey = { data: base.data, width: base.width, height: base.height };
  const level = thresholdLevel(grey);
  let noText = 0;
  const texts: { source: string; lines: string[] }[] = [];
  let boxed: BoxedReading | null = null; // the first reading whose zone tesseract boxed (3c)
  // 3b: PaddleOCR's band reading, then the whole image (PaddleOCR finds its own text lines, including one the band
  // cut off, and reads a small scan better at its own pixels than the band's crop: a 275-px specimen passport). A
  // first line read in pieces (padded back: paddleTexts) may have lost a name word at the band's edge: then the whole
  // image is read as well, the longer name kept. The whole image at most once, past the budget too (docs/accuracy.md,
  // fourth round: an Australian photo's given name); a tilted zone's first, read already to find it.
  const wholeInHand = whole !== null;
  // whether the whole image's reading is one the reading asked for (to locate the zone, or the fallback's): one
  // started only ahead of the fallback (below) and then not needed is no other reading of the zone (otherReadings)
  let wholeAsked = wholeInHand;
  const wholeImage = () => {
    wholeAsked = true;
    return (whole ??= paddleLinesOrNull(image));
  };
  const paddleFallback = async (): Promise<{ c: Candidate; from: string } | null> => {
    let found: { c: Candidate; padded: boolean; from: string } | null = null;
    for (const from of tilted ? [WHOLE, BAND] : [BAND, WHOLE]) {
      const c = await stage("MRZ: PaddleOCR fallback", async () =>
        paddleCandidate(
          await (from === BAND ? readBand() : wholeImage()),
          zone,
          candidates.find((k) => k.shapes),
        ),
      );
      if (c && (!found || nameLength(c.c) > nameLength(found.c))) found = { ...c, from };
      if (found && !found.padded) break;
    }
    if (found) return found;
    // neither holds alone: the two readings combined where they differ, the check digits choosing (pairedCandidate)
    const paired = pairedCandidate(await readBand(), await wholeImage(), zone);
    return paired ? { c: paired, from: PAIR } : null;
  };
  // A reading still unsettled after PADDLE_SETTLES_FROM variants has up to four more to go, one after another on the
  // MRZ worker, with the second core mostly idle (docs/benchmarks.md, "A long reading's other work started beside
  // it"): what its end will need is started now, beside them, rather than after them. The whole image, when the
  // band's reading does not hold alone (or holds padded: paddleFallback then reads the whole image as well); the
  // caller's own (`onLongReading`: the enlarged page the name check may ask for). What they read is the same either
  // way; only when it is read changes.
  const aheadOfALongReading = (band: PaddleLine[] | null) => {
    const own = paddleCandidate(
      band,
      zone,
      candidates.find((k) => k.shapes),
    );
    if (!whole && (!own || own.padded))
      whole = stage("MRZ: PaddleOCR whole image (ahead of the fallback)", () => paddleLinesOrNull(image));
    onLongReading?.();
  };
  let early: { c: Candidate; from: string } | null = null;
  // a zone tilted past SKEW_RANGE is read by PaddleOCR alone: the variants would read a band still tilted
  for (const { name, prep } of MRZ_VARIANTS.slice(0, tilted ? 0 : MAX_VARIANTS)) {
    if (budget.over()) break;
    const pixels = await stage("MRZ: variant preprocessing", async () =>
      withoutSpecks(await prep(straight, base, work, level), grey.width),
    );
    const ocr = await stage("MRZ: tesseract variant", () =>
      engine.readMrz(toPgm(pixels), { stopWhen: () => budget.pastGrace() }).catch(stopped),
    );
    if (!ocr) break;
    variants += 1;
    texts.push({ source: name, lines: ocr.text.split("\n").map(compact) });
    const scale = pixels.width / grey.width;
    const c = candidateOf(name, ocr.text, ocr.confidence, zone, (picked) => shapeLookup(ocr, grey, scale, picked));
    if (c) candidates.push(c);
    boxed ??= boxedReading(ocr, scale);
    if (variants === 1 && !corroborated(c, zone)) void readBand();
    noText = c || pickMrzLines(ocr.text) ? 0 : noText + 1;
    // a first variant that read no MRZ text at all, where PaddleOCR's whole image is in hand already (read to locate
    // the zone, the page OCR having found none): PaddleOCR's readings, taken after NO_TEXT_VARIANTS blank variants
    // anyway, end the variants now when one holds (the German visa page: 2 s of tesseract per variant on noise)
    if (variants === 1 && noText === 1 && wholeInHand && (early = await paddleFallback())) break;
    if (settled(candidates)) break;
    // a reading two variants agree on whose only fault is one check digit (a document that carries a wrong one):
    // more variants would not change it, nor would PaddleOCR, whose reading counts only when fully valid
    if (candidates.length >= 2 && certainFault(candidates)) {
      certain = true;
      break;
    }
    if (noText >= NO_TEXT_VARIANTS) break;
    // from the third variant on, PaddleOCR's band reading (started after the first) is awaited and consulted after
    // each: whether it settles the reading then never depends on which of the two readers finished first
    if (variants >= PADDLE_SETTLES_FROM && paddleBand) {
      const lines = await stage("MRZ: waiting for PaddleOCR's band", () => paddleBand!);
      if (paddleSettles(lines, candidates, zone)) break;
      if (variants === PADDLE_SETTLES_FROM) aheadOfALongReading(lines);
    }
  }
  if (!settled(candidates) && !certain) {
    const fallback = early ?? (await paddleFallback());
    if (fallback) candidates.push(fallback.c);
    paddleFrom = fallback?.from ?? null;
  }
  // last (3c): where a reading holds, the grid's O/0, B/8 would only compete with it (docs/accuracy.md)
  const grid = !certain && boxed && (await gridCandidate(grey, boxed, zone, candidates));
  if (grid) candidates.push(grid);
  const textsOf = async (lines: Promise<PaddleLine[] | null> | null) =>
    ((await lines) ?? []).map((l) => compact(l.text.toUpperCase()));
  const otherReadings = async (best: Candidate) => {
    const own = best.variant === "paddleocr" ? paddleFrom : best.variant;
    const all = [...texts, { source: BAND, lines: await textsOf(paddleBand) }];
    return [...all, { source: WHOLE, lines: await textsOf(wholeAsked ? whole : null) }]
      .filter((t) => t.source !== own && t.lines.length)
      .map((t) => ({ lines: t.lines, paddle: t.source === BAND || t.source === WHOLE }));
  };
  return { candidates, variants, readBand, paddleStarted: () => !!paddleBand, otherReadings, grey, boxed };
}

const [BAND, WHOLE, PAIR] = ["paddleocr band", "paddleocr whole image", "paddleocr band and whole image"];

/** A recognition the budget stopped reads nothing (null); any other failure is the step's. */
function stopped(error: unknown): null {
  if (error instanceof RecognitionStopped) return null;
  throw error;
}
