import { z } from "zod";
import type { InputField } from "@/lib/domain/flows/inputs";
import { TEXT_RULES } from "@/lib/domain/verifications/input-rules";
import { usesNoPostalCodes } from "@/lib/shared/country-codes";

/**
 * The server's own rules (TEXT_RULES); an optional part may stay empty. A required postal code is required only
 * where the chosen country has postal codes, as the server's list of missing inputs has it (lib/domain/flows/inputs.ts).
 */
export function addressSchema(fields: readonly InputField[]) {
  const shape: Record<string, z.ZodType<string, string>> = {};
  const postalRequired = fields.some((f) => f.fieldName === "POSTAL_CODE" && !f.optional);
  for (const field of fields) {
    const rule = (TEXT_RULES[field.fieldName] ?? z.string()) as z.ZodType<string, string>;
    shape[field.fieldName] =
      field.optional || field.fieldName === "POSTAL_CODE"
        ? z
            .string()
            .trim()
            .pipe(z.union([z.literal(""), rule]))
        : z.string().pipe(rule);
  }
  return z.object(shape).superRefine((values, ctx) => {
    if (!postalRequired || usesNoPostalCodes(values.COUNTRY)) return;
    const parsed = TEXT_RULES.POSTAL_CODE!.safeParse(values.POSTAL_CODE ?? "");
    for (const issue of parsed.success ? [] : parsed.error.issues) ctx.addIssue({ ...issue, path: ["POSTAL_CODE"] });
  });
}
