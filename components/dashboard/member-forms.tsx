"use client";
import { useActionState } from "react";
import { ActionAlert, Alert } from "@/components/ui/alert";
import { Field } from "@/components/ui/field";
import { fieldError, type FormAction } from "@/lib/actions/action-state";
import styles from "@/components/dashboard/dashboard.module.css";

const ROLES = ["REVIEWER", "ADMIN", "OWNER"] as const;

export function InviteForm({ action }: { action: FormAction }) {
  const [state, submit, pending] = useActionState(action, undefined);
  return (
    <form action={submit}>
      <ActionAlert state={state} />
      {state?.secret ? (
        <p>
          <span className={styles.code} data-testid="invite-link">
            {state.secret}
          </span>
        </p>
      ) : null}
      <div className={styles.filters}>
        <Field id="invite-email" label="E-mail" error={fieldError(state?.fieldErrors, "email")}>
          {(control) => <input {...control} name="email" type="email" required />}
        </Field>
        <Field id="invite-role" label="Role" error={fieldError(state?.fieldErrors, "role")}>
          {(control) => (
            <select {...control} name="role" defaultValue="REVIEWER">
              {ROLES.map((r) => (
                <option key={r} value={r}>
                  {r.toLowerCase()}
                </option>
              ))}
            </select>
          )}
        </Field>
      </div>
      <button className={styles.primary} disabled={pending}>
        Create invitation link
      </button>
    </form>
  );
}

/** One small form per row action (role change, personal-data switch, removal, revocation). */
export function RowAction({
  action,
  hidden,
  label,
  danger,
  role,
  status,
}: {
  action: FormAction;
  hidden: Record<string, string>;
  label: string;
  danger?: boolean;
  role?: string;
  /** the current state, shown before the button (the personal-data switch) */
  status?: string;
}) {
  const [state, submit, pending] = useActionState(action, undefined);
  return (
    <form action={submit} className={styles.row}>
      {Object.entries(hidden).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      {status ? <span>{status}</span> : null}
      {role !== undefined ? (
        <select name="role" defaultValue={role} aria-label="Role">
          {ROLES.map((r) => (
            <option key={r} value={r}>
              {r.toLowerCase()}
            </option>
          ))}
        </select>
      ) : null}
      <button className={danger ? styles.danger : styles.secondary} disabled={pending}>
        {label}
      </button>
      {state?.error ? (
        <Alert kind="error" inline>
          {state.error}
        </Alert>
      ) : null}
    </form>
  );
}
