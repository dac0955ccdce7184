"use client";
import { useActionState } from "react";
import { ActionAlert } from "@/components/ui/alert";
import { Field } from "@/components/ui/field";
import { fieldError, type FormAction as Action } from "@/lib/actions/action-state";
import styles from "@/components/dashboard/dashboard.module.css";

export function JoinAsUserForm({ action, token, label }: { action: Action; token: string; label: string }) {
  const [state, submit, pending] = useActionState(action, undefined);
  return (
    <form action={submit}>
      <input type="hidden" name="token" value={token} />
      <ActionAlert state={state} errorOnly />
      <button className={styles.primary} disabled={pending}>
        {label}
      </button>
    </form>
  );
}

export function JoinAsNewUserForm({ action, token, email }: { action: Action; token: string; email: string }) {
  const [state, submit, pending] = useActionState(action, undefined);
  const err = (name: string) => fieldError(state?.fieldErrors, name);
  return (
    <form action={submit}>
      <input type="hidden" name="token" value={token} />
      <ActionAlert state={state} errorOnly />
      <Field id="inv-email" label="E-mail">
        {(control) => <input {...control} value={email} readOnly autoComplete="username" />}
      </Field>
      <Field id="inv-name" label="Your name" error={err("name")}>
        {(control) => <input {...control} name="name" required maxLength={100} autoComplete="name" />}
      </Field>
      <Field id="inv-password" label="Password (at least 10 characters)" error={err("password")}>
        {(control) => (
          <input
            {...control}
            name="password"
            type="password"
            required
            minLength={10}
            maxLength={200}
            autoComplete="new-password"
          />
        )}
      </Field>
      <button className={styles.primary} disabled={pending}>
        {pending ? "Joining…" : "Create user and join"}
      </button>
    </form>
  );
}
