import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { addressVerification } from "@/lib/checks/address-verification/address-verification";
import { countryRules, postalRuleOf, validatePostal } from "@/lib/checks/address-verification/postal-rules";
import type { ProcessInput, StoredInput } from "@/lib/checks/types";
import { TEXT_RULES } from "@/lib/domain/verifications/input-rules";
import { testPorts } from "@/test/check-ports";

// Labelled addresses (../shared/data/addresses: libpostal's parser cases, libaddressinput's postal-code rules; its
// SOURCE.md) through the path a user's address takes: each field through the API's rule for it (TEXT_RULES, what
// send-inputs applies before storing), then ADDRESS_VERIFICATION's own run() with POSTAL_VALIDATION on. Only the
// step's decision is read back. Used by tools/eval/addresses.ts and the *.real.test.ts floors.

const FIELDS = ["ADDRESS_LINE", "CITY", "PROVINCE", "POSTAL_CODE", "COUNTRY"] as const;
type FieldName = (typeof FIELDS)[number];

export type AddressCase = {
  id: string;
  country: string;
  kind: "address" | "postcode";
  label: "valid" | "invalid";
  rule: string;
  fields: Record<FieldName, string | null>;
};
export type AddressRegion = { code: string; name: string; zip_regex: string | null };
export type AddressSet = { dir: string; cases: AddressCase[]; regions: AddressRegion[] };

export type CaseOutcome = {
  case: AddressCase;
  /** the API's refusal of a field ("COUNTRY: Expected …"), null when every field was taken */
  refused: string | null;
  /** the step's result (APPROVED / MANUAL_REVIEW / DECLINED), null when the API refused the input */
  result: string | null;
  detail: string | null;
  /** the city was recognised under one of its other names ("NYC" → New York City) */
  cityAlternate: string | null;
};
export type RegionOutcome = { region: AddressRegion; acceptedAsCountry: boolean; rule: string };

/** The development half in the shared workspace, when this checkout sits beside it. */
export function sharedAddressDir(): string | null {
  const dir = path.resolve(process.cwd(), "..", "shared", "data", "addresses");
  return existsSync(path.join(dir, "cases.json")) ? dir : null;
}

export function loadAddressSet(dir: string): AddressSet {
  const raw = JSON.parse(readFileSync(path.join(dir, "cases.json"), "utf8")) as {
    cases: AddressCase[];
    regions: AddressRegion[];
  };
  return { dir, cases: raw.cases, regions: raw.regions };
}

/** The stored inputs as send-inputs would store them, or the first field the API refuses. */
export function apiInputs(fields: Record<string, string | null>): Map<string, StoredInput> | string {
  const stored = new Map<string, StoredInput>();
  for (const name of FIELDS) {
    const value = fields[name];
    if (value === null || value === undefined) continue;
    const parsed = TEXT_RULES[name]!.safeParse(value);
    if (!parsed.success) return `${name}: ${parsed.error.issues[0]?.message ?? "invalid"}`;
    stored.set(name, { type: "TEXT", value: parsed.data, fileId: null });
  }
  return stored;
}

function processInput(inputs: Map<string, StoredInput>): ProcessInput {
  return {
    verification: {
      id: "eval",
      accountId: "eval",
      identityId: "eval",
      workflowId: "eval",
      ipAddress: null,
      metadata: {},
      createdAt: new Date(),
    },
    workflow: {
      processes: ["ADDRESS_VERIFICATION"],
      documentTypes: [],
      countries: [],
      settings: { POSTAL_VALIDATION: true },
    },
    inputs,
    readFile: async () => null,
    earlierSteps: [],
    now: new Date(),
    ports: testPorts(),
  };
}

export async function runCase(c: AddressCase): Promise<CaseOutcome> {
  const inputs = apiInputs(c.fields);
  if (typeof inputs === "string") return { case: c, refused: inputs, result: null, detail: null, cityAlternate: null };
  const output = await addressVerification.run(processInput(inputs));
  const check = output.checks.find((k) => k.name === "POSTAL_VALIDATION");
  // the city's match, as the step computed it (same function, same stored values)
  const value = (name: string) => inputs.get(name)?.value ?? null;
  const postal = await validatePostal({
    city: value("CITY"),
    province: value("PROVINCE"),
    postalCode: value("POSTAL_CODE"),
    country: value("COUNTRY")!,
  });
  return {
    case: c,
    refused: null,
    result: output.result,
    detail: check?.detail ?? null,
    cityAlternate: postal.city?.alternate ? `${value("CITY")} → ${postal.city.city.name}` : null,
  };
}

/** Each region's postcode decision: FORMAT (a pattern), NONE (no postal codes there) or UNKNOWN. */
export async function runRegion(region: AddressRegion): Promise<RegionOutcome> {
  const inputs = apiInputs({ COUNTRY: region.code });
  const acceptedAsCountry = typeof inputs !== "string";
  const rule = acceptedAsCountry ? postalRuleOf(await countryRules(region.code), region.code) : "REFUSED";
  return { region, acceptedAsCountry, rule };
}

export type Tally = { hit: number; total: number };
export type AddressSummary = {
  validAccepted: Tally;
  invalidCaught: Tally;
  regionsDecided: Tally;
  addressesApproved: Tally;
  cityAlternates: number;
  bySource: Record<string, { validAccepted: Tally; invalidCaught: Tally }>;
};

const tally = (items: boolean[]): Tally => ({ hit: items.filter(Boolean).length, total: items.length });
/** A valid case is accepted when the API takes it and the step does not decline it. */
export const isAccepted = (o: CaseOutcome) => o.refused === null && o.result !== "DECLINED";
/** An invalid postcode is caught when the step declines it (or the API refuses the postal code itself). */
export const isCaught = (o: CaseOutcome) => o.result === "DECLINED" || Boolean(o.refused?.startsWith("POSTAL_CODE"));
export const isDecided = (r: RegionOutcome) => r.rule === "FORMAT" || r.rule === "NONE";
const SOURCES = { address: "libpostal", postcode: "libaddressinput" } as const;

export function summarise(cases: CaseOutcome[], regions: RegionOutcome[]): AddressSummary {
  const valid = cases.filter((o) => o.case.label === "valid");
  const invalid = cases.filter((o) => o.case.label === "invalid");
  const bySource: AddressSummary["bySource"] = {};
  for (const [kind, source] of Object.entries(SOURCES)) {
    bySource[source] = {
      validAccepted: tally(valid.filter((o) => o.case.kind === kind).map(isAccepted)),
      invalidCaught: tally(invalid.filter((o) => o.case.kind === kind).map(isCaught)),
    };
  }
  return {
    validAccepted: tally(valid.map(isAccepted)),
    invalidCaught: tally(invalid.map(isCaught)),
    regionsDecided: tally(regions.map(isDecided)),
    addressesApproved: tally(cases.filter((o) => o.case.kind === "address").map((o) => o.result === "APPROVED")),
    cityAlternates: cases.filter((o) => o.cityAlternate).length,
    bySource,
  };
}

export async function measureAddresses(
  set: AddressSet,
): Promise<{ cases: CaseOutcome[]; regions: RegionOutcome[]; summary: AddressSummary }> {
  const cases: CaseOutcome[] = [];
  for (const c of set.cases) cases.push(await runCase(c));
  const regions: RegionOutcome[] = [];
  for (const r of set.regions) regions.push(await runRegion(r));
  return { cases, regions, summary: summarise(cases, regions) };
}
