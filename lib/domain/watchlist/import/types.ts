import type { Hash } from "node:crypto";
import type { WatchlistEntityType } from "@/generated/prisma/enums";

/** One list entry as a parser read it, before normalisation. */
export type ParsedEntry = {
  externalId: string;
  entityType: WatchlistEntityType;
  primaryName: string;
  aliases: string[];
  /**
   * Names the publisher itself marks as weak: UN QUALITY="Low", OFAC LowQuality / weak a.k.a., EU strong="false",
   * UK "Low quality" alias strength. Kept apart from `aliases` so screening them is a decision (a workflow setting),
   * not an accident of the format. Absent: the format has no such mark.
   */
  lowQualityAliases?: string[];
  birthDates: string[];
  /** M or F where the publisher states it (genderOf); absent: not stated, or the format has no such field */
  gender?: Gender | null;
  countries: string[];
  programs: string[];
  remarks: string | null;
};

/** What a parser learns besides the entries; it fills this in while it streams. */
export type ParseContext = {
  /** every byte read goes through it: the checksum of the imported file */
  hash: Hash;
  sourceVersion: string | null;
  /** records that were not entries to screen (unsupported type, no name, not a target) */
  skipped: number;
  /** programs known only after the entry was written (FtM Sanction entities refer back to their target) */
  latePrograms: Map<string, string[]>;
};

export type ListParser = (file: string, context: ParseContext) => AsyncGenerator<ParsedEntry>;

export type Gender = "M" | "F";

/** A publisher's gender value (Male, FEMALE, m, f …) as M or F; anything else (unknown, blank) is none. */
export function genderOf(values: Iterable<string | null | undefined>): Gender | null {
  const found = new Set<Gender>();
  for (const value of values) {
    const v = value?.trim().toLowerCase();
    if (v === "m" || v === "male") found.add("M");
    else if (v === "f" || v === "female") found.add("F");
  }
  // a publisher that lists both says nothing usable
  return found.size === 1 ? [...found][0]! : null;
}

/** Trimmed, non-empty, distinct values in first-seen order. */
export function distinct(values: Iterable<string | null | undefined>): string[] {
  const seen = new Set<string>();
  for (const value of values) {
    // NUL is valid in XML/JSON text but not in a PostgreSQL text value
    const trimmed = value?.replaceAll("\u0000", "").replace(/\s+/g, " ").trim();
    if (trimmed) seen.add(trimmed);
  }
  return [...seen];
}
