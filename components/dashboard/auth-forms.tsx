"use client";
import Link from "next/link";
import { useActionState } from "react";
import type { FormState } from "@/app/(auth)/actions";
import styles from "@/components/dashboard/dashboard.module.css";

type Action = (state: FormState, form: FormData) => Promise<FormState>;

function Field({
  name,
  label,
  type = "text",
  autoComplete,
  state,
  optional = false,
}: {
  name: string;
  label: string;
  type?: string;
  autoComplete?: string;
  state: FormState;
  optional?: boolean;
}) {
  const error = state?.fieldErrors?.[name];
  return (
    <div className={styles.field}>
      <label htmlFor={`f-${name}`}>{label}</label>
      <input
        id={`f-${name}`}
        name={name}
        type={type}
        defaultValue={type === "password" ? undefined : state?.values?.[name]}
        key={state?.values?.[name]}
        autoComplete={autoComplete}
        required={!optional}
        aria-invalid={Boolean(error)}
        aria-describedby={error ? `f-${name}-error` : undefined}
      />
      {error ? (
        <p id={`f-${name}-error`} className={styles.fieldError}>
          {error}
        </p>
      ) : null}
    </div>
  );
}

export function LoginForm({ action, created = false }: { action: Action; created?: boolean }) {
  const [state, submit, pending] = useActionState(action, undefined);
  return (
    <form action={submit} className={styles.authForm}>
      <h1>Sign in</h1>
      {created && !state ? (
        <p role="status" className={styles.notice}>
          Your account is ready. Sign in with the password you chose.
        </p>
      ) : null}
      {state?.error ? (
        <p role="alert" className={styles.error}>
          {state.error}
        </p>
      ) : null}
      <Field name="email" label="E-mail" type="email" autoComplete="username" state={state} />
      <Field name="password" label="Password" type="password" autoComplete="current-password" state={state} />
      <button className={styles.primary} disabled={pending}>
        {pending ? "Signing in…" : "Sign in"}
      </button>
      <p className={styles.muted}>
        No account yet? <Link href="/signup">Create one</Link>
      </p>
    </form>
  );
}

export function SignupForm({ action }: { action: Action }) {
  const [state, submit, pending] = useActionState(action, undefined);
  return (
    <form action={submit} className={styles.authForm}>
      <h1>Create your account</h1>
      {state?.error ? (
        <p role="alert" className={styles.error}>
          {state.error}
        </p>
      ) : null}
      {state?.message ? (
        <p role="status" className={styles.notice}>
          {state.message}
        </p>
      ) : null}
      <Field name="accountName" label="Company name" autoComplete="organization" state={state} />
      <Field name="name" label="Your name (optional)" autoComplete="name" state={state} optional />
      <Field name="email" label="Work e-mail" type="email" autoComplete="username" state={state} />
      <Field
        name="password"
        label="Password (at least 10 characters)"
        type="password"
        autoComplete="new-password"
        state={state}
      />
      <button className={styles.primary} disabled={pending}>
        {pending ? "Creating…" : "Create account"}
      </button>
      <p className={styles.muted}>
        Already have an account? <Link href="/login">Sign in</Link>
      </p>
    </form>
  );
}

/** The sign-up confirmation link's page: one button, so that a mail scanner opening the link creates nothing. */
export function ConfirmSignupForm({ action }: { action: (state: FormState) => Promise<FormState> }) {
  const [state, submit, pending] = useActionState(action, undefined);
  return (
    <form action={submit} className={styles.authForm}>
      <h1>Create your account</h1>
      {state?.error ? (
        <p role="alert" className={styles.error}>
          {state.error}
        </p>
      ) : null}
      <p>Your e-mail address is confirmed. Create the account now?</p>
      <button className={styles.primary} disabled={pending}>
        {pending ? "Creating…" : "Create my account"}
      </button>
    </form>
  );
}
