import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { listPayloads, readingMismatches } from "@/tools/eval/aamva-labels";
import { parseAamva } from "./aamva";

// Real AAMVA payloads (../shared/data/aamva: c0shea/IdParser's test payloads of US and Canadian cards, versions
// 1–9, read in place; skipped where absent), each parsed and compared with every labelled field (the comparison and
// its few stated equivalences: tools/eval/aamva-labels.ts). Most are scanner captures whose separators are not the
// header's. The same payloads printed as PDF417 and sent through the DOCUMENT_VERIFICATION process:
// `npm run eval:aamva` (docs/accuracy.md).

const dir = path.resolve(process.cwd(), "../shared/data/aamva");
const present = existsSync(path.join(dir, "labels.json"));

describe.skipIf(!present)("the AAMVA parser on real payloads (development set)", () => {
  const payloads = present ? listPayloads(dir) : [];

  it("finds the labelled payloads", () => {
    expect(payloads.filter((p) => p.label).length).toBeGreaterThanOrEqual(30);
  });

  it("parses every payload", () => {
    const refused = payloads.flatMap((p) => {
      const r = parseAamva(p.text);
      return r.ok ? [] : [`${p.file}: ${r.error}`];
    });
    expect(refused).toEqual([]);
  });

  it("reads every labelled field of every payload", () => {
    const wrong = payloads.flatMap((p) => {
      const r = parseAamva(p.text);
      if (!r.ok) return [`${p.file}: ${r.error}`];
      return p.label ? readingMismatches(p.label, r.reading).map((m) => `${p.file}: ${m}`) : [];
    });
    expect(wrong).toEqual([]);
  });

  // what else a capture does to the same bytes (a scanner's keyboard emulation, a text editor, a web form): each
  // payload changed that way must still give every labelled field
  it.each([
    ["every line end written as CRLF", (t: string) => t.replace(/\r\n|\r|\n/g, "\r\n")],
    ["every line end written as CR", (t: string) => t.replace(/\r\n|\n/g, "\r")],
    ["RS dropped", (t: string) => t.replaceAll("\x1e", "")],
    ["spaces around every line", (t: string) => t.replace(/\n/g, "  \n  ")],
    ["undefined characters (0x90) around every line", (t: string) => t.replace(/\n/g, "\x90\n\x90")],
    ["a blank line after every line", (t: string) => t.replace(/\n/g, "\n\n")],
    ["leading whitespace", (t: string) => ` \n ${t}`],
  ])("reads every labelled field with %s", (_, change) => {
    const wrong = payloads.flatMap((p) => {
      if (!p.label) return [];
      const r = parseAamva(change(p.text));
      if (!r.ok) return [`${p.file}: ${r.error}`];
      return readingMismatches(p.label, r.reading).map((m) => `${p.file}: ${m}`);
    });
    expect(wrong).toEqual([]);
  });

  it("says so, in a warning, wherever a payload strays from the standard's separators", () => {
    const unwarned = payloads.filter((p) => {
      const r = parseAamva(p.text);
      return r.ok && !p.text.trimStart().startsWith("@\n\x1e\r") && r.reading.warnings.length === 0;
    });
    expect(unwarned.map((p) => p.file)).toEqual([]);
  });
});

type StandardExample = { name: string; payload: string; subfiles: Record<string, Record<string, string>> };

describe.skipIf(!present)("the AAMVA parser on the standard's own examples (Annex D, versions 1 and 10)", () => {
  const examples = present
    ? (JSON.parse(readFileSync(path.join(dir, "aamva_standard_examples/labels.json"), "utf8")) as StandardExample[])
    : [];

  it.each(examples.map((e) => [e.name, e] as const))("reads every element of %s, without a warning", (_, e) => {
    const file = readFileSync(path.join(dir, "aamva_standard_examples", `${e.name}.txt`), "latin1");
    const r = parseAamva(file);
    if (!r.ok) throw new Error(r.error);
    const subfile = e.subfiles.DL ?? e.subfiles.ID ?? {};
    const expected = Object.fromEntries(Object.entries(subfile).map(([k, v]) => [k, v.trim()]));
    expect(r.reading.elements).toEqual(expected);
    expect(r.reading.warnings).toEqual([]);
  });
});
