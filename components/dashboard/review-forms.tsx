"use client";
import { useActionState } from "react";
import { ActionOutcome, type FormAction } from "@/components/dashboard/action-outcome";
import type { ActionState } from "@/lib/dashboard/action";
import styles from "@/components/dashboard/dashboard.module.css";

function FieldError({ state, name }: { state: ActionState; name: string }) {
  const error = state?.fieldErrors?.[name];
  return error ? (
    <p id={`${name}-error`} className={styles.fieldError}>
      {error}
    </p>
  ) : null;
}

export function DecisionForm({ action, verificationId }: { action: FormAction; verificationId: string }) {
  const [state, submit, pending] = useActionState(action, undefined);
  return (
    <form action={submit}>
      <input type="hidden" name="verificationId" value={verificationId} />
      <ActionOutcome state={state} />
      <div className={styles.field}>
        <label htmlFor="reason">Reason (kept in the audit log)</label>
        <textarea
          id="reason"
          name="reason"
          rows={2}
          required
          minLength={3}
          maxLength={1000}
          aria-invalid={Boolean(state?.fieldErrors?.reason)}
          aria-describedby={state?.fieldErrors?.reason ? "reason-error" : undefined}
        />
        <FieldError state={state} name="reason" />
      </div>
      <div className={styles.row}>
        <button className={styles.primary} name="decision" value="APPROVED" disabled={pending}>
          Approve
        </button>
        <button className={styles.danger} name="decision" value="DECLINED" disabled={pending}>
          Decline
        </button>
      </div>
    </form>
  );
}

export function CorrectionForm({
  action,
  verificationId,
  stepId,
  fields,
}: {
  action: FormAction;
  verificationId: string;
  stepId: string;
  fields: { name: string; value: string }[];
}) {
  const [state, submit, pending] = useActionState(action, undefined);
  return (
    <form action={submit}>
      <input type="hidden" name="verificationId" value={verificationId} />
      <input type="hidden" name="stepId" value={stepId} />
      <ActionOutcome state={state} />
      <div className={styles.filters}>
        {fields.map((f) => (
          <div className={styles.field} key={f.name}>
            <label htmlFor={`fix-${f.name}`}>{f.name}</label>
            <input
              id={`fix-${f.name}`}
              name={f.name}
              defaultValue={f.value}
              maxLength={200}
              aria-invalid={Boolean(state?.fieldErrors?.[`fields.${f.name}`])}
            />
            <FieldError state={state} name={`fields.${f.name}`} />
          </div>
        ))}
      </div>
      <button className={styles.secondary} disabled={pending}>
        Save corrections
      </button>
    </form>
  );
}

export function DeleteDataForm({ action, verificationId }: { action: FormAction; verificationId: string }) {
  const [state, submit, pending] = useActionState(action, undefined);
  return (
    <form action={submit}>
      <input type="hidden" name="verificationId" value={verificationId} />
      <ActionOutcome state={state} />
      <p className={styles.muted}>
        Erases files, input values, extracted data and metadata. The record stays as a stub (status, result, dates).
        This cannot be undone.
      </p>
      <div className={styles.field}>
        <label htmlFor="confirm">Type DELETE to confirm</label>
        <input
          id="confirm"
          name="confirm"
          autoComplete="off"
          required
          aria-invalid={Boolean(state?.fieldErrors?.confirm)}
          aria-describedby={state?.fieldErrors?.confirm ? "confirm-error" : undefined}
        />
        <FieldError state={state} name="confirm" />
      </div>
      <button className={styles.danger} disabled={pending}>
        Delete personal data
      </button>
    </form>
  );
}
