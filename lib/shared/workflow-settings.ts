import { z } from "zod";
import { ISO_COUNTRY_CODES, isCountryCode } from "@/lib/shared/country-codes";
import { CREDENTIAL_CLAIMS, CREDENTIAL_KINDS } from "@/lib/shared/digital-credentials";

// Workflow settings: their API `type`, the zod schema of the typed value, and what they configure.
// The same schemas validate the seed, the dashboard forms and the engine's reading of a pinned version.
export const SETTING_TYPES = ["BOOLEAN", "STRING", "NUMBER", "ENUM", "STRING_ARRAY"] as const;
export type SettingType = (typeof SETTING_TYPES)[number];

/** PRESENTATION_ATTACK (LIVENESS, VIDEO_AGREEMENT): ENFORCE decides; SHADOW records the score and decides nothing. */
export const PAD_MODES = ["ENFORCE", "SHADOW"] as const;

const countryCode = z
  .string()
  .refine(isCountryCode, "must be an ISO 3166-1 alpha-2 country code")
  .transform((c) => c.toUpperCase());

export const LIVENESS_CHALLENGES = ["TURN_HEAD_LEFT_RIGHT", "TURN_HEAD_RIGHT_LEFT", "NOD", "RANDOM"] as const;
/** RANDOM: the server draws one of these per verification at its start (issue 31, docs/checks.md) */
export const DRAWN_CHALLENGES = ["TURN_HEAD_LEFT_RIGHT", "TURN_HEAD_RIGHT_LEFT", "NOD"] as const;
export type DrawnChallengeType = (typeof DRAWN_CHALLENGES)[number];

export const SETTING_DEFINITIONS = {
  // end users may not upload files from their gallery: camera capture only
  GALLERY_RESTRICTION: { type: "BOOLEAN", schema: z.boolean() },
  // hours after creation in which the inputs must be complete; then EXPIRED
  LINK_EXPIRY_HOURS: {
    type: "NUMBER",
    schema: z
      .number()
      .int()
      .min(1)
      .max(24 * 90),
  },
  DOCUMENT_CROSS_REFERENCE: { type: "BOOLEAN", schema: z.boolean() },
  GEOLOCATION_CONFIRMATION: { type: "BOOLEAN", schema: z.boolean() },
  POSTAL_VALIDATION: { type: "BOOLEAN", schema: z.boolean() },
  ADDRESS_DUPLICATE_DETECTION: { type: "ENUM", schema: z.enum(["REJECTED", "REVIEW_NEEDED"]) },
  ALLOWED_COUNTRIES: { type: "STRING_ARRAY", schema: z.array(countryCode).min(1).max(ISO_COUNTRY_CODES.length) },
  // street, city, postal code and country all required
  ADDRESS_COMPLETENESS: { type: "BOOLEAN", schema: z.boolean() },
  LIVENESS_CHALLENGE: { type: "ENUM", schema: z.enum(LIVENESS_CHALLENGES) },
  // presentation-attack detection deciding (ENFORCE, the default) or only recorded (SHADOW)
  PAD_MODE: { type: "ENUM", schema: z.enum(PAD_MODES) },
  // not "sealed:v1:…": reads open a `value` column by that prefix (lib/core/crypto/sealed-columns.ts), so a setting
  // that looks encrypted would make its workflow unreadable
  AGREEMENT_STATEMENT: {
    type: "STRING",
    schema: z
      .string()
      .trim()
      .min(10)
      .max(1000)
      .refine((v) => !v.startsWith("sealed:v1:"), "must not start with sealed:v1:"),
  },
  // 0..1 similarity from which a watchlist entry counts as a potential match
  WATCHLIST_THRESHOLD: { type: "NUMBER", schema: z.number().min(0.5).max(1) },
  // also screen the aliases a list marks as weak (UN QUALITY "Low"); off: they are stored but not screened
  WATCHLIST_WEAK_ALIASES: { type: "BOOLEAN", schema: z.boolean() },
  // DIGITAL_CREDENTIAL (issue 34): the wallet credentials accepted (unset: all of CREDENTIAL_KINDS) and the claims
  // asked for (unset: DEFAULT_CREDENTIAL_CLAIMS) — the request asks for these and nothing more
  CREDENTIAL_KINDS: {
    type: "STRING_ARRAY",
    schema: z.array(z.enum(CREDENTIAL_KINDS)).min(1).max(CREDENTIAL_KINDS.length),
  },
  CREDENTIAL_CLAIMS: {
    type: "STRING_ARRAY",
    schema: z.array(z.enum(CREDENTIAL_CLAIMS)).min(1).max(CREDENTIAL_CLAIMS.length),
  },
  // web origins of the integrator's own pages that may ask for a credential request (the hosted page's own origin
  // is always allowed): https://host[:port], or http://localhost for development
  CREDENTIAL_ORIGINS: {
    type: "STRING_ARRAY",
    schema: z.array(z.string().refine(isWebOrigin, "must be an origin such as https://example.com")).min(1).max(10),
  },
} as const satisfies Record<string, { type: SettingType; schema: z.ZodType }>;

export type SettingName = keyof typeof SETTING_DEFINITIONS;
export type SettingValues = { [K in SettingName]?: z.output<(typeof SETTING_DEFINITIONS)[K]["schema"]> };

export const SettingsSchema = z
  .object(
    Object.fromEntries(Object.entries(SETTING_DEFINITIONS).map(([name, def]) => [name, def.schema.optional()])) as {
      [K in SettingName]: z.ZodOptional<(typeof SETTING_DEFINITIONS)[K]["schema"]>;
    },
  )
  .strict();

/** The minimum a KYC needs from a wallet credential when the workflow does not say (docs/checks.md). */
export const DEFAULT_CREDENTIAL_CLAIMS = [
  "given_name",
  "family_name",
  "birth_date",
  "document_number",
  "expiry_date",
  "portrait",
] as const satisfies readonly (typeof CREDENTIAL_CLAIMS)[number][];

/** An origin exactly as a browser sends it: https (or http on localhost), a host, an optional port, nothing else. */
export function isWebOrigin(value: string): boolean {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return false;
  }
  const local = url.hostname === "localhost" || url.hostname === "127.0.0.1";
  if (url.protocol !== "https:" && !(url.protocol === "http:" && local)) return false;
  return url.origin === value;
}

export const DEFAULT_AGREEMENT_STATEMENT =
  "I confirm that I am the person in the identity document and that I agree to this verification.";

export function serializeSetting(
  name: SettingName,
  value: unknown,
): { fieldName: SettingName; type: SettingType; value: string } {
  const { type } = SETTING_DEFINITIONS[name];
  return { fieldName: name, type, value: type === "STRING_ARRAY" ? JSON.stringify(value) : String(value) };
}

/** Stored rows → typed values. Rows that no longer parse (a renamed setting) are skipped, not trusted. */
export function parseSettings(rows: readonly { fieldName: string; value: string }[]): SettingValues {
  const values: Record<string, unknown> = {};
  for (const row of rows) {
    const definition = SETTING_DEFINITIONS[row.fieldName as SettingName];
    if (!definition) continue;
    const raw = decode(definition.type, row.value);
    const parsed = definition.schema.safeParse(raw);
    if (parsed.success) values[row.fieldName] = parsed.data;
  }
  return values as SettingValues;
}

function decode(type: SettingType, value: string): unknown {
  switch (type) {
    case "BOOLEAN":
      return value === "true";
    case "NUMBER":
      return Number(value);
    case "STRING_ARRAY":
      try {
        return JSON.parse(value);
      } catch {
        return undefined;
      }
    default:
      return value;
  }
}
