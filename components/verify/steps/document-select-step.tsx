"use client";
import { useLocale, useTranslations } from "next-intl";
import { useEffect, useMemo, useState } from "react";
import { fetchDocumentTypes, type DocumentTypeOption } from "@/components/verify/hosted-api";
import { countryName } from "@/components/verify/i18n";
import { ErrorBanner, FieldError, StepHeader, SubmitButton, useStepSubmit } from "@/components/verify/ui";
import type { StepProps } from "@/components/verify/steps/types";
import { flagEmoji } from "@/lib/shared/country-codes";
import styles from "@/components/verify/verify.module.css";

type TypeKey = Parameters<ReturnType<typeof useTranslations<"document">>>[0];

/** DOCUMENT_COUNTRY, then DOCUMENT_TYPE among the types the workflow accepts from that country. */
export function DocumentSelectStep({ screenFields, state, submit }: StepProps) {
  const lang = useLocale();
  const t = useTranslations("document");
  const common = useTranslations("common");
  const { busy, error, fieldErrors, run } = useStepSubmit();
  const countryField = screenFields.find((f) => f.fieldName === "DOCUMENT_COUNTRY");
  const group = screenFields[0]?.group ?? 0;
  const [country, setCountry] = useState("");
  const [type, setType] = useState("");
  const [types, setTypes] = useState<DocumentTypeOption[] | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);

  const countries = useMemo(() => {
    const codes = (countryField?.data?.options ?? []) as string[];
    return codes
      .map((code) => ({ code, name: countryName(lang, code) }))
      .sort((a, b) => a.name.localeCompare(b.name, lang));
  }, [countryField, lang]);

  useEffect(() => {
    if (!country) return;
    let cancelled = false;
    setTypes(null);
    setType("");
    setLoadError(null);
    fetchDocumentTypes(state.flowId, country, group)
      .then((list) => {
        if (cancelled) return;
        setTypes(list);
        if (list.length === 1) setType(list[0]!.name);
      })
      .catch(() => !cancelled && setLoadError(common("network")));
    return () => {
      cancelled = true;
    };
  }, [country, state.flowId, group, common]);

  function onSubmit(event: React.FormEvent) {
    event.preventDefault();
    const chosen = types?.find((t) => t.name === type);
    if (!country || !chosen) return;
    void run(() =>
      submit(
        {
          texts: [
            { fieldName: "DOCUMENT_COUNTRY", type: "TEXT", value: country },
            { fieldName: "DOCUMENT_TYPE", type: "TEXT", value: chosen.name },
          ],
        },
        { documentSides: chosen.sides },
      ),
    );
  }

  return (
    <form onSubmit={onSubmit} noValidate>
      <StepHeader title={t("selectTitle")} intro={t("selectIntro")} />
      <ErrorBanner message={error ?? loadError} />
      <div className={styles.field}>
        <label htmlFor="document-country">{t("country")}</label>
        <select
          id="document-country"
          value={country}
          onChange={(e) => setCountry(e.target.value)}
          aria-invalid={Boolean(fieldErrors.DOCUMENT_COUNTRY)}
          aria-describedby="document-country-error"
          required
        >
          <option value="">{t("countryPlaceholder")}</option>
          {countries.map((c) => (
            <option key={c.code} value={c.code}>
              {flagEmoji(c.code)} {c.name}
            </option>
          ))}
        </select>
        <FieldError id="document-country-error" message={fieldErrors.DOCUMENT_COUNTRY} />
      </div>
      {country ? (
        <fieldset className={styles.field} aria-describedby="document-type-error">
          <legend>{t("type")}</legend>
          {types === null && !loadError ? <p className={styles.muted}>{t("typesLoading")}</p> : null}
          {types?.length === 0 ? <p className={styles.muted}>{t("noTypes")}</p> : null}
          <div className={styles.choices}>
            {types?.map((option) => (
              <label key={option.name} className={styles.choice}>
                <input
                  type="radio"
                  name="document-type"
                  value={option.name}
                  checked={type === option.name}
                  onChange={() => setType(option.name)}
                />
                <span>
                  {t.has(`types.${option.name}` as TypeKey) ? t(`types.${option.name}` as TypeKey) : option.label}
                </span>
              </label>
            ))}
          </div>
          <FieldError id="document-type-error" message={fieldErrors.DOCUMENT_TYPE} />
        </fieldset>
      ) : null}
      <SubmitButton busy={busy} disabled={!country || !type}>
        {common("continue")}
      </SubmitButton>
    </form>
  );
}
