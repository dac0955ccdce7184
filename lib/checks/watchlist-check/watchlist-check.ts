import type { Check, ProcessInput, VerificationProcess } from "@/lib/checks/types";
import { resultOfChecks } from "@/lib/checks/types";
import { DEFAULT_WATCHLIST_THRESHOLD, DOB_ADJUSTMENT, STATED_DOB_CONFLICT } from "@/lib/engines/names/score";
import { matchData } from "@/lib/checks/watchlist-check/match-data";
import { cutNameWords } from "@/lib/engines/documents/mrz/name-crosscheck";
import { birthFieldOf, mrzPartialBirth } from "@/lib/engines/documents/mrz/icao";
import { clock } from "@/lib/core/clock";

type Subject = {
  fullName: string | null;
  dateOfBirth: string | null;
  /** where the date of birth was read; INPUTS is the applicant's own statement: no document step read one */
  dobSource: "DOCUMENT_VERIFICATION" | "DIGITAL_CREDENTIAL" | "INPUTS" | null;
  /** alpha-2, from the document step */
  nationality: string | null;
  /** M or F from the document step (its data.sex); X and unread are none */
  gender: "M" | "F" | null;
  source: "DOCUMENT_VERIFICATION" | "DIGITAL_CREDENTIAL" | "INPUTS" | null;
  unreadableDob: string | null;
  /** the document's zone filled a name field to the end: the field's last word may be cut short (cut-word.ts) */
  cutWords: string[];
};

const DOB = /^\d{4}(-\d{2}-\d{2})?$/;
const text = (value: unknown): string | null => (typeof value === "string" && value.trim() ? value.trim() : null);

/**
 * Who is screened: the name and date of birth the DOCUMENT_VERIFICATION step read from the document (its data
 * full_name / date_of_birth), else the FULL_NAME / DATE_OF_BIRTH inputs (asked only when the workflow has no
 * document step).
 */
export function subjectOf({
  inputs,
  earlierSteps,
  now = clock.now(),
}: Pick<ProcessInput, "inputs" | "earlierSteps"> & { now?: Date }): Subject {
  // a verified wallet credential's data has the document's fields (issue 34); a document read wins when both ran
  const step =
    earlierSteps.find((s) => s.processType === "DOCUMENT_VERIFICATION") ??
    earlierSteps.find((s) => s.processType === "DIGITAL_CREDENTIAL" && s.result !== "DECLINED");
  const document = step?.data ?? {};
  const documentName = text(document.full_name);
  const fullName = documentName ?? text(inputs.get("FULL_NAME")?.value);
  // a zone that prints the birth date with unknown parts (8501<<: ICAO 9303) gives no date_of_birth, but its year
  const zone = step?.processType === "DOCUMENT_VERIFICATION" ? zoneOf(document.mrz) : null;
  const documentDob = text(document.date_of_birth) ?? (zone && zoneBirthYear(zone, now));
  const rawDob = documentDob ?? text(inputs.get("DATE_OF_BIRTH")?.value);
  const dateOfBirth = rawDob && DOB.test(rawDob) ? rawDob : null;
  const nationality = text(document.nationality);
  const sex = text(document.sex);
  return {
    gender: sex === "M" || sex === "F" ? sex : null,
    fullName,
    dateOfBirth,
    dobSource: dateOfBirth ? (documentDob ? (step!.processType as "DOCUMENT_VERIFICATION") : "INPUTS") : null,
    nationality: nationality && /^[A-Za-z]{2}$/.test(nationality) ? nationality.toUpperCase() : null,
    source: fullName ? (documentName ? (step!.processType as "DOCUMENT_VERIFICATION") : "INPUTS") : null,
    unreadableDob: rawDob && !dateOfBirth ? rawDob : null,
    cutWords: documentName && zone ? cutNameWords(zone.format, zone.lines) : [],
  };
}

type Zone = { format: string; lines: string[] };

/** The document step's zone (its data.mrz), if it has one of that shape. */
function zoneOf(mrz: unknown): Zone | null {
  if (!mrz || typeof mrz !== "object") return null;
  const { format, lines } = mrz as { format?: unknown; lines?: unknown };
  if (typeof format !== "string" || !Array.isArray(lines) || !lines.every((l) => typeof l === "string")) return null;
  return { format, lines };
}

/** The birth year a zone prints beside unknown month or day (8501<<, 85<<<<), else null. */
function zoneBirthYear(zone: Zone, now: Date): string | null {
  const partial = mrzPartialBirth(birthFieldOf(zone.format, zone.lines), now);
  return partial ? partial.slice(0, 4) : null;
}

/** Organisation and vessel names the verification carries (metadata), screened against entries of their kind. */
export type OrganisationSubject = { field: string; name: string; kind: "ORGANIZATION" | "VESSEL" };

// metadata keys an integrator sets when the verification concerns (or names) a company or a vessel: the spec's
// metadata is free-form, so these are documented names rather than new inputs (docs/checks.md)
const ORGANISATION_FIELDS = ["companyName", "employer", "organizationName"] as const;
const VESSEL_FIELDS = ["vesselName"] as const;

export function organisationsOf(metadata: Record<string, unknown>): OrganisationSubject[] {
  const out: OrganisationSubject[] = [];
  for (const field of ORGANISATION_FIELDS) {
    const name = text(metadata[field]);
    if (name) out.push({ field, name: name.slice(0, 300), kind: "ORGANIZATION" });
  }
  for (const field of VESSEL_FIELDS) {
    const name = text(metadata[field]);
    if (name) out.push({ field, name: name.slice(0, 300), kind: "VESSEL" });
  }
  return out;
}

const HAN = /[\u3400-\u4DBF\u4E00-\u9FFF\uF900-\uFAFF]/u;
const KANA = /[\u3040-\u30FF]/u;

/**
 * WATCHLIST_CHECK: the subject's name (and date of birth) screened against the imported sanctions lists (the
 * screenName port: lib/domain/watchlist/screen-name.ts). A potential match is never decided by the machine: it goes
 * to MANUAL_REVIEW with the matched entries. Screening against no list, or without a name, is not a pass either.
 */
export const watchlistCheck: VerificationProcess = {
  type: "WATCHLIST_CHECK",
  dependsOn: ["DOCUMENT_VERIFICATION", "DIGITAL_CREDENTIAL"],
  async run({ workflow, inputs, earlierSteps, ports, verification, now }) {
    const threshold = workflow.settings.WATCHLIST_THRESHOLD ?? DEFAULT_WATCHLIST_THRESHOLD;
    const includeWeakAliases = workflow.settings.WATCHLIST_WEAK_ALIASES ?? false;
    const subject = subjectOf({ inputs, earlierSteps, now });
    const checks: Check[] = [];
    const organisations = await screenOrganisations(verification.metadata, {
      threshold,
      includeWeakAliases,
      ports,
      checks,
    });
    const data = {
      screened_name: subject.fullName,
      screened_dob: subject.dateOfBirth,
      name_source: subject.source,
      dob_source: subject.dobSource,
      // the words of screened_name the passport's zone may have cut (ongoing screening reads them too)
      words_cut_by_zone: subject.cutWords,
      threshold,
      weak_aliases_screened: includeWeakAliases,
      ...organisations,
    };

    if (!subject.fullName && organisations.organisations_screened.length > 0) {
      // a verification of a company (no person's name, only the company's): the organisation screening decides
      return { result: resultOfChecks(checks), data: { ...data, lists_screened: [], matches: [] }, checks };
    }
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
      dateOfBirthStated: subject.dobSource === "INPUTS",
      threshold,
      nationality: subject.nationality,
      gender: subject.gender,
      includeWeakAliases,
      cutWords: subject.cutWords,
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
        detail:
          subject.dobSource === "INPUTS"
            ? `Matches were weighed against the date of birth ${subject.dateOfBirth}, as stated by the applicant (no document read one): a different birth date on the list lowers a match by ${-STATED_DOB_CONFLICT}, not ${-DOB_ADJUSTMENT.CONFLICT}, since a statement can be changed at will.`
            : subject.dateOfBirth.length === 4
              ? `Matches were weighed against the birth year ${subject.dateOfBirth} (the document gives no month or day).`
              : `Matches were weighed against the date of birth ${subject.dateOfBirth}.`,
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
      // a kanji given name has several readings and the dictionary knows one (晋三 read SUSUMU SAN, not SHINZO): a Han
      // name without a match is not established as clean
      if (HAN.test(subject.fullName) && !KANA.test(subject.fullName))
        checks.push({
          name: "NAME_READING",
          result: "REVIEW",
          detail: `"${subject.fullName}" is written in Han characters and was compared in its Mandarin (Pinyin), Sino-Korean (Hanja) and dictionary Japanese readings only: kanji given names have several readings, not all of which were checked. Screen the name as written in the passport's Latin line.`,
        });
    }
    return {
      result: resultOfChecks(checks),
      data: { ...data, normalized_name: screening.normalizedName, lists_screened: lists, matches },
      checks,
    };
  },
};

type OrganisationContext = {
  threshold: number;
  includeWeakAliases: boolean;
  ports: ProcessInput["ports"];
  checks: Check[];
};

/** Screens the metadata's company and vessel names; each screening adds an ORGANISATION_SCREENING check. */
async function screenOrganisations(metadata: Record<string, unknown>, context: OrganisationContext) {
  const subjects = organisationsOf(metadata ?? {});
  const screened: { field: string; name: string; normalized_name: string }[] = [];
  const found: (ReturnType<typeof matchData> & { screened_field: string })[] = [];
  for (const subject of subjects) {
    const screening = await context.ports.screenName({
      fullName: subject.name,
      dateOfBirth: null,
      threshold: context.threshold,
      entityTypes: subject.kind === "VESSEL" ? ["VESSEL"] : ["ORGANIZATION", "OTHER"],
      nameKind: "ORGANIZATION",
      includeWeakAliases: context.includeWeakAliases,
    });
    screened.push({ field: subject.field, name: subject.name, normalized_name: screening.normalizedName });
    const matches = screening.matches.map((m) => ({ ...matchData(m), screened_field: subject.field }));
    found.push(...matches);
    const label = subject.kind === "VESSEL" ? "vessel" : "organisation";
    if (screening.lists.length === 0 || !screening.isScreenable)
      context.checks.push({
        name: "ORGANISATION_SCREENING",
        result: "REVIEW",
        detail: `The ${label} name "${subject.name}" (metadata.${subject.field}) could not be screened: ${screening.lists.length === 0 ? "no watchlist imported" : "nothing to compare"}.`,
      });
    else
      context.checks.push({
        name: "ORGANISATION_SCREENING",
        result: matches.length > 0 ? "REVIEW" : "PASSED",
        detail:
          matches.length > 0
            ? `${matches.length} potential match(es) for the ${label} "${subject.name}": ${matches
                .slice(0, 3)
                .map((m) => `${m.name} (${m.source} ${m.external_id}, ${m.score})`)
                .join("; ")}.`
            : `No ${label} entry scored at least ${context.threshold} for "${subject.name}".`,
      });
  }
  return { organisations_screened: screened, organisation_matches: found };
}
