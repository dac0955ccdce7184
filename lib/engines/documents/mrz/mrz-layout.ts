import { checkDigit, type MrzFormat } from "./icao";
import { isVisa } from "./mrz-lines";

// Where each format keeps its fields: [line, start, length]; check digits right after the field.
export type Span = [line: number, start: number, length: number];
export const LAYOUT: Record<
  MrzFormat,
  {
    number: Span;
    birth: Span;
    expiry: Span;
    name: Span;
    issuing: Span;
    nationality: Span;
    sex: Span;
    composite: [number, number];
    compositeOf: Span[];
  }
> = {
  TD3: {
    number: [1, 0, 9],
    birth: [1, 13, 6],
    expiry: [1, 21, 6],
    name: [0, 5, 39],
    issuing: [0, 2, 3],
    nationality: [1, 10, 3],
    sex: [1, 20, 1],
    composite: [1, 43],
    compositeOf: [
      [1, 0, 10],
      [1, 13, 7],
      [1, 21, 22],
    ],
  },
  TD2: {
    number: [1, 0, 9],
    birth: [1, 13, 6],
    expiry: [1, 21, 6],
    name: [0, 5, 31],
    issuing: [0, 2, 3],
    nationality: [1, 10, 3],
    sex: [1, 20, 1],
    composite: [1, 35],
    compositeOf: [
      [1, 0, 10],
      [1, 13, 7],
      [1, 21, 14],
    ],
  },
  TD1: {
    number: [0, 5, 9],
    birth: [1, 0, 6],
    expiry: [1, 8, 6],
    name: [2, 0, 30],
    issuing: [0, 2, 3],
    nationality: [1, 15, 3],
    sex: [1, 7, 1],
    composite: [1, 29],
    compositeOf: [
      [0, 5, 25],
      [1, 0, 7],
      [1, 8, 7],
      [1, 18, 11],
    ],
  },
};

export const slice = (lines: string[], [line, start, length]: Span) => lines[line]!.slice(start, start + length);
export const put = (lines: string[], [line, start, length]: Span, value: string) => {
  const out = [...lines];
  out[line] = out[line]!.slice(0, start) + value + out[line]!.slice(start + length);
  return out;
};
export const fieldHolds = (lines: string[], span: Span) =>
  checkDigit(slice(lines, span)) === lines[span[0]]![span[1] + span[2]];
export function compositeHolds(format: MrzFormat, lines: string[]): boolean {
  if (isVisa(lines)) return true; // a visa has no composite check digit (ICAO 9303-7)
  const l = LAYOUT[format];
  return checkDigit(l.compositeOf.map((s) => slice(lines, s)).join("")) === lines[l.composite[0]]![l.composite[1]];
}

export { LAYOUT as MRZ_LAYOUT };
