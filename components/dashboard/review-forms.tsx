"use client";
import { useActionState, useEffect, useRef } from "react";
import { useRouter } from "next/navigation";
import { ActionAlert } from "@/components/ui/alert";
import { Field } from "@/components/ui/field";
import { FieldError } from "@/components/ui/field-error";
import { fieldError, type FormAction } from "@/lib/actions/action-state";
import styles from "@/components/dashboard/dashboard.module.css";

export type ReasonOption = { decision: "APPROVED" | "DECLINED"; label: string };

/**
 * Approve or decline, each with a reason from the account's list (required) and an optional comment; both land in
 * the audit log, never in the webhook. Keyboard: `a` / `d` go to the approve / decline reason, `j` opens the next
 * case (ReviewShortcuts); never while typing in a field.
 */
export function DecisionForm({
  action,
  verificationId,
  reasons = [],
  nextCaseHref,
}: {
  action: FormAction;
  verificationId: string;
  reasons?: ReasonOption[];
  nextCaseHref?: string | null;
}) {
  const [state, submit, pending] = useActionState(action, undefined);
  const approveRef = useRef<HTMLSelectElement>(null);
  const declineRef = useRef<HTMLSelectElement>(null);
  const router = useRouter();
  useReviewShortcuts({
    a: () => approveRef.current?.focus(),
    d: () => declineRef.current?.focus(),
    j: () => (nextCaseHref ? router.push(nextCaseHref) : undefined),
  });
  const part = (decision: "APPROVED" | "DECLINED") => {
    const id = decision === "APPROVED" ? "approve" : "decline";
    return (
      <form action={submit} className={styles.panel} aria-labelledby={`${id}-h`}>
        <h3 id={`${id}-h`}>
          {decision === "APPROVED" ? "Approve" : "Decline"} <kbd>{decision === "APPROVED" ? "a" : "d"}</kbd>
        </h3>
        <input type="hidden" name="verificationId" value={verificationId} />
        <input type="hidden" name="decision" value={decision} />
        <Field id={`${id}-reason`} label={`Reason to ${id}`}>
          {(control) => (
            <select
              {...control}
              name="reason"
              required
              defaultValue=""
              ref={decision === "APPROVED" ? approveRef : declineRef}
            >
              <option value="" disabled>
                Choose a reason…
              </option>
              {reasons
                .filter((r) => r.decision === decision)
                .map((r) => (
                  <option key={r.label} value={r.label}>
                    {r.label}
                  </option>
                ))}
            </select>
          )}
        </Field>
        <Field id={`${id}-comment`} label="Comment (optional, kept in the audit log)">
          {(control) => <textarea {...control} name="comment" rows={2} maxLength={1000} />}
        </Field>
        <button className={decision === "APPROVED" ? styles.primary : styles.danger} disabled={pending}>
          {decision === "APPROVED" ? "Approve" : "Decline"}
        </button>
      </form>
    );
  };
  return (
    <div>
      <ActionAlert state={state} />
      {/* one error for both halves: the reason of whichever was sent */}
      <FieldError id="reason-error" message={fieldError(state?.fieldErrors, "reason")} />
      <div className={styles.grid}>
        {part("APPROVED")}
        {part("DECLINED")}
      </div>
      <p className={styles.muted}>
        Shortcuts: <kbd>a</kbd> approve reason, <kbd>d</kbd> decline reason
        {nextCaseHref ? (
          <>
            , <kbd>j</kbd> <a href={nextCaseHref}>next case</a>
          </>
        ) : null}{" "}
        (not while typing in a field).
      </p>
    </div>
  );
}

const TYPING = new Set(["INPUT", "TEXTAREA", "SELECT"]);

/** Single-key shortcuts, ignored while typing in a field or with a modifier held. */
export function useReviewShortcuts(keys: Record<string, () => void>) {
  const latest = useRef(keys);
  useEffect(() => {
    latest.current = keys;
  });
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.ctrlKey || event.metaKey || event.altKey) return;
      const target = event.target as HTMLElement | null;
      if (target && (TYPING.has(target.tagName) || target.isContentEditable)) return;
      const handler = latest.current[event.key];
      if (!handler) return;
      event.preventDefault();
      handler();
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, []);
}

/** A plain-text note (shown as text, never rendered). */
export function NoteForm({ action, verificationId }: { action: FormAction; verificationId: string }) {
  const [state, submit, pending] = useActionState(action, undefined);
  return (
    <form action={submit}>
      <input type="hidden" name="verificationId" value={verificationId} />
      <ActionAlert state={state} />
      <Field
        id="note-body"
        label="Add a note (plain text, at most 2,000 characters)"
        error={fieldError(state?.fieldErrors, "body")}
      >
        {(control) => <textarea {...control} name="body" rows={3} required maxLength={2000} />}
      </Field>
      <button className={styles.secondary} disabled={pending}>
        Add note
      </button>
    </form>
  );
}

/** Hand the case to another member who may review (`force`: an owner/admin taking it from its holder). */
export function ReassignForm({
  action,
  verificationId,
  members,
  force,
}: {
  action: FormAction;
  verificationId: string;
  members: { userId: string; name: string }[];
  force: boolean;
}) {
  const [state, submit, pending] = useActionState(action, undefined);
  return (
    <form action={submit} className={styles.row}>
      <input type="hidden" name="verificationId" value={verificationId} />
      {force ? <input type="hidden" name="force" value="1" /> : null}
      <label htmlFor="assigneeId">Reassign to</label>
      <select id="assigneeId" name="assigneeId" className={styles.select} required defaultValue="">
        <option value="" disabled>
          Choose a member…
        </option>
        {members.map((m) => (
          <option key={m.userId} value={m.userId}>
            {m.name}
          </option>
        ))}
      </select>
      <button className={styles.small} disabled={pending}>
        Reassign
      </button>
      <ActionAlert state={state} />
    </form>
  );
}

/** One decision reason on the settings page: rename it in place. */
export function RenameReasonForm({ action, reasonId, label }: { action: FormAction; reasonId: string; label: string }) {
  const [state, submit, pending] = useActionState(action, undefined);
  return (
    <form action={submit} className={styles.row}>
      <input type="hidden" name="reasonId" value={reasonId} />
      <label className={styles.srOnly} htmlFor={`reason-${reasonId}`}>
        Reason label
      </label>
      <input id={`reason-${reasonId}`} name="label" defaultValue={label} required minLength={3} maxLength={120} />
      <button className={styles.small} disabled={pending}>
        Rename
      </button>
      <ActionAlert state={state} />
    </form>
  );
}

/** Adds a reason to the approve or decline list. */
export function AddReasonForm({ action }: { action: FormAction }) {
  const [state, submit, pending] = useActionState(action, undefined);
  return (
    <form action={submit} className={styles.filters}>
      <ActionAlert state={state} />
      <Field id="new-reason-decision" label="For" error={fieldError(state?.fieldErrors, "decision")}>
        {(control) => (
          <select {...control} name="decision" defaultValue="DECLINED">
            <option value="APPROVED">Approve</option>
            <option value="DECLINED">Decline</option>
          </select>
        )}
      </Field>
      <Field id="new-reason-label" label="New reason" error={fieldError(state?.fieldErrors, "label")}>
        {(control) => <input {...control} name="label" required minLength={3} maxLength={120} />}
      </Field>
      <button className={styles.secondary} disabled={pending}>
        Add reason
      </button>
    </form>
  );
}

/** The queue's SLA: hours until a waiting case turns amber, then red. */
export function SlaForm({
  action,
  amberHours,
  redHours,
}: {
  action: FormAction;
  amberHours: number;
  redHours: number;
}) {
  const [state, submit, pending] = useActionState(action, undefined);
  return (
    <form action={submit} className={styles.filters}>
      <ActionAlert state={state} />
      <Field id="amberHours" label="Amber after (hours)" error={fieldError(state?.fieldErrors, "amberHours")}>
        {(control) => (
          <input {...control} name="amberHours" type="number" min={1} max={720} defaultValue={amberHours} required />
        )}
      </Field>
      <Field id="redHours" label="Red after (hours)" error={fieldError(state?.fieldErrors, "redHours")}>
        {(control) => (
          <input {...control} name="redHours" type="number" min={2} max={720} defaultValue={redHours} required />
        )}
      </Field>
      <button className={styles.secondary} disabled={pending}>
        Save SLA
      </button>
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
      <ActionAlert state={state} />
      <div className={styles.filters}>
        {fields.map((f) => (
          <Field
            key={f.name}
            id={`fix-${f.name}`}
            label={f.name}
            error={fieldError(state?.fieldErrors, `fields.${f.name}`)}
          >
            {(control) => <input {...control} name={f.name} defaultValue={f.value} maxLength={200} />}
          </Field>
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
      <ActionAlert state={state} />
      <p className={styles.muted}>
        Erases files, input values, extracted data and metadata. The record stays as a stub (status, result, dates).
        This cannot be undone.
      </p>
      <Field id="confirm" label="Type DELETE to confirm" error={fieldError(state?.fieldErrors, "confirm")}>
        {(control) => <input {...control} name="confirm" autoComplete="off" required />}
      </Field>
      <button className={styles.danger} disabled={pending}>
        Delete personal data
      </button>
    </form>
  );
}
