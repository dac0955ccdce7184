"use client";
import { useLocale, useTranslations } from "next-intl";
import { useEffect, useMemo, useState } from "react";
import { useForm } from "react-hook-form";
import { fetchAddressFormat } from "@/components/verify/hosted-api";
import { countryName } from "@/components/verify/i18n";
import { ErrorBanner, FieldError, StepHeader, SubmitButton, useStepSubmit } from "@/components/verify/ui";
import { addressSchema } from "@/components/verify/steps/address-schema";
import { useRuleResolver } from "@/components/verify/steps/rule-resolver";
import type { StepProps } from "@/components/verify/steps/types";
import { ISO_COUNTRY_CODES, flagEmoji, usesNoPostalCodes } from "@/lib/shared/country-codes";
import { matchesPostalPattern } from "@/lib/shared/postal-code";
import type { AddressFormat } from "@/lib/domain/hosted/types";
import styles from "@/components/verify/verify.module.css";

type AddressValues = Record<string, string>;
type AddressKey = Parameters<ReturnType<typeof useTranslations<"address">>>[0];

/** ADDRESS_LINE, CITY, PROVINCE, POSTAL_CODE, COUNTRY: labelled and hinted the way the chosen country writes addresses. */
export function AddressStep({ screenFields, state, submit }: StepProps) {
  const lang = useLocale();
  const t = useTranslations("address");
  const common = useTranslations("common");
  const { busy, error, fieldErrors, run } = useStepSubmit();
  const schema = useMemo(() => addressSchema(screenFields), [screenFields]);
  // the country of the identity document, when this verification has one the address step accepts
  const documentCountry =
    state.documentCountry && (state.addressCountries ?? [state.documentCountry]).includes(state.documentCountry)
      ? state.documentCountry
      : "";
  const { register, handleSubmit, watch, setError, formState } = useForm<AddressValues>({
    resolver: useRuleResolver(schema),
    defaultValues: Object.fromEntries(
      screenFields.map((f) => [f.fieldName, f.fieldName === "COUNTRY" ? documentCountry : ""]),
    ),
  });
  const country = watch("COUNTRY");
  const postalCode = watch("POSTAL_CODE");
  const [addressFormat, setAddressFormat] = useState<AddressFormat | null>(null);

  useEffect(() => {
    let cancelled = false;
    if (!country) return setAddressFormat(null);
    fetchAddressFormat(country)
      .then((f) => !cancelled && setAddressFormat(f))
      .catch(() => !cancelled && setAddressFormat(null));
    return () => {
      cancelled = true;
    };
  }, [country]);

  // the server's messages land next to their fields
  useEffect(() => {
    for (const [field, message] of Object.entries(fieldErrors))
      if (field !== "_") setError(field, { type: "server", message });
  }, [fieldErrors, setError]);

  const countries = useMemo(
    () =>
      (state.addressCountries ?? ISO_COUNTRY_CODES)
        .map((code) => ({ code, name: countryName(lang, code) }))
        .sort((a, b) => a.name.localeCompare(b.name, lang)),
    [state.addressCountries, lang],
  );

  const byName = new Map(screenFields.map((f) => [f.fieldName, f]));
  // the server names the country's labels (lib/domain/hosted/address-format.ts); one the page has no text for falls back
  const label = (group: "city" | "region" | "postal", name: string | undefined, fallback: string) => {
    const key = `${group}.${name}` as AddressKey;
    return t(name && t.has(key) ? key : (`${group}.${fallback}` as AddressKey));
  };
  const labels: Record<string, string> = {
    ADDRESS_LINE: t("line"),
    CITY: label("city", addressFormat?.cityLabel, "city"),
    PROVINCE: label("region", addressFormat?.regionLabel, "province"),
    POSTAL_CODE: label("postal", addressFormat?.postalLabel, "postal"),
  };
  const hidden = (name: string) => {
    const field = byName.get(name);
    if (name === "POSTAL_CODE" && usesNoPostalCodes(country)) return true;
    if (!field || !addressFormat || !field.optional) return !field;
    return (
      (name === "PROVINCE" && !addressFormat.usesRegion) || (name === "POSTAL_CODE" && !addressFormat.usesPostalCode)
    );
  };
  const postalLooksWrong =
    Boolean(postalCode?.trim() && addressFormat?.postalPattern) &&
    !matchesPostalPattern(new RegExp(addressFormat!.postalPattern!), postalCode);

  const errorOf = (name: string) => formState.errors[name]?.message;

  const onSubmit = handleSubmit((values) =>
    run(() =>
      submit({
        texts: screenFields
          .filter((f) => values[f.fieldName] && !hidden(f.fieldName))
          .map((f) => ({ fieldName: f.fieldName, type: "TEXT" as const, value: values[f.fieldName]! })),
      }),
    ),
  );

  const textField = (name: string, extra: React.InputHTMLAttributes<HTMLInputElement> = {}, hint?: string) => {
    const field = byName.get(name);
    if (!field || hidden(name)) return null;
    const error = errorOf(name);
    return (
      <div className={styles.field}>
        <label htmlFor={`address-${name}`}>
          {labels[name]} {field.optional ? <span className={styles.muted}>({common("optional")})</span> : null}
        </label>
        <input
          id={`address-${name}`}
          {...register(name)}
          {...extra}
          aria-invalid={Boolean(error)}
          aria-describedby={`address-${name}-hint address-${name}-error`}
        />
        {hint ? (
          <p id={`address-${name}-hint`} className={styles.muted}>
            {hint}
          </p>
        ) : null}
        <FieldError id={`address-${name}-error`} message={error} />
      </div>
    );
  };

  return (
    <form onSubmit={onSubmit} noValidate>
      <StepHeader title={t("title")} intro={t("intro")} />
      <ErrorBanner message={error} />
      {byName.has("COUNTRY") ? (
        <div className={styles.field}>
          <label htmlFor="address-COUNTRY">{t("country")}</label>
          <select
            id="address-COUNTRY"
            {...register("COUNTRY")}
            aria-invalid={Boolean(errorOf("COUNTRY"))}
            aria-describedby="address-COUNTRY-error"
          >
            <option value="">{t("countryPlaceholder")}</option>
            {countries.map((c) => (
              <option key={c.code} value={c.code}>
                {flagEmoji(c.code)} {c.name}
              </option>
            ))}
          </select>
          <FieldError id="address-COUNTRY-error" message={errorOf("COUNTRY")} />
        </div>
      ) : null}
      {textField("ADDRESS_LINE", { autoComplete: "street-address" })}
      {textField("CITY", { autoComplete: "address-level2" })}
      {textField("PROVINCE", {
        autoComplete: "address-level1",
        list: addressFormat?.regions.length ? "address-regions" : undefined,
      })}
      {addressFormat?.regions.length ? (
        <datalist id="address-regions">
          {addressFormat.regions.map((region) => (
            <option key={region} value={region} />
          ))}
        </datalist>
      ) : null}
      {textField(
        "POSTAL_CODE",
        { autoComplete: "postal-code", inputMode: "text" },
        postalLooksWrong && addressFormat?.postalExample
          ? t("postalMismatch", { example: addressFormat.postalExample })
          : addressFormat?.postalExample
            ? t("postalExample", { example: addressFormat.postalExample })
            : undefined,
      )}
      <SubmitButton busy={busy}>{common("continue")}</SubmitButton>
    </form>
  );
}
