"use client";
import { useActionState } from "react";
import type { CreateKeyState } from "@/app/dashboard/credentials/actions";
import { CopyField } from "@/components/dashboard/copy-button";
import { SCOPES } from "@/lib/auth/api-keys/scopes";
import styles from "@/components/dashboard/dashboard.module.css";

const SCOPE_HELP: Record<(typeof SCOPES)[number], string> = {
  "verification:create": "start verifications",
  "verification:read": "read verifications and their status",
  "verification:inputs": "send inputs (server-side capture)",
};

export function CreateApiKeyForm({
  action,
}: {
  action: (state: CreateKeyState, form: FormData) => Promise<CreateKeyState>;
}) {
  const [state, submit, pending] = useActionState(action, undefined);
  const errors = state && !state.ok ? (state.fieldErrors ?? {}) : {};
  const error = (name: string) =>
    errors[name] ? (
      <p id={`key-${name}-error`} className={styles.fieldError}>
        {errors[name]}
      </p>
    ) : null;
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
        {state && !state.ok && state.error ? (
          <p role="alert" className={styles.error}>
            {state.error}
          </p>
        ) : null}
        <div className={styles.field}>
          <label htmlFor="key-name">Name</label>
          <input
            id="key-name"
            name="name"
            required
            maxLength={100}
            placeholder="Production backend"
            aria-invalid={Boolean(errors.name)}
            aria-describedby={errors.name ? "key-name-error" : undefined}
          />
          {error("name")}
        </div>
        <fieldset className={styles.fieldset} aria-describedby={errors.scopes ? "key-scopes-error" : undefined}>
          <legend>Scopes</legend>
          {SCOPES.map((scope) => (
            <label key={scope} className={styles.check}>
              <input type="checkbox" name="scopes" value={scope} defaultChecked={scope !== "verification:inputs"} />{" "}
              <span className={styles.code}>{scope}</span> {SCOPE_HELP[scope]}
            </label>
          ))}
        </fieldset>
        {error("scopes")}
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
          <div className={styles.field}>
            <label htmlFor="key-rate">Rate limit per minute (optional)</label>
            <input
              id="key-rate"
              name="rateLimitPerMinute"
              type="number"
              min={1}
              step={1}
              placeholder="account default"
              aria-invalid={Boolean(errors.rateLimitPerMinute)}
              aria-describedby={errors.rateLimitPerMinute ? "key-rateLimitPerMinute-error" : undefined}
            />
            {error("rateLimitPerMinute")}
          </div>
          <div className={styles.field}>
            <label htmlFor="key-expires">Expires after (optional, UTC)</label>
            <input
              id="key-expires"
              name="expiresAt"
              type="date"
              aria-invalid={Boolean(errors.expiresAt)}
              aria-describedby={errors.expiresAt ? "key-expiresAt-error" : undefined}
            />
            {error("expiresAt")}
          </div>
        </div>
        <button className={styles.primary} disabled={pending}>
          {pending ? "Creating…" : "Create key"}
        </button>
      </form>
    </>
  );
}
