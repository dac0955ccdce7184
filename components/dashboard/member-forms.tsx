"use client";
import { useActionState } from "react";
import { ActionOutcome, type FormAction } from "@/components/dashboard/action-outcome";
import styles from "@/components/dashboard/dashboard.module.css";

const ROLES = ["REVIEWER", "ADMIN", "OWNER"] as const;

export function InviteForm({ action }: { action: FormAction }) {
  const [state, submit, pending] = useActionState(action, undefined);
  return (
    <form action={submit}>
      <ActionOutcome state={state} />
      {state?.secret ? (
        <p>
          <span className={styles.code} data-testid="invite-link">
            {state.secret}
          </span>
        </p>
      ) : null}
      <div className={styles.filters}>
        <div className={styles.field}>
          <label htmlFor="invite-email">E-mail</label>
          <input
            id="invite-email"
            name="email"
            type="email"
            required
            aria-invalid={Boolean(state?.fieldErrors?.email)}
            aria-describedby={state?.fieldErrors?.email ? "invite-email-error" : undefined}
          />
          {state?.fieldErrors?.email ? (
            <p id="invite-email-error" className={styles.fieldError}>
              {state.fieldErrors.email}
            </p>
          ) : null}
        </div>
        <div className={styles.field}>
          <label htmlFor="invite-role">Role</label>
          <select id="invite-role" name="role" defaultValue="REVIEWER">
            {ROLES.map((r) => (
              <option key={r} value={r}>
                {r.toLowerCase()}
              </option>
            ))}
          </select>
        </div>
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
        <span role="alert" className={styles.fieldError}>
          {state.error}
        </span>
      ) : null}
    </form>
  );
}
