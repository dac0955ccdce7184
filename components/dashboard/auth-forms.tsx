"use client";
import Link from "next/link";
import { useActionState } from "react";
import { ActionAlert, Alert } from "@/components/ui/alert";
import { Field } from "@/components/ui/field";
import { fieldError, type ActionState, type FormAction } from "@/lib/actions/action-state";
import styles from "@/components/dashboard/dashboard.module.css";

function AuthField({
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
  state: ActionState;
  optional?: boolean;
}) {
  return (
    <Field id={`f-${name}`} label={label} error={fieldError(state?.fieldErrors, name)}>
      {(control) => (
        <input
          {...control}
          name={name}
          type={type}
          defaultValue={type === "password" ? undefined : state?.values?.[name]}
          key={state?.values?.[name]}
          autoComplete={autoComplete}
          required={!optional}
        />
      )}
    </Field>
  );
}

export function LoginForm({ action, created = false }: { action: FormAction; created?: boolean }) {
  const [state, submit, pending] = useActionState(action, undefined);
  return (
    <form action={submit} className={styles.authForm}>
      <h1>Sign in</h1>
      {created && !state ? (
        <Alert kind="notice">Your account is ready. Sign in with the password you chose.</Alert>
      ) : null}
      <ActionAlert state={state} errorOnly />
      <AuthField name="email" label="E-mail" type="email" autoComplete="username" state={state} />
      <AuthField name="password" label="Password" type="password" autoComplete="current-password" state={state} />
      <button className={styles.primary} disabled={pending}>
        {pending ? "Signing in…" : "Sign in"}
      </button>
      <p className={styles.muted}>
        No account yet? <Link href="/signup">Create one</Link>
      </p>
    </form>
  );
}

export function SignupForm({ action }: { action: FormAction }) {
  const [state, submit, pending] = useActionState(action, undefined);
  return (
    <form action={submit} className={styles.authForm}>
      <h1>Create your account</h1>
      <ActionAlert state={state} />
      <AuthField name="accountName" label="Company name" autoComplete="organization" state={state} />
      <AuthField name="name" label="Your name (optional)" autoComplete="name" state={state} optional />
      <AuthField name="email" label="Work e-mail" type="email" autoComplete="username" state={state} />
      <AuthField
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
export function ConfirmSignupForm({ action }: { action: (state: ActionState) => Promise<ActionState> }) {
  const [state, submit, pending] = useActionState(action, undefined);
  return (
    <form action={submit} className={styles.authForm}>
      <h1>Create your account</h1>
      <ActionAlert state={state} errorOnly />
      <p>Your e-mail address is confirmed. Create the account now?</p>
      <button className={styles.primary} disabled={pending}>
        {pending ? "Creating…" : "Create my account"}
      </button>
    </form>
  );
}
