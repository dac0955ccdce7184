"use client";
import { useActionState } from "react";
import type { ActionState } from "@/lib/actions/action";
import styles from "@/components/dashboard/dashboard.module.css";

type Action = (state: ActionState, form: FormData) => Promise<ActionState>;

export function JoinAsUserForm({ action, token, label }: { action: Action; token: string; label: string }) {
  const [state, submit, pending] = useActionState(action, undefined);
  return (
    <form action={submit}>
      <input type="hidden" name="token" value={token} />
      {state?.error ? (
        <p role="alert" className={styles.error}>
          {state.error}
        </p>
      ) : null}
      <button className={styles.primary} disabled={pending}>
        {label}
      </button>
    </form>
  );
}

export function JoinAsNewUserForm({ action, token, email }: { action: Action; token: string; email: string }) {
  const [state, submit, pending] = useActionState(action, undefined);
  const err = state?.fieldErrors ?? {};
  return (
    <form action={submit}>
      <input type="hidden" name="token" value={token} />
      {state?.error ? (
        <p role="alert" className={styles.error}>
          {state.error}
        </p>
      ) : null}
      <div className={styles.field}>
        <label htmlFor="inv-email">E-mail</label>
        <input id="inv-email" value={email} readOnly autoComplete="username" />
      </div>
      <div className={styles.field}>
        <label htmlFor="inv-name">Your name</label>
        <input
          id="inv-name"
          name="name"
          required
          maxLength={100}
          autoComplete="name"
          aria-invalid={Boolean(err.name)}
          aria-describedby={err.name ? "inv-name-error" : undefined}
        />
        {err.name ? (
          <p id="inv-name-error" className={styles.fieldError}>
            {err.name}
          </p>
        ) : null}
      </div>
      <div className={styles.field}>
        <label htmlFor="inv-password">Password (at least 10 characters)</label>
        <input
          id="inv-password"
          name="password"
          type="password"
          required
          minLength={10}
          maxLength={200}
          autoComplete="new-password"
          aria-invalid={Boolean(err.password)}
          aria-describedby={err.password ? "inv-password-error" : undefined}
        />
        {err.password ? (
          <p id="inv-password-error" className={styles.fieldError}>
            {err.password}
          </p>
        ) : null}
      </div>
      <button className={styles.primary} disabled={pending}>
        {pending ? "Joining…" : "Create user and join"}
      </button>
    </form>
  );
}
