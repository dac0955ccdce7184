// The soak's log check and its figures in docs/operations.md (tools/soak/cluster.mjs).
import { readFileSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { ROOT } from "../bench/common.mjs";

/**
 * The submitted values ({kind, value}) found in the instances' log lines, as {kind, where} (never the value). A
 * digits-only value (an OTP code) counts only standing alone: inside a UUID, a hex hash or a longer number its
 * digits are not a leak (a 6-digit code occurs in hex by chance: the first 500-verification run counted one).
 */
export function findLeaks(needles, logLines) {
  const hits = [];
  for (const { kind, value } of needles) {
    if (!value) continue;
    const found = /^\d+$/.test(value)
      ? (line) => new RegExp(`(?<![0-9A-Za-z])${value}(?![0-9A-Za-z])`).test(line)
      : (line) => line.includes(value);
    const at = logLines.find(({ line }) => found(line));
    if (at) hits.push({ kind, where: `${at.name}: ${parseJson(at.line)?.msg ?? "a line that is not JSON"}` });
  }
  return hits;
}

export function parseJson(line) {
  try {
    return line.startsWith("{") ? JSON.parse(line) : null;
  } catch {
    return null;
  }
}

/** The figures go between the markers of docs/operations.md, with the date and the machine. */
export function writeOperationsFigures(report, log) {
  const file = path.join(ROOT, "docs/operations.md");
  const doc = readFileSync(file, "utf8");
  const begin = "<!-- soak:begin -->";
  const end = "<!-- soak:end -->";
  if (!doc.includes(begin) || !doc.includes(end)) return log("docs/operations.md has no soak markers: not written");
  const lines = [
    begin,
    `Measured ${report.date.slice(0, 10)} on ${os.cpus().length} cores (${os.cpus()[0]?.model ?? "?"}), load average ${os.loadavg()[0].toFixed(1)} at the end: ` +
      `${report.settings.verifications} verifications (documents ${Math.round(report.settings.documentShare * 100)} %, e-mail OTP ${Math.round(report.settings.emailShare * 100)} %, the rest address-only), ${report.settings.concurrency} at a time; ` +
      `the worker and app B killed -9 after ${report.timings.killAfterSeconds} s and restarted. Driving took ${report.timings.driveSeconds} s, settling (the last retries wait 1 min) ${report.timings.settleSeconds} s.`,
    "",
    "| invariant | measured | verdict |",
    "| --- | --- | --- |",
    ...report.invariants.map((i) => `| ${i.name} | ${i.measured} | ${i.ok ? "ok" : "FAILED"} |`),
    end,
  ];
  writeFileSync(file, doc.replace(new RegExp(`${begin}[\\s\\S]*${end}`), lines.join("\n")));
  log("written docs/operations.md");
}
