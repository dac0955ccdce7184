import type { ActionState } from "@/lib/actions/action";
import styles from "@/components/dashboard/dashboard.module.css";

/** A form's server action, as useActionState calls it. */
export type FormAction = (state: ActionState, form: FormData) => Promise<ActionState>;

/** What a form's last answer says: its refusal, or its success message. */
export function ActionOutcome({ state }: { state: ActionState }) {
  if (state?.error)
    return (
      <p role="alert" className={styles.error}>
        {state.error}
      </p>
    );
  if (state?.ok && state.message)
    return (
      <p role="status" className={styles.notice}>
        {state.message}
      </p>
    );
  return null;
}
