import { z } from "zod";
import { isCountryCode } from "@/lib/shared/country-codes";
import { DOCUMENT_TYPE_NAMES } from "@/lib/shared/document-type-names";
import { PROCESS_TYPES, type ProcessType } from "@/lib/shared/process-types";
import { SettingsSchema, type SettingName } from "@/lib/shared/workflow-settings";
import { DecisionRulesSchema, processesOfRule } from "@/lib/domain/flows/decision-rules";

// Browser-safe: the dashboard's builder (zodResolver) and publishWorkflow validate with this one schema.
export const WorkflowDefinitionSchema = z
  .object({
    name: z.string().trim().min(1, "Required").max(100),
    processes: z
      .array(z.enum(PROCESS_TYPES))
      .min(1, "Add at least one process")
      .refine((p) => new Set(p).size === p.length, "Each process may appear once"),
    documentTypes: z.array(z.enum(DOCUMENT_TYPE_NAMES)).default([]),
    countries: z
      .array(
        z
          .string()
          .refine(isCountryCode, "Expected ISO 3166-1 alpha-2")
          .transform((c) => c.toUpperCase()),
      )
      .default([]),
    settings: SettingsSchema.default({}),
    // per-check decision rules (docs/decision-rules.md); none: the fixed combination
    rules: DecisionRulesSchema.default([]),
    // unsigned shareable links may start verifications (issue 33); off when a workflow is created without it,
    // unchanged when a new version is published without it
    acceptUnsignedLinks: z.boolean().optional(),
  })
  .superRefine((definition, ctx) => {
    const chosen = new Set<string>(definition.processes);
    definition.rules.forEach((rule, index) => {
      const { check, requires } = processesOfRule(rule);
      if (!chosen.has(check))
        ctx.addIssue({
          code: "custom",
          path: ["rules", index, "check"],
          message: "The workflow has no step with this check",
        });
      if (requires.some((p) => !chosen.has(p)))
        ctx.addIssue({ code: "custom", path: ["rules", index, "requires"], message: "The workflow has no such step" });
    });
  });

export type WorkflowDefinition = z.input<typeof WorkflowDefinitionSchema>;
export type ParsedWorkflowDefinition = z.output<typeof WorkflowDefinitionSchema>;

const ADDRESS_SETTINGS = [
  "DOCUMENT_CROSS_REFERENCE",
  "GEOLOCATION_CONFIRMATION",
  "POSTAL_VALIDATION",
  "ADDRESS_DUPLICATE_DETECTION",
  "ALLOWED_COUNTRIES",
  "ADDRESS_COMPLETENESS",
] as const satisfies readonly SettingName[];

/** Settings that configure every workflow, whatever its processes. */
export const GENERAL_SETTINGS = ["GALLERY_RESTRICTION", "LINK_EXPIRY_HOURS"] as const satisfies readonly SettingName[];

/** The settings each process reads; the builder shows, and saving keeps, only those of the chosen processes. */
export const PROCESS_SETTINGS: Record<ProcessType, readonly SettingName[]> = {
  DOCUMENT_VERIFICATION: [],
  LIVENESS: ["LIVENESS_CHALLENGE", "PAD_MODE"],
  LOCATION_INTELLIGENCE: [],
  EMAIL_CHECK: [],
  WATCHLIST_CHECK: ["WATCHLIST_THRESHOLD", "WATCHLIST_WEAK_ALIASES"],
  VIDEO_AGREEMENT: ["AGREEMENT_STATEMENT", "PAD_MODE"],
  ADDRESS_VERIFICATION: ADDRESS_SETTINGS,
  DIGITAL_CREDENTIAL: ["CREDENTIAL_KINDS", "CREDENTIAL_CLAIMS", "CREDENTIAL_ORIGINS"],
};

export function relevantSettings(processes: readonly string[]): SettingName[] {
  return [...GENERAL_SETTINGS, ...processes.flatMap((p) => PROCESS_SETTINGS[p as ProcessType] ?? [])];
}

/**
 * Drops what the chosen processes do not use (a setting of a removed process, document types without a document
 * step) and unset values, so a version stores only what shapes it.
 */
export function pruneDefinition<T extends WorkflowDefinition>(definition: T): T {
  const keep = new Set<string>(relevantSettings(definition.processes));
  const settings = Object.fromEntries(
    Object.entries(definition.settings ?? {}).filter(
      ([name, value]) => keep.has(name) && value !== undefined && value !== null && value !== "",
    ),
  );
  const hasDocument = definition.processes.includes("DOCUMENT_VERIFICATION");
  return {
    ...definition,
    settings,
    documentTypes: hasDocument ? definition.documentTypes : [],
    countries: hasDocument ? definition.countries : [],
  };
}
