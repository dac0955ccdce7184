// What an MP4/QuickTime file declares before anything is decoded, read from its ISO-BMFF boxes with every size
// checked against its parent: the picture sizes of its tracks (tkhd) and visual sample entries (avc1, hvc1, …),
// and whether a data reference (dref) points outside the file. Pure: no I/O, bounded work.

export type DeclaredMp4 = { dimensions: { width: number; height: number }[]; externalReference: boolean };

const CONTAINERS = new Set(["moov", "trak", "mdia", "minf", "stbl", "dinf", "edts", "mvex", "moof", "traf"]);
const VISUAL_ENTRIES = new Set([
  "avc1",
  "avc2",
  "avc3",
  "avc4",
  "hvc1",
  "hev1",
  "vp08",
  "vp09",
  "av01",
  "mp4v",
  "encv",
  "jpeg",
  "mjpa",
  "mjpb",
  "apcn",
  "apch",
  "ap4h",
  "dvh1",
  "dvhe",
]);
const MAX_BOXES = 10_000;

type Box = { type: string; start: number; body: number; end: number };

/** The boxes inside [from, to) of `bytes`; stops at the first malformed size (the rest is not trusted). */
export function* boxes(bytes: Buffer, from: number, to: number): Generator<Box> {
  let at = from;
  while (at + 8 <= to) {
    let size = bytes.readUInt32BE(at);
    const type = bytes.toString("latin1", at + 4, at + 8);
    let body = at + 8;
    if (size === 1) {
      if (at + 16 > to) return;
      const large = bytes.readBigUInt64BE(at + 8);
      if (large > BigInt(to - at)) return;
      size = Number(large);
      body = at + 16;
    } else if (size === 0) {
      size = to - at;
    }
    if (size < body - at || at + size > to) return;
    yield { type, start: at, body, end: at + size };
    at += size;
  }
}

export function declaredMp4Facts(bytes: Buffer): DeclaredMp4 {
  const facts: DeclaredMp4 = { dimensions: [], externalReference: false };
  let seen = 0;
  const walk = (from: number, to: number, depth: number) => {
    if (depth > 12) return;
    for (const box of boxes(bytes, from, to)) {
      if (++seen > MAX_BOXES) return;
      if (CONTAINERS.has(box.type)) walk(box.body, box.end, depth + 1);
      else if (box.type === "tkhd") readTrackHeader(bytes, box, facts);
      else if (box.type === "stsd") readSampleDescriptions(bytes, box, facts);
      else if (box.type === "dref") readDataReferences(bytes, box, facts);
    }
  };
  walk(0, bytes.length, 0);
  return facts;
}

/** tkhd ends with width and height as 16.16 fixed point (the presentation size of the track). */
function readTrackHeader(bytes: Buffer, box: Box, facts: DeclaredMp4) {
  if (box.end - box.body < 84) return;
  const width = bytes.readUInt32BE(box.end - 8) >>> 16;
  const height = bytes.readUInt32BE(box.end - 4) >>> 16;
  if (width || height) facts.dimensions.push({ width, height });
}

/** stsd: version/flags, entry count, then sample entries; a visual entry's width and height sit at byte 32/34. */
function readSampleDescriptions(bytes: Buffer, box: Box, facts: DeclaredMp4) {
  for (const entry of boxes(bytes, box.body + 8, box.end)) {
    if (!VISUAL_ENTRIES.has(entry.type) || entry.end - entry.start < 36) continue;
    facts.dimensions.push({
      width: bytes.readUInt16BE(entry.start + 32),
      height: bytes.readUInt16BE(entry.start + 34),
    });
  }
}

/** dref: every entry ('url ', 'urn ', 'alis') must carry the self-contained flag (1): the data is in this file. */
function readDataReferences(bytes: Buffer, box: Box, facts: DeclaredMp4) {
  for (const entry of boxes(bytes, box.body + 8, box.end)) {
    if (entry.end - entry.body < 4) {
      facts.externalReference = true;
      continue;
    }
    const flags = bytes.readUInt32BE(entry.body) & 0xffffff;
    if ((flags & 1) === 0) facts.externalReference = true;
  }
}
