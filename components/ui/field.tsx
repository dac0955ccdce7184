import type { ReactNode } from "react";
import { FieldError } from "@/components/ui/field-error";
import styles from "@/components/dashboard/dashboard.module.css";

/** What a Field hands its control: the id its label names, and the error/hint wiring. */
export type FieldControl = {
  id: string;
  "aria-invalid": boolean;
  "aria-describedby": string | undefined;
};

/**
 * One labelled control of a dashboard form: the label, the control (a render function gets the id and the aria
 * wiring, so the control stays a plain input/select/textarea with its own props), an optional hint, and the
 * field's error. The error's id is `${id}-error`, the hint's `${id}-hint`; the control is described by both.
 */
export function Field({
  id,
  label,
  hint,
  error,
  labelClassName,
  children,
}: {
  id: string;
  label: ReactNode;
  hint?: ReactNode;
  error?: string;
  /** e.g. a visually hidden label in a compact row */
  labelClassName?: string;
  children: (control: FieldControl) => ReactNode;
}) {
  const describedBy = [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(" ");
  return (
    <div className={styles.field}>
      <label htmlFor={id} className={labelClassName}>
        {label}
      </label>
      {children({ id, "aria-invalid": Boolean(error), "aria-describedby": describedBy || undefined })}
      {hint ? (
        <p id={`${id}-hint`} className={styles.muted}>
          {hint}
        </p>
      ) : null}
      <FieldError id={`${id}-error`} message={error} />
    </div>
  );
}
