"use client";
import { useTranslations } from "next-intl";
import { useEffect } from "react";
import { useForm } from "react-hook-form";
import { z } from "zod";
import { ErrorBanner, FieldError, StepHeader, SubmitButton, useStepSubmit } from "@/components/verify/ui";
import { useRuleResolver } from "@/components/verify/steps/rule-resolver";
import type { StepProps } from "@/components/verify/steps/types";
import { TEXT_RULES } from "@/lib/domain/verifications/input-rules";
import styles from "@/components/verify/verify.module.css";

const PersonalSchema = z.object({
  FULL_NAME: TEXT_RULES.FULL_NAME as z.ZodType<string, string>,
  DATE_OF_BIRTH: TEXT_RULES.DATE_OF_BIRTH as z.ZodType<string, string>,
});
type PersonalValues = z.input<typeof PersonalSchema>;

/** FULL_NAME and DATE_OF_BIRTH, for a watchlist check without a document step. */
export function PersonalStep({ submit }: StepProps) {
  const t = useTranslations("personal");
  const common = useTranslations("common");
  const { busy, error, fieldErrors, run } = useStepSubmit();
  const { register, handleSubmit, setError, formState } = useForm<PersonalValues>({
    resolver: useRuleResolver(PersonalSchema),
    defaultValues: { FULL_NAME: "", DATE_OF_BIRTH: "" },
  });

  useEffect(() => {
    for (const name of ["FULL_NAME", "DATE_OF_BIRTH"] as const)
      if (fieldErrors[name]) setError(name, { type: "server", message: fieldErrors[name] });
  }, [fieldErrors, setError]);

  const errorOf = (name: keyof PersonalValues) => formState.errors[name]?.message;
  const onSubmit = handleSubmit((values) =>
    run(() =>
      submit({
        texts: [
          { fieldName: "FULL_NAME", type: "TEXT", value: values.FULL_NAME.trim() },
          { fieldName: "DATE_OF_BIRTH", type: "TEXT", value: values.DATE_OF_BIRTH },
        ],
      }),
    ),
  );

  return (
    <form onSubmit={onSubmit} noValidate>
      <StepHeader title={t("title")} intro={t("intro")} />
      <ErrorBanner message={error} />
      <div className={styles.field}>
        <label htmlFor="personal-name">{t("fullName")}</label>
        <input
          id="personal-name"
          autoComplete="name"
          {...register("FULL_NAME")}
          aria-invalid={Boolean(errorOf("FULL_NAME"))}
          aria-describedby="personal-name-error"
        />
        <FieldError id="personal-name-error" message={errorOf("FULL_NAME")} />
      </div>
      <div className={styles.field}>
        <label htmlFor="personal-dob">{t("dateOfBirth")}</label>
        <input
          id="personal-dob"
          type="date"
          autoComplete="bday"
          {...register("DATE_OF_BIRTH")}
          aria-invalid={Boolean(errorOf("DATE_OF_BIRTH"))}
          aria-describedby="personal-dob-error"
        />
        <FieldError id="personal-dob-error" message={errorOf("DATE_OF_BIRTH")} />
      </div>
      <SubmitButton busy={busy}>{common("continue")}</SubmitButton>
    </form>
  );
}
