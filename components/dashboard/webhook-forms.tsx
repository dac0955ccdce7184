"use client";
import { useRouter } from "next/navigation";
import { useActionState, useEffect, useState, useTransition } from "react";
import type { EndpointFormState } from "@/app/dashboard/webhooks/actions";
import { CopyField } from "@/components/dashboard/copy-button";
import { EVENT_NAMES } from "@/lib/domain/events/event-names";
import type { ActionState } from "@/lib/actions/action";
import styles from "@/components/dashboard/dashboard.module.css";

type FormAction = (state: EndpointFormState, form: FormData) => Promise<EndpointFormState>;

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
  const errors = state && !state.ok ? (state.fieldErrors ?? {}) : {};
  useEffect(() => {
    if (state?.ok && !state.secret) router.refresh();
  }, [state, router]);
  return (
    <>
      {state?.ok && state.secret ? <SecretOnce secret={state.secret} what="The endpoint's signing secret." /> : null}
      <form action={submit} className={styles.panel} aria-label={submitLabel}>
        {state && !state.ok && state.error ? (
          <p role="alert" className={styles.error}>
            {state.error}
          </p>
        ) : null}
        {state?.ok && !state.secret ? (
          <p role="status" className={styles.notice}>
            Saved.
          </p>
        ) : null}
        <div className={styles.field}>
          <label htmlFor="hook-url">URL</label>
          <input
            id="hook-url"
            name="url"
            type="url"
            required
            defaultValue={initial?.url}
            placeholder="https://example.com/webhooks/openkyc"
            aria-invalid={Boolean(errors.url)}
            aria-describedby={errors.url ? "hook-url-error" : undefined}
          />
          {errors.url ? (
            <p id="hook-url-error" className={styles.fieldError}>
              {errors.url}
            </p>
          ) : null}
        </div>
        <fieldset className={styles.fieldset}>
          <legend>Events (none ticked: every event)</legend>
          {EVENT_NAMES.map((name) => (
            <label key={name} className={styles.check}>
              <input type="checkbox" name="events" value={name} defaultChecked={initial?.events.includes(name)} />{" "}
              <span className={styles.code}>{name}</span>
            </label>
          ))}
        </fieldset>
        {errors.events ? <p className={styles.fieldError}>{errors.events}</p> : null}
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
          <span role="alert" className={styles.fieldError}>
            {result.error}
          </span>
        ) : null}
      </span>
    </>
  );
}
