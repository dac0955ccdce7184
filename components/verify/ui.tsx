"use client";
import { useCallback, useState } from "react";
import { HostedApiError, type FieldErrors } from "@/components/verify/hosted-api";
import { useI18n } from "@/components/verify/i18n";
import styles from "@/components/verify/verify.module.css";

export function Progress({ current, total, label }: { current: number; total: number; label: string }) {
  return (
    <div className={styles.progress}>
      <p className={styles.progressLabel}>{label}</p>
      <div
        className={styles.progressTrack}
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={total}
        aria-valuenow={current}
      >
        <div className={styles.progressBar} style={{ width: `${Math.round((current / Math.max(1, total)) * 100)}%` }} />
      </div>
    </div>
  );
}

export function ErrorBanner({ message }: { message: string | null | undefined }) {
  if (!message) return null;
  return (
    <div className={styles.error} role="alert">
      {message}
    </div>
  );
}

export function StepHeader({ title, intro }: { title: string; intro?: React.ReactNode }) {
  return (
    <header className={styles.stepHeader}>
      <h1 tabIndex={-1}>{title}</h1>
      {intro ? <p className={styles.intro}>{intro}</p> : null}
    </header>
  );
}

export function FieldError({ id, message }: { id: string; message: string | undefined }) {
  if (!message) return null;
  return (
    <p id={id} className={styles.fieldError} role="alert">
      {message}
    </p>
  );
}

export function SubmitButton({
  busy,
  children,
  disabled,
}: {
  busy: boolean;
  children: React.ReactNode;
  disabled?: boolean;
}) {
  const { m } = useI18n();
  return (
    <button type="submit" className={styles.primary} disabled={busy || disabled} aria-busy={busy}>
      {busy ? m.common.sending : children}
    </button>
  );
}

/**
 * Runs a step's submission: busy state, the general error message, and the server's per-field messages
 * (VALIDATION_ERROR details) for the step to show next to its fields.
 */
export function useStepSubmit() {
  const { m, t } = useI18n();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});

  const run = useCallback(
    async (action: () => Promise<void>) => {
      setBusy(true);
      setError(null);
      setFieldErrors({});
      try {
        await action();
      } catch (cause) {
        if (!(cause instanceof HostedApiError)) setError(m.common.unexpected);
        else if (cause.code === "NETWORK") setError(m.common.network);
        else if (cause.status === 401) setError(m.common.sessionExpired);
        else if (cause.status === 429) setError(t(m.common.rateLimited, { seconds: cause.retryAfter ?? 60 }));
        else {
          setFieldErrors(cause.fieldErrors);
          // the field messages say it better; keep the banner for errors that belong to no field
          const onlyFields = Object.keys(cause.fieldErrors).length > 0 && !cause.fieldErrors._;
          setError(onlyFields ? null : (cause.fieldErrors._ ?? cause.message));
        }
      } finally {
        setBusy(false);
      }
    },
    [m, t],
  );
  return { busy, error, fieldErrors, run, setError };
}
