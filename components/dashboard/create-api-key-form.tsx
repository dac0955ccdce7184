"use client";
import { useActionState } from "react";
import { CopyField } from "@/components/dashboard/copy-button";
import { ActionAlert } from "@/components/ui/alert";
import { Field } from "@/components/ui/field";
import { FieldError } from "@/components/ui/field-error";
import { fieldError, type FormAction } from "@/lib/actions/action-state";
import { SCOPES } from "@/lib/auth/api-keys/scopes";
import styles from "@/components/dashboard/dashboard.module.css";

const SCOPE_HELP: Record<(typeof SCOPES)[number], string> = {
  "verification:create": "start verifications",
  "verification:read": "read verifications and their status",
  "verification:inputs": "send inputs (server-side capture)",
};

export function CreateApiKeyForm({ action }: { action: FormAction }) {
  const [state, submit, pending] = useActionState(action, undefined);
  const error = (name: string) => (state && !state.ok ? fieldError(state.fieldErrors, name) : undefined);
  return (
    <>
      {state?.ok && state.key ? (
        <div className={styles.secret} role="status">
          <strong>Your new API key.</strong> Copy it now: it is shown only this once and cannot be shown again.
          <CopyField value={state.key} label="API key" />
        </div>
      ) : null}
      <form action={submit} className={styles.panel} aria-labelledby="new-key">
        <h2 id="new-key">Create a key</h2>
        <ActionAlert state={state} errorOnly />
        <Field id="key-name" label="Name" error={error("name")}>
          {(control) => <input {...control} name="name" required maxLength={100} placeholder="Production backend" />}
        </Field>
        <fieldset className={styles.fieldset} aria-describedby={error("scopes") ? "key-scopes-error" : undefined}>
          <legend>Scopes</legend>
          {SCOPES.map((scope) => (
            <label key={scope} className={styles.check}>
              <input type="checkbox" name="scopes" value={scope} defaultChecked={scope !== "verification:inputs"} />{" "}
              <span className={styles.code}>{scope}</span> {SCOPE_HELP[scope]}
            </label>
          ))}
        </fieldset>
        <FieldError id="key-scopes-error" message={error("scopes")} />
        <fieldset className={styles.fieldset}>
          <legend>Mode</legend>
          <label className={styles.check}>
            <input type="radio" name="mode" value="live" defaultChecked /> Live: real checks
          </label>
          <label className={styles.check}>
            <input type="radio" name="mode" value="test" /> Test (<span className={styles.code}>sk_test_…</span>): the
            sandbox, outcomes from magic values, no real checks (docs/sandbox.md)
          </label>
        </fieldset>
        <div className={styles.grid}>
          <Field id="key-rate" label="Rate limit per minute (optional)" error={error("rateLimitPerMinute")}>
            {(control) => (
              <input
                {...control}
                name="rateLimitPerMinute"
                type="number"
                min={1}
                step={1}
                placeholder="account default"
              />
            )}
          </Field>
          <Field id="key-expires" label="Expires after (optional, UTC)" error={error("expiresAt")}>
            {(control) => <input {...control} name="expiresAt" type="date" />}
          </Field>
        </div>
        <button className={styles.primary} disabled={pending}>
          {pending ? "Creating…" : "Create key"}
        </button>
      </form>
    </>
  );
}
