import { pipeline, Readable } from "node:stream";
import type { Hash } from "node:crypto";
import { CsvError, parse, type Options } from "csv-parse";
import { textChunks } from "@/lib/domain/watchlist/import/read-file";

/**
 * A CSV file's records as arrays of fields, streamed through csv-parse (the project's CSV parser, also used for
 * targets.simple.csv): a record is never held longer than it takes to map it. Every byte goes through `hash`.
 * csv-parse's own errors ("Invalid Opening Quote ...") do not name the format that was expected: `label` does.
 */
export async function* csvRecords(
  file: string,
  hash: Hash,
  label: string,
  options: Options = {},
): AsyncGenerator<string[]> {
  const csv = parse({ bom: true, skip_empty_lines: true, ...options });
  // pipeline, not pipe: a read error must end the iteration below instead of leaving it waiting
  pipeline(Readable.from(textChunks(file, hash)), csv, () => {});
  try {
    for await (const record of csv as AsyncIterable<string[]>) yield record;
  } catch (error) {
    if (error instanceof CsvError) throw new Error(`not a readable ${label}: ${error.message}`, { cause: error });
    throw error;
  }
}
