import { createReadStream } from "node:fs";
import type { Hash } from "node:crypto";
import { StringDecoder } from "node:string_decoder";

// Published lists run to tens (OFAC, UN) or hundreds (OpenSanctions) of megabytes: they are read in chunks,
// never whole. Every byte also goes through the checksum.

const CHUNK_BYTES = 1 << 20;

/** The file as UTF-8 text chunks (a character split between two reads is kept whole). */
export async function* textChunks(file: string, hash: Hash): AsyncGenerator<string> {
  const decoder = new StringDecoder("utf8");
  let first = true;
  for await (const chunk of createReadStream(file, { highWaterMark: CHUNK_BYTES })) {
    const bytes = chunk as Buffer;
    hash.update(bytes);
    let text = decoder.write(bytes);
    if (first) {
      text = text.replace(/^\uFEFF/, "");
      first = false;
    }
    if (text) yield text;
  }
  const rest = decoder.end();
  if (rest) yield rest;
}

/** The file line by line (JSON lines). */
export async function* lines(file: string, hash: Hash): AsyncGenerator<string> {
  let pending = "";
  for await (const text of textChunks(file, hash)) {
    pending += text;
    let from = 0;
    let newline: number;
    while ((newline = pending.indexOf("\n", from)) >= 0) {
      yield pending.slice(from, newline).replace(/\r$/, "");
      from = newline + 1;
    }
    pending = pending.slice(from);
  }
  if (pending) yield pending;
}

// what precedes the first record is kept for the header only up to this size (a wrong file has no records at all)
const MAX_PROLOG = 1 << 20;

/**
 * Record-oriented XML (one <sdnEntry> or <INDIVIDUAL> after another) as one XML string per record, so each record
 * is parsed on its own and memory stays flat. `prolog` receives what precedes the first record (the root element's
 * attributes, OFAC's publication header). Record elements never nest in these formats.
 */
export async function* xmlRecords(
  file: string,
  hash: Hash,
  tags: readonly string[],
  prolog: (text: string) => void,
): AsyncGenerator<{ tag: string; xml: string }> {
  const open = new RegExp(`<(${tags.join("|")})[\\s>]`, "g");
  // an opening tag cut in two by a chunk boundary must survive into the next round
  const keepForOpenTag = Math.max(...tags.map((t) => t.length)) + 2;
  let buffer = "";
  let head = "";
  let seenRecord = false;
  const keepHead = (text: string) => {
    if (head.length < MAX_PROLOG) head += text.slice(0, MAX_PROLOG - head.length);
  };
  for await (const text of textChunks(file, hash)) {
    buffer += text;
    let from = 0;
    for (;;) {
      open.lastIndex = from;
      const start = open.exec(buffer);
      if (!start) {
        const keepFrom = Math.max(from, buffer.length - keepForOpenTag);
        if (!seenRecord) keepHead(buffer.slice(from, keepFrom));
        from = keepFrom;
        break;
      }
      if (!seenRecord) {
        keepHead(buffer.slice(from, start.index));
        prolog(head);
        seenRecord = true;
      }
      const close = `</${start[1]!}>`;
      const end = buffer.indexOf(close, start.index);
      if (end < 0) {
        from = start.index;
        break;
      }
      yield { tag: start[1]!, xml: buffer.slice(start.index, end + close.length) };
      from = end + close.length;
    }
    buffer = buffer.slice(from);
  }
  if (!seenRecord) prolog(head + buffer);
}
