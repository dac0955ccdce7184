"use client";
import { useEffect, useState } from "react";
import { HostedApiError, requestEmailOtp } from "@/components/verify/hosted-api";
import { format, useI18n } from "@/components/verify/i18n";
import { ErrorBanner, FieldError, StepHeader, SubmitButton, useStepSubmit } from "@/components/verify/ui";
import type { StepProps } from "@/components/verify/steps/types";
import { OTP_REQUESTS_PER_HOUR } from "@/lib/otp/limits";
import { TEXT_RULES } from "@/lib/verifications/input-rules";
import styles from "@/components/verify/verify.module.css";

const RESEND_AFTER_SECONDS = 30;

/** EMAIL, then EMAIL_OTP: request a code (email-otp), enter it; EMAIL and the code are stored together. */
export function EmailStep({ state, session, submit }: StepProps) {
  const { m } = useI18n();
  const { busy, error, fieldErrors, run, setError } = useStepSubmit();
  const [email, setEmail] = useState("");
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [code, setCode] = useState("");
  const [localError, setLocalError] = useState<{ field: string; message: string } | null>(null);
  const [wait, setWait] = useState(0);

  useEffect(() => {
    if (wait <= 0) return;
    const timer = setTimeout(() => setWait((w) => w - 1), 1000);
    return () => clearTimeout(timer);
  }, [wait]);

  function requestCode(address: string) {
    const parsed = TEXT_RULES.EMAIL!.safeParse(address);
    if (!parsed.success) return setLocalError({ field: "EMAIL", message: parsed.error.issues[0]!.message });
    setLocalError(null);
    void run(async () => {
      try {
        await requestEmailOtp(session.sessionToken, state.flowId, parsed.data);
        setSentTo(parsed.data);
        setWait(RESEND_AFTER_SECONDS);
      } catch (cause) {
        // the hourly limit: say when a code can be requested again
        if (cause instanceof HostedApiError && cause.code === "OTP_RATE_LIMITED") {
          setWait(cause.retryAfter ?? 60);
          setError(cause.message);
          return;
        }
        throw cause;
      }
    });
  }

  function confirm(event: React.FormEvent) {
    event.preventDefault();
    const parsed = TEXT_RULES.EMAIL_OTP!.safeParse(code);
    if (!parsed.success || !sentTo)
      return setLocalError({
        field: "EMAIL_OTP",
        message: parsed.success ? m.common.required : parsed.error.issues[0]!.message,
      });
    setLocalError(null);
    void run(() =>
      submit({
        texts: [
          { fieldName: "EMAIL", type: "TEXT", value: sentTo },
          { fieldName: "EMAIL_OTP", type: "TEXT", value: parsed.data },
        ],
      }),
    );
  }

  const errorFor = (field: string) => (localError?.field === field ? localError.message : fieldErrors[field]);

  if (!sentTo) {
    return (
      <form
        onSubmit={(e) => {
          e.preventDefault();
          requestCode(email);
        }}
        noValidate
      >
        <StepHeader title={m.email.title} intro={m.email.intro} />
        <ErrorBanner message={error} />
        <div className={styles.field}>
          <label htmlFor="email-address">{m.email.address}</label>
          <input
            id="email-address"
            type="email"
            autoComplete="email"
            value={email}
            onChange={(e) => setEmail(e.target.value)}
            aria-invalid={Boolean(errorFor("EMAIL"))}
            aria-describedby="email-address-error"
          />
          <FieldError id="email-address-error" message={errorFor("EMAIL")} />
        </div>
        <p className={styles.muted}>{format(m.email.limit, { count: OTP_REQUESTS_PER_HOUR })}</p>
        <SubmitButton busy={busy} disabled={wait > 0}>
          {m.email.send}
        </SubmitButton>
      </form>
    );
  }

  return (
    <form onSubmit={confirm} noValidate>
      <StepHeader title={m.email.title} intro={format(m.email.sent, { email: sentTo })} />
      <ErrorBanner message={error} />
      <div className={styles.field}>
        <label htmlFor="email-code">{m.email.code}</label>
        <input
          id="email-code"
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={6}
          value={code}
          onChange={(e) => setCode(e.target.value.replace(/\D/g, ""))}
          aria-invalid={Boolean(errorFor("EMAIL_OTP"))}
          aria-describedby="email-code-error"
        />
        <FieldError id="email-code-error" message={errorFor("EMAIL_OTP") ?? errorFor("EMAIL")} />
      </div>
      <SubmitButton busy={busy}>{m.email.verify}</SubmitButton>
      <div className={styles.inlineActions}>
        <button type="button" className={styles.link} disabled={wait > 0 || busy} onClick={() => requestCode(sentTo)}>
          {m.email.resend}
        </button>
        <button
          type="button"
          className={styles.link}
          onClick={() => {
            setSentTo(null);
            setCode("");
          }}
        >
          {m.email.change}
        </button>
      </div>
      <p className={styles.muted} aria-live="polite">
        {wait > 0 ? format(m.email.resendIn, { seconds: wait }) : null}{" "}
        {format(m.email.limit, { count: OTP_REQUESTS_PER_HOUR })}
      </p>
    </form>
  );
}
