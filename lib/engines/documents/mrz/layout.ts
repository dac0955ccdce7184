// Physical layouts of ICAO 9303 documents in millimetres (ICAO 9303-4 for TD3 passport data pages, 9303-5 for
// TD1 cards): the portrait and MRZ zones sit at known places. The test generator draws documents with these.

export type Box = { x: number; y: number; w: number; h: number };
export type Layout = { width: number; height: number; portrait: Box; mrz: Box };

export const TD3_LAYOUT: Layout = {
  width: 125,
  height: 88,
  // zone V: 32–45 mm high portrait at the left of the data page
  portrait: { x: 5, y: 14, w: 32, h: 42 },
  // zone VII: two lines in the bottom 23.2 mm
  mrz: { x: 0, y: 64.8, w: 125, h: 23.2 },
};

export const TD1_LAYOUT: Layout = {
  width: 85.6,
  height: 54,
  portrait: { x: 3.5, y: 11, w: 24, h: 31 },
  // back side: three lines in the bottom 17.9 mm
  mrz: { x: 0, y: 36.1, w: 85.6, h: 17.9 },
};

export const MRZ_PITCH_MM = 2.54; // OCR-B size 1: ten characters per inch
