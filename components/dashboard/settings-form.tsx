"use client";
import { useActionState } from "react";
import type { ActionState } from "@/lib/dashboard/action-state";
import styles from "@/components/dashboard/dashboard.module.css";

type Action = (state: ActionState, form: FormData) => Promise<ActionState>;

export function SettingsForm({ action, name, retentionDays }: { action: Action; name: string; retentionDays: number | null }) {
  const [state, submit, pending] = useActionState(action, undefined);
  const err = state?.fieldErrors ?? {};
  return (
    <form action={submit}>
      {state?.error ? <p role="alert" className={styles.error}>{state.error}</p> : null}
      {state?.ok ? <p role="status" className={styles.notice}>{state.ok}</p> : null}
      <div className={styles.field}>
        <label htmlFor="name">Account name</label>
        <input id="name" name="name" defaultValue={name} required maxLength={100} aria-invalid={Boolean(err.name)} aria-describedby={err.name ? "name-error" : undefined} />
        {err.name ? <p id="name-error" className={styles.fieldError}>{err.name}</p> : null}
      </div>
      <div className={styles.field}>
        <label htmlFor="retentionDays">Retention of personal data (days after completion; empty: keep until deleted)</label>
        <input id="retentionDays" name="retentionDays" type="number" min={1} max={3650} defaultValue={retentionDays ?? ""} aria-invalid={Boolean(err.retentionDays)} aria-describedby={err.retentionDays ? "retention-error" : undefined} />
        {err.retentionDays ? <p id="retention-error" className={styles.fieldError}>{err.retentionDays}</p> : null}
      </div>
      <button className={styles.primary} disabled={pending}>Save</button>
    </form>
  );
}
