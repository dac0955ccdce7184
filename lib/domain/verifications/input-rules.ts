import { z } from "zod";
import { isCountryCode } from "@/lib/shared/country-codes";
import { isStorableString } from "@/lib/domain/verifications/storable-string";

// Per-field rules for TEXT values (LOCATION values: lib/shared/location-input.ts). The hosted page's forms use the
// same schemas. Each refinement names its reason in `params.reason`: the API's details keep the English message, the
// page shows its own translated sentence chosen by that reason (components/verify/field-errors.ts).
const text = (max: number) =>
  z
    .string()
    .trim()
    .min(1, "Required")
    .max(max, `At most ${max} characters`)
    .refine(isStorableString, {
      message: "Contains a NUL character or invalid Unicode",
      params: { reason: "characters" },
    });

export const isoDate = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, "Expected a date as YYYY-MM-DD")
  .refine(
    (s) => {
      const d = new Date(`${s}T00:00:00Z`);
      return !Number.isNaN(d.getTime()) && d.toISOString().startsWith(s);
    },
    { message: "Not a real calendar date", params: { reason: "realDate" } },
  );

/** A wallet's answer (issue 34): the JSON of a DigitalCredential, bounded well under the body's envelope. */
export const MAX_CREDENTIAL_ANSWER_CHARS = 512 * 1024;
const credentialAnswer = z
  .string()
  .max(MAX_CREDENTIAL_ANSWER_CHARS, `At most ${MAX_CREDENTIAL_ANSWER_CHARS} characters`)
  .refine((s) => {
    try {
      const parsed = JSON.parse(s) as unknown;
      return Boolean(parsed) && typeof parsed === "object" && !Array.isArray(parsed);
    } catch {
      return false;
    }
  }, "Expected the JSON of the wallet's answer ({protocol, data})");

export const TEXT_RULES: Record<string, z.ZodType<string>> = {
  DIGITAL_CREDENTIAL: credentialAnswer,
  EMAIL: z.string().trim().toLowerCase().max(254).pipe(z.email("Expected an e-mail address")),
  EMAIL_OTP: z
    .string()
    .trim()
    .regex(/^\d{6}$/, "Expected the 6-digit code"),
  FULL_NAME: text(200).refine((s) => /\p{L}/u.test(s), { message: "Expected a name", params: { reason: "name" } }),
  DATE_OF_BIRTH: isoDate.refine((s) => s >= "1900-01-01" && new Date(`${s}T00:00:00Z`) < new Date(), {
    message: "Must be in the past",
    params: { reason: "birthDate" },
  }),
  ADDRESS_LINE: text(200),
  CITY: text(100),
  PROVINCE: text(100),
  POSTAL_CODE: text(20).refine((s) => /^[\p{L}\p{N} -]+$/u.test(s), {
    message: "Letters, digits, spaces and hyphens only",
    params: { reason: "postalCharacters" },
  }),
  COUNTRY: z
    .string()
    .trim()
    .refine(isCountryCode, { message: "Expected an ISO 3166-1 alpha-2 country code", params: { reason: "country" } })
    .transform((c) => c.toUpperCase()),
};

/** A DROPDOWN value must be one of the offered options (case-insensitive, stored as offered). */
export function pickOption(value: string, options: readonly string[]): string | null {
  const wanted = value.trim().toUpperCase();
  return options.find((o) => o.toUpperCase() === wanted) ?? null;
}
