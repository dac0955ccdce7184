"use client";
import { Controller, type FieldError, type UseFormReturn } from "react-hook-form";
import type { z } from "zod";
import { CREDENTIAL_CLAIMS, CREDENTIAL_KINDS } from "@/lib/shared/digital-credentials";
import { DEFAULT_CREDENTIAL_CLAIMS } from "@/lib/shared/workflow-settings";
import type { WorkflowDefinitionSchema } from "@/lib/domain/flows/workflow-definition";
import styles from "@/components/dashboard/dashboard.module.css";

// The DIGITAL_CREDENTIAL settings of the workflow builder (issue 34): which wallet credentials are accepted, which
// claims are asked for (data minimisation: nothing more), and the integrator's own origins.

type Form = UseFormReturn<z.input<typeof WorkflowDefinitionSchema>, unknown, z.output<typeof WorkflowDefinitionSchema>>;
type CredentialSetting = "CREDENTIAL_KINDS" | "CREDENTIAL_CLAIMS" | "CREDENTIAL_ORIGINS";

export const CREDENTIAL_SETTING_COPY: Record<CredentialSetting, { label: string; help: string }> = {
  CREDENTIAL_KINDS: {
    label: "Wallet credentials accepted",
    help: "Digital credential. None ticked: all of them.",
  },
  CREDENTIAL_CLAIMS: {
    label: "Claims asked of the wallet",
    help: `Digital credential: the wallet is asked for these and nothing more. None ticked: ${DEFAULT_CREDENTIAL_CLAIMS.join(", ")}.`,
  },
  CREDENTIAL_ORIGINS: {
    label: "Your own pages' origins",
    help: "Digital credential: origins (https://example.com, one per line) of your own front end that may ask for a credential request. The hosted page is always allowed.",
  },
};

export const CREDENTIAL_KIND_LABELS: Record<(typeof CREDENTIAL_KINDS)[number], string> = {
  MDL: "Mobile driving licence (ISO 18013-5 mDL)",
  EU_PID_MDOC: "EU person identification data (PID), mdoc",
  EU_PID_SD_JWT: "EU person identification data (PID), SD-JWT VC",
};

const CLAIM_LABELS: Record<(typeof CREDENTIAL_CLAIMS)[number], string> = {
  given_name: "Given name",
  family_name: "Family name",
  birth_date: "Birth date",
  age_over_18: "Over 18 (yes/no)",
  portrait: "Portrait",
  document_number: "Document number",
  expiry_date: "Expiry date",
  nationality: "Nationality",
  address: "Address",
};

export function isCredentialSetting(name: string): name is CredentialSetting {
  return name in CREDENTIAL_SETTING_COPY;
}

export function CredentialSettingField({ name, form }: { name: CredentialSetting; form: Form }) {
  const error = (form.formState.errors.settings as Record<string, FieldError | undefined> | undefined)?.[name];
  const id = `wf-setting-${name}`;
  const { label, help } = CREDENTIAL_SETTING_COPY[name];
  if (name === "CREDENTIAL_ORIGINS") {
    return (
      <div className={styles.field}>
        <label htmlFor={id}>{label}</label>
        <Controller
          control={form.control}
          name="settings.CREDENTIAL_ORIGINS"
          render={({ field }) => (
            <textarea
              id={id}
              rows={2}
              defaultValue={(field.value ?? []).join("\n")}
              onBlur={(e) => {
                const lines = e.target.value
                  .split(/\s+/)
                  .map((l) => l.trim())
                  .filter(Boolean);
                field.onChange(lines.length ? lines : undefined);
              }}
              aria-invalid={Boolean(error)}
              aria-describedby={`${id}-help`}
            />
          )}
        />
        <span id={`${id}-help`} className={styles.muted}>
          {help}
        </span>
        {error ? <p className={styles.fieldError}>{errorText(error)}</p> : null}
      </div>
    );
  }
  const options: readonly string[] = name === "CREDENTIAL_KINDS" ? CREDENTIAL_KINDS : CREDENTIAL_CLAIMS;
  const labels: Record<string, string> = name === "CREDENTIAL_KINDS" ? CREDENTIAL_KIND_LABELS : CLAIM_LABELS;
  return (
    <Controller
      control={form.control}
      name={`settings.${name}`}
      render={({ field }) => {
        const chosen = new Set<string>(field.value ?? []);
        const toggle = (option: string, on: boolean) => {
          const next = options.filter((o) => (o === option ? on : chosen.has(o)));
          field.onChange(next.length ? next : undefined);
        };
        return (
          <fieldset className={styles.field} aria-describedby={`${id}-help`}>
            <legend>{label}</legend>
            {options.map((option) => (
              <label key={option} className={styles.check}>
                <input
                  type="checkbox"
                  checked={chosen.has(option)}
                  onChange={(e) => toggle(option, e.target.checked)}
                />{" "}
                {labels[option] ?? option}
              </label>
            ))}
            <span id={`${id}-help`} className={styles.muted}>
              {help}
            </span>
            {error ? <p className={styles.fieldError}>{errorText(error)}</p> : null}
          </fieldset>
        );
      }}
    />
  );
}

function errorText(error: FieldError): string {
  if (error.message) return error.message;
  const items = Object.values(error as unknown as Record<string, FieldError | undefined>);
  return items.find((e) => e?.message)?.message ?? "Invalid value";
}
