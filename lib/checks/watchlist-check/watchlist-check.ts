import type { Check, ProcessInput, VerificationProcess, WatchlistMatch } from "@/lib/checks/types";
import { resultOfChecks } from "@/lib/checks/types";
import { DEFAULT_WATCHLIST_THRESHOLD } from "@/lib/engines/names/score";

type Subject = {
  fullName: string | null;
  dateOfBirth: string | null;
  source: "DOCUMENT_VERIFICATION" | "INPUTS" | null;
  unreadableDob: string | null;
};

const DOB = /^\d{4}(-\d{2}-\d{2})?$/;
const text = (value: unknown): string | null => (typeof value === "string" && value.trim() ? value.trim() : null);

/**
 * Who is screened: the name and date of birth the DOCUMENT_VERIFICATION step read from the document (its data
 * full_name / date_of_birth), else the FULL_NAME / DATE_OF_BIRTH inputs (asked only when the workflow has no
 * document step).
 */
export function subjectOf({ inputs, earlierSteps }: Pick<ProcessInput, "inputs" | "earlierSteps">): Subject {
  const document = earlierSteps.find((step) => step.processType === "DOCUMENT_VERIFICATION")?.data ?? {};
  const documentName = text(document.full_name);
  const fullName = documentName ?? text(inputs.get("FULL_NAME")?.value);
  const rawDob = text(document.date_of_birth) ?? text(inputs.get("DATE_OF_BIRTH")?.value);
  const dateOfBirth = rawDob && DOB.test(rawDob) ? rawDob : null;
  return {
    fullName,
    dateOfBirth,
    source: fullName ? (documentName ? "DOCUMENT_VERIFICATION" : "INPUTS") : null,
    unreadableDob: rawDob && !dateOfBirth ? rawDob : null,
  };
}

function matchData(match: WatchlistMatch) {
  const { breakdown } = match;
  return {
    source: match.source,
    external_id: match.externalId,
    entity_type: match.entityType,
    name: match.primaryName,
    matched_name: match.matchedName,
    score: match.score,
    programs: match.programs,
    dob: match.birthDates,
    countries: match.countries,
    remarks: match.remarks,
    score_breakdown: {
      name: breakdown.nameScore,
      tokens: breakdown.tokenScore,
      full: breakdown.fullScore,
      dob_agreement: breakdown.dob,
      dob_adjustment: breakdown.dobAdjustment,
      pairs: breakdown.pairs,
    },
  };
}

/**
 * WATCHLIST_CHECK: the subject's name (and date of birth) screened against the imported sanctions lists (the
 * screenName port: lib/domain/watchlist/screen-name.ts). A potential match is never decided by the machine: it goes
 * to MANUAL_REVIEW with the matched entries. Screening against no list, or without a name, is not a pass either.
 */
export const watchlistCheck: VerificationProcess = {
  type: "WATCHLIST_CHECK",
  dependsOn: ["DOCUMENT_VERIFICATION"],
  async run({ workflow, inputs, earlierSteps, ports }) {
    const threshold = workflow.settings.WATCHLIST_THRESHOLD ?? DEFAULT_WATCHLIST_THRESHOLD;
    const subject = subjectOf({ inputs, earlierSteps });
    const checks: Check[] = [];
    const data = {
      screened_name: subject.fullName,
      screened_dob: subject.dateOfBirth,
      name_source: subject.source,
      threshold,
    };

    if (!subject.fullName) {
      checks.push({
        name: "NAME_PRESENT",
        result: "REVIEW",
        detail: "No name to screen: the document step read none and no FULL_NAME was submitted.",
      });
      return { result: resultOfChecks(checks), data: { ...data, lists_screened: [], matches: [] }, checks };
    }

    const screening = await ports.screenName({
      fullName: subject.fullName,
      dateOfBirth: subject.dateOfBirth,
      threshold,
    });
    const lists = screening.lists.map((l) => ({
      name: l.name,
      imported_at: l.importedAt.toISOString(),
      entry_count: l.entryCount,
      version: l.sourceVersion,
    }));
    const matches = screening.matches.map(matchData);

    if (subject.dateOfBirth)
      checks.push({
        name: "DATE_OF_BIRTH",
        result: "PASSED",
        detail: `Matches were weighed against the date of birth ${subject.dateOfBirth}.`,
      });
    else {
      const why = subject.unreadableDob
        ? `The date of birth "${subject.unreadableDob}" is not YYYY-MM-DD`
        : "No date of birth was available";
      checks.push({ name: "DATE_OF_BIRTH", result: "SKIPPED", detail: `${why}: matches rest on the name alone.` });
    }
    if (screening.lists.length === 0) {
      checks.push({
        name: "WATCHLIST_SCREENING",
        result: "REVIEW",
        detail: "no watchlist imported: the name could not be screened (npm run watchlist:import).",
      });
    } else if (!screening.isScreenable) {
      checks.push({
        name: "WATCHLIST_SCREENING",
        result: "REVIEW",
        detail: `The name "${subject.fullName}" has nothing to compare (no letters, or initials only).`,
      });
    } else if (matches.length > 0) {
      const top = matches
        .slice(0, 3)
        .map((m) => `${m.name} (${m.source} ${m.external_id}, ${m.score})`)
        .join("; ");
      checks.push({
        name: "WATCHLIST_SCREENING",
        result: "REVIEW",
        detail: `${matches.length} potential match(es) scored at least ${threshold}: ${top}.`,
      });
    } else {
      const entries = screening.lists.reduce((sum, l) => sum + l.entryCount, 0);
      checks.push({
        name: "WATCHLIST_SCREENING",
        result: "PASSED",
        detail: `No entry of ${screening.lists.length} list(s) (${entries} entries) scored at least ${threshold}.`,
      });
    }
    return {
      result: resultOfChecks(checks),
      data: { ...data, normalized_name: screening.normalizedName, lists_screened: lists, matches },
      checks,
    };
  },
};
