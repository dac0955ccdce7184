"use client";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { ErrorBanner, FieldError, StepHeader, SubmitButton, useStepSubmit } from "@/components/verify/ui";
import type { StepProps } from "@/components/verify/steps/types";
import styles from "@/components/verify/verify.module.css";

/** Any TEXT or DROPDOWN input the page has no dedicated screen for, labelled by the API's description. */
export function GenericStep({ screenFields, submit }: StepProps) {
  const t = useTranslations("common");
  const generic = useTranslations("generic");
  const { busy, error, fieldErrors, run } = useStepSubmit();
  const [values, setValues] = useState<Record<string, string>>({});

  function onSubmit(event: React.FormEvent) {
    event.preventDefault();
    const texts = screenFields
      .filter((f) => values[f.fieldName]?.trim())
      .map((f) => ({ fieldName: f.fieldName, type: "TEXT" as const, value: values[f.fieldName]!.trim() }));
    void run(() => submit({ texts }));
  }

  return (
    <form onSubmit={onSubmit} noValidate>
      <StepHeader title={generic("title")} />
      <ErrorBanner message={error} />
      {screenFields.map((field) => {
        const id = `generic-${field.fieldName}`;
        const options = field.fieldType === "DROPDOWN" ? ((field.data?.options ?? []) as string[]) : null;
        const set = (value: string) => setValues((v) => ({ ...v, [field.fieldName]: value }));
        return (
          <div key={field.fieldName} className={styles.field}>
            <label htmlFor={id}>
              {field.description} {field.optional ? <span className={styles.muted}>({t("optional")})</span> : null}
            </label>
            {options ? (
              <select
                id={id}
                value={values[field.fieldName] ?? ""}
                onChange={(e) => set(e.target.value)}
                aria-describedby={`${id}-error`}
              >
                <option value="" />
                {options.map((o) => (
                  <option key={o} value={o}>
                    {o}
                  </option>
                ))}
              </select>
            ) : (
              <input
                id={id}
                value={values[field.fieldName] ?? ""}
                onChange={(e) => set(e.target.value)}
                aria-describedby={`${id}-error`}
              />
            )}
            <FieldError id={`${id}-error`} message={fieldErrors[field.fieldName]} />
          </div>
        );
      })}
      <SubmitButton busy={busy}>{t("continue")}</SubmitButton>
    </form>
  );
}
