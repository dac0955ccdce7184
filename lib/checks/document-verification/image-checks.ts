import type { Check, DuplicateDocument } from "@/lib/checks/types";
import type { Examination } from "@/lib/engines/documents/examine-document";
import { check, ELA_THRESHOLD, MAX_GLARE, MIN_LONG_SIDE, MIN_SHARPNESS } from "./rules";

// The checks of the image itself, whatever the document carries: alteration signals, duplicates across identities
// and image quality (docs/checks.md).

const EDITORS =
  /photoshop|gimp|lightroom|snapseed|picsart|canva|affinity|pixelmator|paint\.net|facetune|illustrator|inkscape|photopea|fotor|meitu|remini/i;

export type Signal = { signal: string; detail: string };

export function alterationSignals(
  exam: Examination,
  meta: Record<string, unknown> | null,
): { check: Check; signals: Signal[] } {
  const signals: Signal[] = [];
  const { ela } = exam;
  if (ela.score >= ELA_THRESHOLD) {
    const where = ela.box ? ` around x=${ela.box.x}, y=${ela.box.y} (${ela.box.w}×${ela.box.h} px)` : "";
    signals.push({
      signal: "ERROR_LEVEL_ANALYSIS",
      detail: `A region has another compression history than the rest of the page (error level ${ela.score} robust deviations from the page's own at quality ${ela.quality}, threshold ${ELA_THRESHOLD})${where}.`,
    });
  }
  const editor = [meta?.software, meta?.creatorTool].find((v): v is string => typeof v === "string" && EDITORS.test(v));
  if (editor) signals.push({ signal: "EDITING_SOFTWARE", detail: `The uploaded file was saved by ${editor}.` });
  // normalize-upload strips metadata but keeps Software/CreatorTool in StoredFile.meta: absent meta is no evidence
  const metaNote = meta ? "" : " Upload metadata was not available, so editing software was not checked.";
  if (signals.length)
    return {
      check: check("ALTERATION_DETECTION", "REVIEW", signals.map((s) => s.detail).join(" ") + metaNote),
      signals,
    };
  return {
    check: check(
      "ALTERATION_DETECTION",
      "PASSED",
      `No region with its own compression history (block-wise ELA ${ela.score} < ${ELA_THRESHOLD}) and no editing software recorded.${metaNote}`,
    ),
    signals,
  };
}

export function duplicateCheck(duplicates: DuplicateDocument[] | null): Check {
  if (duplicates === null)
    return check(
      "DUPLICATE_DOCUMENT",
      "SKIPPED",
      "The duplicate lookup did not run (no document number or image hash).",
    );
  if (duplicates.length === 0)
    return check("DUPLICATE_DOCUMENT", "PASSED", "No other identity of this account used this document or image.");
  const ids = duplicates
    .slice(0, 5)
    .map((d) => `${d.verificationId} (${d.reason === "IMAGE" ? "same image" : "same document number"})`);
  return check(
    "DUPLICATE_DOCUMENT",
    "REVIEW",
    `Another identity of this account submitted this document: ${ids.join(", ")}.`,
  );
}

export function qualityCheck(exam: Examination): Check {
  const q = exam.quality;
  const issues: string[] = [];
  if (Math.max(q.width, q.height) < MIN_LONG_SIDE)
    issues.push(`only ${q.width}×${q.height} px (at least ${MIN_LONG_SIDE} px on the long side)`);
  if (q.sharpness < MIN_SHARPNESS) issues.push(`blurred (sharpness ${q.sharpness} < ${MIN_SHARPNESS})`);
  if (q.glare > MAX_GLARE) issues.push(`washed out by glare over ${(q.glare * 100).toFixed(1)} % of the image`);
  // a side sent sideways or upside down is read turned upright (which-way-up.ts, orientSide): said, not judged
  const turned = (exam.turned ?? [])
    .map(({ side, degrees }) => ` The ${side === "FRONT" ? "front" : "back"} was read turned ${degrees}° clockwise.`)
    .join("");
  if (issues.length)
    return check(
      "IMAGE_QUALITY",
      "REVIEW",
      `The front image is ${issues.join(", ")}: the authenticity checks are less reliable.${turned}`,
    );
  return check("IMAGE_QUALITY", "PASSED", `${q.width}×${q.height} px, sharpness ${q.sharpness}, no glare.${turned}`);
}
