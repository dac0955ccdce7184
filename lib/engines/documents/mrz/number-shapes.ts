import type { MrzFormat } from "./icao";
import type { ShapeLookup } from "./glyphs";
import { compositeHolds, fieldHolds, LAYOUT, put, slice } from "./mrz-layout";

// The document number read by the OCR-B shapes of its glyphs (mrz-repair.ts asks): among the numbers whose check
// digits hold, the one the glyphs cut out at tesseract's boxes (glyphs.ts) support clearly best.

// A character is an alternative at a position when its shape scores within this much of the best one there.
export const SHAPE_SPREAD = 0.15;
// The chosen number's summed shape score must beat every other number that keeps the check digits by this much.
export const SHAPE_MARGIN = 0.03;

/**
 * The document number the glyph shapes support best among those whose own check digit AND the composite hold (or,
 * when none does, exactly one of them, and only when clearly better supported than the number read), or null when
 * no such number exists or two come within SHAPE_MARGIN of each other. Alternatives per position: the
 * character read and the shapes within SHAPE_SPREAD of the best-looking one (at most 3). As in the swap repair, a
 * number whose check digit is really wrong cannot become valid: the composite weighs the number's positions like
 * the number's own check digit, so any change that fixes one breaks the other.
 */
export function resolveByShape(format: MrzFormat, lines: string[], shapeAt: ShapeLookup): string[] | null {
  const span = LAYOUT[format].number;
  // a filler where the number's check digit stands: a TD1 number longer than nine characters runs on into the
  // optional data with its check digit there (ICAO 9303-5), or a pre-ICAO card; this field's digit cannot judge it
  if (!/\d/.test(lines[span[0]]![span[1] + span[2]] ?? "")) return null;
  // the number's characters and, last, its check digit
  const read = slice(lines, [span[0], span[1], span[2] + 1]);
  const shapes = [...read].map((_, i) => shapeAt(span[0], span[1] + i));
  if (shapes.slice(0, -1).filter(Boolean).length < span[2] - 2) return null;
  const nearOf = (i: number, allowed: (c: string) => boolean) => {
    const ch = read[i]!;
    const scores = shapes[i];
    if (!scores || ch === "<") return [ch];
    const best = Math.max(...[...scores].filter(([c]) => allowed(c)).map(([, v]) => v));
    const near = [...scores]
      .filter(([c, v]) => allowed(c) && v >= best - SHAPE_SPREAD)
      .sort((a, b) => b[1] - a[1])
      .slice(0, 3)
      .map(([c]) => c);
    return near.includes(ch) ? near : [ch, ...near.slice(0, 2)];
  };
  const options = [...read].slice(0, -1).map((_, i) => nearOf(i, () => true));
  const score = (value: string) => [...value].reduce((sum, ch, i) => sum + (shapes[i]?.get(ch) ?? 0), 0);
  // `digit`: the check digit's own alternatives too (else it stays as read)
  const rank = (holds: (candidate: string[]) => boolean, digit: readonly string[] = [read.at(-1)!]) => {
    const ranked: { lines: string[]; value: string; score: number }[] = [];
    const walk = (i: number, prefix: string) => {
      if (i === options.length) {
        for (const d of digit) {
          const candidate = put(lines, [span[0], span[1], span[2] + 1], prefix + d);
          if (holds(candidate)) ranked.push({ lines: candidate, value: prefix + d, score: score(prefix + d) });
        }
        return;
      }
      for (const ch of options[i]!) walk(i + 1, prefix + ch);
    };
    walk(0, "");
    return ranked.sort((a, b) => b.score - a.score);
  };
  const both = (candidate: string[]) => fieldHolds(candidate, span) && compositeHolds(format, candidate);
  let ranked = rank(both);
  // no number keeps both digits as read: its check digit may be misread as well — the same misreading twice (a
  // Czech passport at 0.75×: `99009054<4` read `99009056<6`, both 4s as 6s, and the composite still holds). Then
  // the check digit and one digit of the number read as the same digit are both read as the same other digit, the
  // one each glyph looks most like: a document printed with a wrong digit shows that digit's shape. Only that one
  // change: with more characters free, some number holds by chance (an Estonian `RBOOQQQQQ5` at 0.85× "held" as
  // `KBOITQTQQ3`, four letters changed, and ended the reading early on the wrong lines)
  let withDigit = false;
  if (ranked.length === 0) {
    const topOf = (i: number) => (shapes[i] ? [...shapes[i]!].sort((a, b) => b[1] - a[1])[0]?.[0] : undefined);
    const last = read.length - 1;
    const twice = (value: string) => {
      const changed = [...value].map((ch, i) => (ch === read[i] ? -1 : i)).filter((i) => i >= 0);
      return (
        changed.length === 2 &&
        changed[1] === last &&
        read[changed[0]!] === read[last] &&
        value[changed[0]!] === value[last] &&
        changed.every((i) => value[i] === topOf(i))
      );
    };
    ranked = rank(
      both,
      nearOf(last, (c) => /\d/.test(c)),
    ).filter((r) => twice(r.value));
    withDigit = ranked.length > 0;
  }
  // no number keeps both: one of the two digits is wrong on the document (or another field was misread), and the
  // reading stays invalid whichever number is taken. The number is then read as the shapes say among those that
  // keep exactly one digit — only when the shapes clearly prefer it to the number read, so a misread check digit
  // is never "compensated" by changing a number that was read right
  let relaxed = false;
  if (ranked.length === 0) {
    ranked = rank((candidate) => fieldHolds(candidate, span) !== compositeHolds(format, candidate));
    relaxed = true;
  }
  const [best, second] = ranked;
  if (!best || (second && best.score - second.score < SHAPE_MARGIN)) return null;
  if ((relaxed || withDigit) && best.score - score(read) < SHAPE_MARGIN) return null;
  return best.lines;
}
