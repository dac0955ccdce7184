"use client";
import { useCallback, useState } from "react";
import { useTranslations } from "next-intl";
import { HostedApiError, type FieldErrors } from "@/components/verify/hosted-api";
import { explainApiError, explainServerField } from "@/components/verify/field-errors";
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
  const t = useTranslations("common");
  return (
    <button type="submit" className={styles.primary} disabled={busy || disabled} aria-busy={busy}>
      {busy ? t("sending") : children}
    </button>
  );
}

/**
 * A failed call in the end user's words: never the API's English message (that is for integrators), but the
 * page's text for the cause — no network, an expired session, a rate limit, or the API's error code.
 */
export function useExplainError() {
  const t = useTranslations();
  return useCallback(
    (cause: unknown): string => {
      if (!(cause instanceof HostedApiError)) return t("common.unexpected");
      if (cause.code === "NETWORK") return t("common.network");
      if (cause.status === 401) return t("common.sessionExpired");
      const known = explainApiError(cause.code, cause.retryAfter);
      if (known) return t(`apiErrors.${known.key}`, known.values);
      if (cause.status === 429) return t("common.rateLimited", { seconds: cause.retryAfter ?? 60 });
      if (cause.code === "VALIDATION_ERROR") return t("fieldErrors.rejected");
      return t("common.unexpected");
    },
    [t],
  );
}

/**
 * Runs a step's submission: busy state, the general error message, and the server's refused fields in the page's
 * words (VALIDATION_ERROR details, by field: components/verify/field-errors.ts) for the step to show next to them.
 */
export function useStepSubmit() {
  const t = useTranslations("fieldErrors");
  const explain = useExplainError();
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
        const fields =
          cause instanceof HostedApiError && cause.code === "VALIDATION_ERROR"
            ? Object.keys(cause.fieldErrors).filter((field) => field !== "_")
            : [];
        setFieldErrors(
          Object.fromEntries(
            fields.map((field) => {
              const { key, values } = explainServerField(field);
              return [field, t(key, values)];
            }),
          ),
        );
        // the field messages say it better; keep the banner for errors that belong to no field
        setError(fields.length ? null : explain(cause));
      } finally {
        setBusy(false);
      }
    },
    [t, explain],
  );
  return { busy, error, fieldErrors, run, setError };
}
