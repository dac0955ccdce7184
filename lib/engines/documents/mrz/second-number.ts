import { withLines, type Candidate } from "./mrz-candidates";
import { LAYOUT, put, slice } from "./mrz-layout";
import { isVisa, readingHolds } from "./mrz-lines";
import { hasValue, type PrintedZone } from "@/lib/engines/documents/ocr/printed-zone";

// Two readers that both hold every check digit yet read the document number differently: the number's check digit
// and the composite weigh its positions alike (both start at weight 7), so one misread keeps both with a chance of
// one in ten, and the tesseract variants are tried one after another until one holds — the more were tried, the
// likelier the one that held did so by chance. Measured on the development halves at other sizes (docs/accuracy.md,
// "A second reader's document number"): `8000020282` for BD0002028 (a Hungarian passport at 0.85×), `KBDOOOOOD3`
// for KB0000000 (an Estonian one at 1.15×), `WOZ75722` for a Peruvian 70275722 at 0.95×, each the only variant that
// read that number, while PaddleOCR's band reading, one try, held with the printed number.

/**
 * `best` (a tesseract variant's reading that holds) with the document number, its check digit and the composite of
 * `second` (PaddleOCR's band reading, which holds too), where the two readings differ nowhere else but in letters
 * (which arbitrateLetters weighs next) and nothing backs the variant's number: it is not printed on the page, and
 * no other reading of the band (another variant, the zone read on its grid) has it. Otherwise `best` unchanged.
 */
export function secondReadersNumber(
  best: Candidate,
  second: Candidate,
  others: readonly Candidate[],
  zone: PrintedZone,
): Candidate {
  if (second.format !== best.format || !readingHolds(best.result) || !readingHolds(second.result)) return best;
  const l = LAYOUT[best.format];
  const span = l.number;
  const own = slice(best.lines, span);
  const theirs = slice(second.lines, span);
  if (own === theirs || best.lines.length !== second.lines.length) return best;
  // the number with its check digit, and (not on a visa, which has none) the composite
  const [line, start, length] = span;
  const mayDiffer = (li: number, i: number) =>
    (li === line && i >= start && i <= start + length) ||
    (!isVisa(best.lines) && li === l.composite[0] && i === l.composite[1]);
  const isLetter = (c: string | undefined) => !!c && c >= "A" && c <= "Z";
  for (let li = 0; li < best.lines.length; li++) {
    const [a, b] = [best.lines[li]!, second.lines[li]!];
    if (a.length !== b.length) return best;
    for (let i = 0; i < a.length; i++)
      if (a[i] !== b[i] && !mayDiffer(li, i) && !(isLetter(a[i]) && isLetter(b[i]))) return best;
  }
  if (hasValue(zone, own.replace(/</g, ""), true)) return best;
  const backed = others.some(
    (c) => c !== best && c.variant !== "paddleocr" && c.format === best.format && slice(c.lines, span) === own,
  );
  if (backed) return best;
  let lines = put(best.lines, [line, start, length + 1], slice(second.lines, [line, start, length + 1]));
  if (!isVisa(best.lines))
    lines = put(lines, [l.composite[0], l.composite[1], 1], second.lines[l.composite[0]]![l.composite[1]]!);
  return (
    withLines(
      best,
      lines,
      `document number ${own} → ${theirs} (PaddleOCR's reading holds too; no other reading nor the page has ${own})`,
    ) ?? best
  );
}
