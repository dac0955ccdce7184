import { useTranslations } from "next-intl";
import { useMemo } from "react";
import type { FieldErrors, FieldValues, Resolver } from "react-hook-form";
import type { z } from "zod";
import { explainIssue, type RuleIssue } from "@/components/verify/field-errors";

/** One value checked with a server rule: null, or the sentence to show next to its field. */
export function useRuleCheck() {
  const t = useTranslations("fieldErrors");
  return useMemo(
    () =>
      (field: string, rule: z.ZodType, value: unknown): string | null => {
        const parsed = rule.safeParse(value);
        if (parsed.success) return null;
        const { key, values } = explainIssue(field, parsed.error.issues[0] as RuleIssue);
        return t(key, values);
      },
    [t],
  );
}

/**
 * react-hook-form's resolver over the server's own zod rules (lib/domain/verifications/input-rules.ts), with each
 * field's message in the page's language chosen by the rule that failed (field-errors.ts), never zod's English.
 */
export function useRuleResolver<T extends FieldValues>(schema: z.ZodType<T, FieldValues>): Resolver<T> {
  const t = useTranslations("fieldErrors");
  return useMemo<Resolver<T>>(
    () => async (values) => {
      const parsed = schema.safeParse(values);
      if (parsed.success) return { values: parsed.data, errors: {} };
      const errors: Record<string, { type: string; message: string }> = {};
      for (const issue of parsed.error.issues) {
        const field = String(issue.path[0] ?? "");
        if (errors[field]) continue;
        const { key, values: args } = explainIssue(field, issue as RuleIssue);
        errors[field] = { type: issue.code, message: t(key, args) };
      }
      return { values: {}, errors: errors as FieldErrors<T> };
    },
    [schema, t],
  );
}
