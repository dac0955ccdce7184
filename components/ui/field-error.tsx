import styles from "@/components/dashboard/dashboard.module.css";

/** A field's error under its control (the control names it with aria-describedby); nothing without a message. */
export function FieldError({ id, message }: { id?: string; message?: string }) {
  return message ? (
    <p id={id} className={styles.fieldError}>
      {message}
    </p>
  ) : null;
}
