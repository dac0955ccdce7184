import { closeSync, existsSync, openSync, readSync, statSync } from "node:fs";
import { basename, join } from "node:path";

// Which published format a file is, from its first bytes: the XML root element, the CSV header row, a JSON line.
// Each format is told by what only it has (its root element, its required columns); anything else is refused with
// the reason, never guessed: a list read with the wrong parser would import nothing or the wrong names.

export type DetectedFormat =
  | "ofac-sdn"
  | "ofac-sdn-csv"
  | "ofac-sdn-advanced"
  | "un"
  | "eu-fsf"
  | "uk-sanctions-list"
  | "us-csl"
  | "opensanctions-csv"
  | "opensanctions-ftm";

const HEAD_BYTES = 64 * 1024;

function head(file: string): string {
  const fd = openSync(file, "r");
  try {
    const buffer = Buffer.alloc(HEAD_BYTES);
    const read = readSync(fd, buffer, 0, HEAD_BYTES, 0);
    return buffer
      .subarray(0, read)
      .toString("utf8")
      .replace(/^\uFEFF/, "");
  } finally {
    closeSync(fd);
  }
}

/** The root element's local name, past the XML declaration, comments and a DOCTYPE. */
function xmlRoot(text: string): string | null {
  const body = text.replace(/<\?[\s\S]*?\?>|<!--[\s\S]*?-->|<!DOCTYPE[^>]*>/g, "").trimStart();
  return body.match(/^<(?:[\w.-]+:)?([\w.-]+)[\s/>]/)?.[1] ?? null;
}

/** The first CSV line's fields (no quoted newlines in these headers), unquoted and trimmed. */
function csvHeader(text: string): string[] {
  const line = text.split(/\r?\n/, 1)[0] ?? "";
  return line.split(",").map((f) =>
    f
      .trim()
      .replace(/^"(.*)"$/, "$1")
      .trim(),
  );
}

export function detectListFormat(path: string): DetectedFormat {
  if (!existsSync(path)) throw Object.assign(new Error(`no such file: ${path}`), { code: "ENOENT" });
  if (statSync(path).isDirectory()) {
    if (existsSync(join(path, "sdn.csv"))) return "ofac-sdn-csv";
    throw new Error(`${path} is a folder without sdn.csv: the only folder format is OFAC's SDN CSV`);
  }
  const text = head(path);
  const start = text.trimStart();
  if (start.startsWith("<")) {
    const root = xmlRoot(start);
    switch (root) {
      case "sdnList":
        return "ofac-sdn";
      case "Sanctions":
        if (/<(?:\w+:)?(ReferenceValueSets|DistinctParties|DateOfIssue)[\s>]/.test(text)) return "ofac-sdn-advanced";
        break;
      case "CONSOLIDATED_LIST":
        return "un";
      case "export":
        if (/fpi\/fsd\/export|<sanctionEntity[\s>]/.test(text)) return "eu-fsf";
        break;
      case "Designations":
        return "uk-sanctions-list";
    }
    throw new Error(`unknown XML list format (root element <${root ?? "?"}>): give --format`);
  }
  if (start.startsWith("{")) {
    // an FtM entity names its schema; another JSON-lines file does not
    if (/^\{[^\n]*"schema"\s*:\s*"[A-Z]\w*"/.test(start)) return "opensanctions-ftm";
    throw new Error(`unknown list format: ${path} is JSON lines without an FtM "schema": give --format`);
  }
  const columns = csvHeader(start);
  if (["_id", "source", "name", "alt_names"].every((c) => columns.includes(c))) return "us-csl";
  if (["id", "schema", "name"].every((c) => columns.includes(c))) return "opensanctions-csv";
  // sdn.csv has no header: a first record of 12 fields starting with the entry number
  if (basename(path).toLowerCase() === "sdn.csv" && /^\d+,/.test(start)) return "ofac-sdn-csv";
  throw new Error(`unknown list format: ${path} is no XML list, FtM JSON lines or known CSV header: give --format`);
}
