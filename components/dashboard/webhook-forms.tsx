"use client";
import { useRouter } from "next/navigation";
import { useActionState, useEffect, useState, useTransition } from "react";
import { CopyField } from "@/components/dashboard/copy-button";
import { ActionAlert, Alert } from "@/components/ui/alert";
import { Field } from "@/components/ui/field";
import { FieldError } from "@/components/ui/field-error";
import { EVENT_NAMES } from "@/lib/domain/events/event-names";
import { fieldError, type ActionState, type FormAction } from "@/lib/actions/action-state";
import styles from "@/components/dashboard/dashboard.module.css";

function SecretOnce({ secret, what }: { secret: string; what: string }) {
  return (
    <div className={styles.secret} role="status">
      <strong>{what}</strong> Copy it now: it is shown only this once. Sign-check deliveries with its base64-decoded
      bytes.
      <CopyField value={secret} label="signing secret" />
    </div>
  );
}

/** URL, event selection and enabled: for a new endpoint (then its secret, once) or an existing one. */
export function WebhookEndpointForm({
  action,
  initial,
  submitLabel,
}: {
  action: FormAction;
  initial?: { url: string; events: string[]; enabled: boolean };
  submitLabel: string;
}) {
  const router = useRouter();
  const [state, submit, pending] = useActionState(action, undefined);
  // a list's errors come as "events.3": fieldError shows them at the list
  const error = (name: string) => (state && !state.ok ? fieldError(state.fieldErrors, name) : undefined);
  useEffect(() => {
    if (state?.ok && !state.secret) router.refresh();
  }, [state, router]);
  return (
    <>
      {state?.ok && state.secret ? <SecretOnce secret={state.secret} what="The endpoint's signing secret." /> : null}
      <form action={submit} className={styles.panel} aria-label={submitLabel}>
        <ActionAlert state={state} errorOnly />
        {state?.ok && !state.secret ? <Alert kind="notice">Saved.</Alert> : null}
        <Field id="hook-url" label="URL" error={error("url")}>
          {(control) => (
            <input
              {...control}
              name="url"
              type="url"
              required
              defaultValue={initial?.url}
              placeholder="https://example.com/webhooks/openkyc"
            />
          )}
        </Field>
        <fieldset className={styles.fieldset} aria-describedby={error("events") ? "hook-events-error" : undefined}>
          <legend>Events (none ticked: every event)</legend>
          {EVENT_NAMES.map((name) => (
            <label key={name} className={styles.check}>
              <input type="checkbox" name="events" value={name} defaultChecked={initial?.events.includes(name)} />{" "}
              <span className={styles.code}>{name}</span>
            </label>
          ))}
        </fieldset>
        <FieldError id="hook-events-error" message={error("events")} />
        {initial ? null : (
          <fieldset className={styles.fieldset}>
            <legend>Mode (fixed once created)</legend>
            <label className={styles.check}>
              <input type="radio" name="mode" value="live" defaultChecked /> Live verifications
            </label>
            <label className={styles.check}>
              <input type="radio" name="mode" value="test" /> Test verifications (sandbox)
            </label>
          </fieldset>
        )}
        <div className={styles.field}>
          <label className={styles.check}>
            <input type="checkbox" name="enabled" defaultChecked={initial?.enabled ?? true} /> Enabled (a disabled
            endpoint receives nothing)
          </label>
        </div>
        <button className={styles.primary} disabled={pending}>
          {pending ? "Saving…" : submitLabel}
        </button>
      </form>
    </>
  );
}

/** Rotate: a new secret in force at once, shown here once. */
export function RotateSecretButton({ rotate }: { rotate: () => Promise<ActionState> }) {
  const [pending, start] = useTransition();
  const [result, setResult] = useState<{ secret?: string; error?: string } | null>(null);
  return (
    <>
      {result?.secret ? (
        <SecretOnce secret={result.secret} what="The new signing secret, in force now (the old one no longer signs)." />
      ) : null}
      <span className={styles.row}>
        <button
          type="button"
          className={styles.danger}
          disabled={pending}
          onClick={() => {
            if (
              !window.confirm(
                "Rotate the signing secret? Deliveries are signed with the new secret from now on; your receiver must switch over.",
              )
            )
              return;
            start(async () => {
              const r = await rotate();
              setResult(r?.ok ? { secret: r.secret } : { error: r?.error ?? "That did not work." });
            });
          }}
        >
          {pending ? "Rotating…" : "Rotate signing secret"}
        </button>
        {result?.error ? (
          <Alert kind="error" inline>
            {result.error}
          </Alert>
        ) : null}
      </span>
    </>
  );
}
