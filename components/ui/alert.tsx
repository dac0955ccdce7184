import type { ReactNode } from "react";
import type { ActionState } from "@/lib/actions/action-state";
import styles from "@/components/dashboard/dashboard.module.css";

/**
 * A banner: an error is announced at once (role="alert"), a notice politely (role="status"). `inline`: a short
 * refusal next to a button in a row.
 */
export function Alert({
  kind,
  inline = false,
  className,
  children,
}: {
  kind: "error" | "notice";
  inline?: boolean;
  className?: string;
  children: ReactNode;
}) {
  const role = kind === "error" ? "alert" : "status";
  if (inline)
    return (
      <span role={role} className={className ?? styles.fieldError}>
        {children}
      </span>
    );
  return (
    <p role={role} className={className ?? styles[kind]}>
      {children}
    </p>
  );
}

/** What a form's last answer says: its refusal, or (unless `errorOnly`) its success message. */
export function ActionAlert({
  state,
  errorOnly = false,
  inline = false,
}: {
  state: ActionState;
  errorOnly?: boolean;
  inline?: boolean;
}) {
  if (state?.error)
    return (
      <Alert kind="error" inline={inline}>
        {state.error}
      </Alert>
    );
  if (!errorOnly && state?.ok && state.message)
    return (
      <Alert kind="notice" inline={inline}>
        {state.message}
      </Alert>
    );
  return null;
}
