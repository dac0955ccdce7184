// Test-only: uploads an attacker would send — real files made by ffmpeg, then edited box by box.
import { spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { deflateSync } from "node:zlib";
import { boxes } from "@/lib/engines/video/mp4-boxes";
import { ffmpegPath } from "@/lib/engines/video/ffmpeg";

function ffmpegOut(args: string[]): Buffer {
  const out = spawnSync(ffmpegPath(), ["-hide_banner", "-loglevel", "error", ...args, "pipe:1"], {
    maxBuffer: 64 * 1024 * 1024,
  });
  if (out.status !== 0) throw new Error(`ffmpeg could not make the test video: ${out.stderr.toString().slice(-300)}`);
  return out.stdout;
}

/** A real 64×48 H.264 mp4 with its index (moov) at the end, as a phone writes it (mp4 needs a seekable output). */
export function smallMp4(seconds = 1): Buffer {
  const dir = mkdtempSync(path.join(os.tmpdir(), "openkyc-test-"));
  try {
    const file = path.join(dir, "v.mp4");
    const out = spawnSync(ffmpegPath(), [
      "-hide_banner",
      "-loglevel",
      "error",
      "-f",
      "lavfi",
      "-i",
      `testsrc=size=64x48:rate=10:duration=${seconds}`,
      "-c:v",
      "libx264",
      "-pix_fmt",
      "yuv420p",
      "-y",
      file,
    ]);
    if (out.status !== 0) throw new Error(`ffmpeg could not make the test mp4: ${out.stderr.toString().slice(-300)}`);
    return readFileSync(file);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** A long WebM (VP8, 16×16, one frame a second): a few kB that would keep a decoder busy for `seconds`. */
export function longWebm(seconds: number): Buffer {
  return ffmpegOut([
    "-f",
    "lavfi",
    "-i",
    `color=c=gray:size=16x16:rate=1:duration=${seconds}`,
    "-c:v",
    "libvpx",
    "-deadline",
    "realtime",
    "-b:v",
    "10k",
    "-f",
    "webm",
  ]);
}

/** A WebM whose header (EBML, DocType "webm") is valid and whose body is random bytes: a polyglot/fuzzed file. */
export function polyglotWebm(): Buffer {
  const header = Buffer.from("1a45dfa39f4286810142f7810142f2810442f381084282847765626d4287810442858102", "hex");
  return Buffer.concat([header, Buffer.from("18538067010000000000ffff", "hex"), randomBytes(64 * 1024)]);
}

type Path = string[];

/** Finds the box at `path` (types from the top) and returns [start, end, ancestors' starts]. */
function locate(bytes: Buffer, path: Path): { start: number; body: number; end: number; ancestors: number[] } {
  let from = 0;
  let to = bytes.length;
  const ancestors: number[] = [];
  let found: { start: number; body: number; end: number } | undefined;
  for (const [i, type] of path.entries()) {
    found = undefined;
    for (const box of boxes(bytes, from, to)) {
      if (box.type === type) {
        found = box;
        break;
      }
    }
    if (!found) throw new Error(`no ${path.slice(0, i + 1).join("/")} box`);
    if (i < path.length - 1) ancestors.push(found.start);
    from = found.body + (type === "stsd" || type === "dref" ? 8 : 0);
    to = found.end;
  }
  return { ...found!, ancestors };
}

const VIDEO_TRACK: Path = ["moov", "trak"];

/** The mp4 with its video track header and avc1 sample entry declaring `width`×`height` (the stream is unchanged). */
export function mp4Declaring(mp4: Buffer, width: number, height: number): Buffer {
  const out = Buffer.from(mp4);
  const tkhd = locate(out, [...VIDEO_TRACK, "tkhd"]);
  out.writeUInt32BE((width << 16) >>> 0, tkhd.end - 8);
  out.writeUInt32BE((height << 16) >>> 0, tkhd.end - 4);
  const avc1 = locate(out, [...VIDEO_TRACK, "mdia", "minf", "stbl", "stsd", "avc1"]);
  out.writeUInt16BE(width, avc1.start + 32);
  out.writeUInt16BE(height, avc1.start + 34);
  return out;
}

/** The mp4 with its data reference pointing at `url` instead of "this file" (moov sits after mdat: no offsets move). */
export function mp4WithExternalReference(mp4: Buffer, url: string): Buffer {
  const dref = locate(mp4, [...VIDEO_TRACK, "mdia", "minf", "dinf", "dref"]);
  const location = Buffer.from(url + "\0", "latin1");
  const entry = Buffer.alloc(12 + location.length);
  entry.writeUInt32BE(entry.length, 0);
  entry.write("url ", 4, "latin1");
  entry.writeUInt32BE(0, 8); // flags 0: the media data is NOT in this file
  location.copy(entry, 12);
  const body = Buffer.alloc(8);
  body.writeUInt32BE(1, 4); // version/flags 0, one entry
  const newDref = Buffer.concat([Buffer.alloc(8), body, entry]);
  newDref.writeUInt32BE(newDref.length, 0);
  newDref.write("dref", 4, "latin1");
  const delta = newDref.length - (dref.end - dref.start);
  const out = Buffer.concat([mp4.subarray(0, dref.start), newDref, mp4.subarray(dref.end)]);
  for (const start of dref.ancestors) out.writeUInt32BE(out.readUInt32BE(start) + delta, start);
  return out;
}

function box(type: string, ...parts: Buffer[]): Buffer {
  const body = Buffer.concat(parts);
  const head = Buffer.alloc(8);
  head.writeUInt32BE(8 + body.length, 0);
  head.write(type, 4, "latin1");
  return Buffer.concat([head, body]);
}

/** A HEIC file (ftyp heic, meta/iprp/ipco/ispe) declaring `width`×`height`, with no picture data worth decoding. */
export function heicDeclaring(width: number, height: number): Buffer {
  const ispe = Buffer.alloc(12);
  ispe.writeUInt32BE(width, 4);
  ispe.writeUInt32BE(height, 8);
  const hdlr = Buffer.concat([Buffer.alloc(8), Buffer.from("pict", "latin1"), Buffer.alloc(13)]);
  const meta = box("meta", Buffer.alloc(4), box("hdlr", hdlr), box("iprp", box("ipco", box("ispe", ispe))));
  return Buffer.concat([
    box("ftyp", Buffer.from("heic\0\0\0\0mif1heic", "latin1")),
    meta,
    box("mdat", randomBytes(256)),
  ]);
}

function crc32(bytes: Buffer): number {
  let c = ~0;
  for (const b of bytes) {
    c ^= b;
    for (let k = 0; k < 8; k++) c = (c >>> 1) ^ (0xedb88320 & -(c & 1));
  }
  return ~c >>> 0;
}

function pngChunk(type: string, data: Buffer): Buffer {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const typed = Buffer.concat([Buffer.from(type, "latin1"), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(typed));
  return Buffer.concat([len, typed, crc]);
}

/** A PNG bomb: a valid header declaring `width`×`height` and a few bytes of compressed rows. */
export function pngDeclaring(width: number, height: number): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 0; // greyscale
  return Buffer.concat([
    Buffer.from("89504e470d0a1a0a", "hex"),
    pngChunk("IHDR", ihdr),
    pngChunk("IDAT", deflateSync(Buffer.alloc(width + 1))),
    pngChunk("IEND", Buffer.alloc(0)),
  ]);
}
