"use client";
import { Controller, type FieldError, type UseFormReturn } from "react-hook-form";
import type { z } from "zod";
import {
  DEFAULT_AGREEMENT_STATEMENT,
  LIVENESS_CHALLENGES,
  PAD_MODES,
  SETTING_DEFINITIONS,
  type SettingName,
} from "@/lib/shared/workflow-settings";
import type { WorkflowDefinitionSchema } from "@/lib/domain/flows/workflow-definition";
import styles from "@/components/dashboard/dashboard.module.css";
import {
  CREDENTIAL_SETTING_COPY,
  CredentialSettingField,
  isCredentialSetting,
} from "@/components/dashboard/workflow-credential-fields";

type Form = UseFormReturn<z.input<typeof WorkflowDefinitionSchema>, unknown, z.output<typeof WorkflowDefinitionSchema>>;

const COPY: Record<SettingName, { label: string; help: string }> = {
  ...CREDENTIAL_SETTING_COPY,
  GALLERY_RESTRICTION: { label: "Camera capture only", help: "End users may not upload files from their gallery." },
  LINK_EXPIRY_HOURS: {
    label: "Link expiry (hours)",
    help: "Hours after the start in which the inputs must be complete; then the verification expires. 1–2160.",
  },
  DOCUMENT_CROSS_REFERENCE: {
    label: "Cross-reference the address with the identity document",
    help: "Address verification.",
  },
  GEOLOCATION_CONFIRMATION: { label: "Confirm the address with the device location", help: "Address verification." },
  POSTAL_VALIDATION: { label: "Validate the postal code format", help: "Address verification." },
  ADDRESS_DUPLICATE_DETECTION: {
    label: "An address already used by another verification",
    help: "Address verification: what a duplicate leads to.",
  },
  ALLOWED_COUNTRIES: {
    label: "Countries whose addresses are accepted",
    help: "Address verification. None selected: all.",
  },
  ADDRESS_COMPLETENESS: {
    label: "Require a complete address",
    help: "Street, city, postal code and country all required.",
  },
  LIVENESS_CHALLENGE: { label: "Liveness challenge", help: "The head movement the end user films." },
  PAD_MODE: {
    label: "Presentation-attack detection",
    help: "Enforce: a printed photo or a screen is sent to review (declined only when another check agrees). Shadow: the score is recorded on the step and decides nothing.",
  },
  AGREEMENT_STATEMENT: {
    label: "Agreement statement",
    help: "The statement the end user reads aloud on video. 10–1000 characters. Checked automatically in English only (whether it was read, by a speech recogniser on the server); in any other language a reviewer listens.",
  },
  WATCHLIST_THRESHOLD: {
    label: "Watchlist match threshold",
    help: "Similarity (0.5–1) from which a watchlist entry counts as a potential match.",
  },
  WATCHLIST_WEAK_ALIASES: {
    label: "Screen weak aliases",
    help: 'Also screen the aliases a list marks as low quality (UN "Low"): more matches to review.',
  },
};

const ENUM_LABELS: Record<string, string> = {
  REJECTED: "Decline the verification",
  REVIEW_NEEDED: "Send it to manual review",
  TURN_HEAD_LEFT_RIGHT: "Turn head left, then right",
  TURN_HEAD_RIGHT_LEFT: "Turn head right, then left",
  NOD: "Nod",
  ENFORCE: "Enforce (default)",
  SHADOW: "Shadow: record the score only",
};

const ENUM_OPTIONS: Partial<Record<SettingName, readonly string[]>> = {
  ADDRESS_DUPLICATE_DETECTION: ["REJECTED", "REVIEW_NEEDED"],
  LIVENESS_CHALLENGE: LIVENESS_CHALLENGES,
  PAD_MODE: PAD_MODES,
};

const emptyToUndefined = (v: unknown) => (typeof v === "string" && v.trim() === "" ? undefined : v);

export function SettingField({
  name,
  form,
  countries,
}: {
  name: SettingName;
  form: Form;
  countries: { code: string; name: string }[];
}) {
  if (isCredentialSetting(name)) return <CredentialSettingField name={name} form={form} />;
  const { register, control, formState } = form;
  const error = (formState.errors.settings as Record<string, FieldError | undefined> | undefined)?.[name];
  const id = `wf-setting-${name}`;
  const { label, help } = COPY[name];
  const described = [`${id}-help`, error ? `${id}-error` : null].filter(Boolean).join(" ");
  const path = `settings.${name}` as const;
  const type = SETTING_DEFINITIONS[name].type;

  let control_: React.ReactNode;
  if (type === "BOOLEAN") {
    return (
      <div className={styles.field}>
        <label className={styles.check} htmlFor={id}>
          <input id={id} type="checkbox" {...register(path)} aria-describedby={described} /> {label}
        </label>
        <span id={`${id}-help`} className={styles.muted}>
          {help}
        </span>
        {error ? (
          <p id={`${id}-error`} className={styles.fieldError}>
            {error.message}
          </p>
        ) : null}
      </div>
    );
  } else if (type === "NUMBER") {
    const step = name === "WATCHLIST_THRESHOLD" ? "0.01" : "1";
    control_ = (
      <input
        id={id}
        type="number"
        step={step}
        inputMode="decimal"
        {...register(path, { setValueAs: (v) => (emptyToUndefined(v) === undefined ? undefined : Number(v)) })}
        aria-invalid={Boolean(error)}
        aria-describedby={described}
      />
    );
  } else if (type === "ENUM") {
    control_ = (
      <select
        id={id}
        {...register(path, { setValueAs: emptyToUndefined })}
        aria-invalid={Boolean(error)}
        aria-describedby={described}
      >
        <option value="">Default</option>
        {(ENUM_OPTIONS[name] ?? []).map((o) => (
          <option key={o} value={o}>
            {ENUM_LABELS[o] ?? o}
          </option>
        ))}
      </select>
    );
  } else if (type === "STRING") {
    control_ = (
      <textarea
        id={id}
        rows={3}
        placeholder={name === "AGREEMENT_STATEMENT" ? DEFAULT_AGREEMENT_STATEMENT : undefined}
        {...register(path, { setValueAs: emptyToUndefined })}
        aria-invalid={Boolean(error)}
        aria-describedby={described}
      />
    );
  } else {
    return (
      <Controller
        control={control}
        name="settings.ALLOWED_COUNTRIES"
        render={({ field }) => (
          <CountrySelect
            id={id}
            label={label}
            help={help}
            countries={countries}
            value={field.value ?? []}
            onChange={(next) => field.onChange(next.length ? next : undefined)}
            error={error?.message}
          />
        )}
      />
    );
  }
  return (
    <div className={styles.field}>
      <label htmlFor={id}>{label}</label>
      {control_}
      <span id={`${id}-help`} className={styles.muted}>
        {help}
      </span>
      {error ? (
        <p id={`${id}-error`} className={styles.fieldError}>
          {error.message}
        </p>
      ) : null}
    </div>
  );
}

/** A multiple select of countries (Ctrl/Cmd/Shift + click, or the keyboard), with the choice spelled out below. */
export function CountrySelect({
  id,
  label,
  help,
  countries,
  value,
  onChange,
  error,
}: {
  id: string;
  label: string;
  help?: string;
  countries: { code: string; name: string }[];
  value: readonly string[];
  onChange: (next: string[]) => void;
  error?: string;
}) {
  const names = new Map(countries.map((c) => [c.code, c.name]));
  return (
    <div className={styles.field}>
      <label htmlFor={id}>{label}</label>
      <select
        id={id}
        multiple
        size={6}
        value={[...value]}
        onChange={(e) => onChange([...e.target.selectedOptions].map((o) => o.value))}
        aria-invalid={Boolean(error)}
        aria-describedby={`${id}-chosen`}
      >
        {countries.map((c) => (
          <option key={c.code} value={c.code}>
            {c.name} ({c.code})
          </option>
        ))}
      </select>
      <span id={`${id}-chosen`} className={styles.muted}>
        {help ? `${help} ` : ""}Selected: {value.length ? value.map((c) => names.get(c) ?? c).join(", ") : "none (all)"}
        {value.length ? (
          <>
            {" "}
            ·{" "}
            <button type="button" className={styles.linkButton} onClick={() => onChange([])}>
              clear
            </button>
          </>
        ) : null}
      </span>
      {error ? <p className={styles.fieldError}>{error}</p> : null}
    </div>
  );
}
