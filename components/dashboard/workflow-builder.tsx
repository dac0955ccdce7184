"use client";
import { zodResolver } from "@hookform/resolvers/zod";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { Controller, useForm, type Resolver } from "react-hook-form";
import type { z } from "zod";
import { DocumentAutomation, type AutomationTable } from "@/components/dashboard/document-automation";
import { ProcessList } from "@/components/dashboard/process-list";
import { CountrySelect, SettingField } from "@/components/dashboard/workflow-settings-fields";
import { DecisionRulesFields } from "@/components/dashboard/decision-rules-fields";
import { Alert } from "@/components/ui/alert";
import { Field } from "@/components/ui/field";
import { DOCUMENT_TYPE_LABELS, DOCUMENT_TYPE_NAMES } from "@/lib/shared/document-type-names";
import { pruneDefinition, relevantSettings, WorkflowDefinitionSchema } from "@/lib/domain/flows/workflow-definition";
import type { ActionState } from "@/lib/actions/action-state";
import styles from "@/components/dashboard/dashboard.module.css";

type Input = z.input<typeof WorkflowDefinitionSchema>;
type Output = z.output<typeof WorkflowDefinitionSchema>;

// The server's own schema, applied to what the server will keep: settings of processes no longer chosen are
// dropped before validation (as saveWorkflow drops them), so a hidden field can never block a save.
const baseResolver = zodResolver(WorkflowDefinitionSchema);
const resolver: Resolver<Input, unknown, Output> = (values, context, options) =>
  baseResolver(pruneDefinition(values), context, options);

export function WorkflowBuilder({
  initial,
  workflowId,
  countries,
  automation,
  save,
}: {
  initial?: Input;
  workflowId?: string;
  countries: { code: string; name: string }[];
  /** per document type and issuing country, what the service decides on its own (catalog automationTable) */
  automation: AutomationTable;
  save: (workflowId: string | null, input: unknown) => Promise<ActionState>;
}) {
  const router = useRouter();
  const [message, setMessage] = useState<{ kind: "error" | "notice"; text: string } | null>(null);
  const form = useForm<Input, unknown, Output>({
    resolver,
    defaultValues: initial ?? {
      name: "",
      processes: ["DOCUMENT_VERIFICATION", "LIVENESS"],
      documentTypes: [],
      countries: [],
      settings: {},
      rules: [],
      acceptUnsignedLinks: false,
    },
  });
  const { register, control, handleSubmit, formState, setError, watch } = form;
  const errors = formState.errors;
  const processes = watch("processes") ?? [];
  const shown = relevantSettings(processes);
  const acceptedTypes = watch("documentTypes") ?? [];
  const acceptedCountries = watch("countries") ?? [];
  const countryNames = Object.fromEntries(countries.map((c) => [c.code, c.name]));

  const onSubmit = handleSubmit(async (values) => {
    setMessage(null);
    const result = await save(workflowId ?? null, values);
    if (!result?.ok) {
      for (const [path, text] of Object.entries(result?.fieldErrors ?? {})) setError(path as never, { message: text });
      setMessage({ kind: "error", text: result?.error ?? "Some values are not valid: see the marked fields." });
      return;
    }
    if (workflowId) {
      setMessage({
        kind: "notice",
        text: `Published version ${result.version}. Verifications already started keep the version they began with.`,
      });
      router.refresh();
    } else {
      router.push(`/dashboard/workflows/${result.workflowId}`);
    }
  });

  const processError =
    errors.processes?.message ??
    errors.processes?.root?.message ??
    (Array.isArray(errors.processes) ? "Unknown process" : undefined);
  return (
    <form onSubmit={onSubmit} noValidate aria-label="Workflow builder">
      {message ? <Alert kind={message.kind}>{message.text}</Alert> : null}
      <section className={styles.panel}>
        <Field id="wf-name" label="Name" error={errors.name?.message}>
          {(control) => <input {...control} {...register("name")} />}
        </Field>
      </section>

      <section className={styles.panel} aria-labelledby="wf-processes">
        <h2 id="wf-processes">Processes, in the order the end user meets them</h2>
        <Controller
          control={control}
          name="processes"
          render={({ field }) => <ProcessList value={field.value ?? []} onChange={field.onChange} />}
        />
        {processError ? (
          <p role="alert" className={styles.fieldError}>
            {processError}
          </p>
        ) : null}
      </section>

      {processes.includes("DOCUMENT_VERIFICATION") ? (
        <section className={styles.panel} aria-labelledby="wf-documents">
          <h2 id="wf-documents">Identity documents</h2>
          <fieldset className={styles.fieldset}>
            <legend>Accepted document types (none ticked: all)</legend>
            {DOCUMENT_TYPE_NAMES.map((name) => (
              <label key={name} className={styles.check}>
                <input type="checkbox" value={name} {...register("documentTypes")} /> {DOCUMENT_TYPE_LABELS[name]}
              </label>
            ))}
          </fieldset>
          <Controller
            control={control}
            name="countries"
            render={({ field }) => (
              <CountrySelect
                id="wf-countries"
                label="Issuing countries accepted (none selected: all)"
                countries={countries}
                value={field.value ?? []}
                onChange={field.onChange}
                error={errors.countries?.message ?? (errors.countries ? "Invalid country" : undefined)}
              />
            )}
          />
          <DocumentAutomation
            table={automation}
            types={acceptedTypes}
            countries={acceptedCountries}
            countryNames={countryNames}
          />
        </section>
      ) : null}

      <section className={styles.panel} aria-labelledby="wf-settings">
        <h2 id="wf-settings">Settings</h2>
        <p className={styles.muted}>
          Only the settings of the chosen processes are shown and saved. Empty: the default.
        </p>
        {shown.map((name) => (
          <SettingField key={name} name={name} form={form} countries={countries} />
        ))}
        <label className={styles.check}>
          <input type="checkbox" {...register("acceptUnsignedLinks")} /> Accept unsigned links (
          <code>/verify?flowId&amp;clientId</code>, the embed&apos;s flowId+clientId): anyone can open one and write its
          metadata, so its verifications say <code>linkSigned: false</code>. Off: only signed links and the API start
          verifications.
        </label>
      </section>

      <DecisionRulesFields form={form} processes={processes} />

      <div className={styles.row}>
        <button className={styles.primary} disabled={formState.isSubmitting}>
          {formState.isSubmitting ? "Publishing…" : workflowId ? "Publish new version" : "Create workflow"}
        </button>
      </div>
    </form>
  );
}
