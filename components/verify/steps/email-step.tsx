"use client";
import { useTranslations } from "next-intl";
import { useEffect, useState } from "react";
import { HostedApiError, requestEmailOtp } from "@/components/verify/hosted-api";
import {
  ErrorBanner,
  FieldError,
  StepHeader,
  SubmitButton,
  useExplainError,
  useStepSubmit,
} from "@/components/verify/ui";
import { useRuleCheck } from "@/components/verify/steps/rule-resolver";
import type { StepProps } from "@/components/verify/steps/types";
import { OTP_REQUESTS_PER_HOUR } from "@/lib/shared/otp-limits";
import { TEXT_RULES } from "@/lib/domain/verifications/input-rules";
import styles from "@/components/verify/verify.module.css";

const RESEND_AFTER_SECONDS = 30;

/** EMAIL, then EMAIL_OTP: request a code (email-otp), enter it; EMAIL and the code are stored together. */
export function EmailStep({ state, session, submit }: StepProps) {
  const t = useTranslations("email");
  const { busy, error, fieldErrors, run, setError } = useStepSubmit();
  const explain = useExplainError();
  const check = useRuleCheck();
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
    const problem = check("EMAIL", TEXT_RULES.EMAIL!, address);
    if (problem) return setLocalError({ field: "EMAIL", message: problem });
    const parsed = TEXT_RULES.EMAIL!.parse(address);
    setLocalError(null);
    void run(async () => {
      try {
        await requestEmailOtp(session.sessionToken, state.flowId, parsed);
        setSentTo(parsed);
        setWait(RESEND_AFTER_SECONDS);
      } catch (cause) {
        // the hourly limit: say when a code can be requested again
        if (cause instanceof HostedApiError && cause.code === "OTP_RATE_LIMITED") {
          setWait(cause.retryAfter ?? 60);
          setError(explain(cause));
          return;
        }
        throw cause;
      }
    });
  }

  function confirm(event: React.FormEvent) {
    event.preventDefault();
    if (!sentTo) return;
    const problem = check("EMAIL_OTP", TEXT_RULES.EMAIL_OTP!, code);
    if (problem) return setLocalError({ field: "EMAIL_OTP", message: problem });
    setLocalError(null);
    void run(() =>
      submit({
        texts: [
          { fieldName: "EMAIL", type: "TEXT", value: sentTo },
          { fieldName: "EMAIL_OTP", type: "TEXT", value: TEXT_RULES.EMAIL_OTP!.parse(code) },
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
        <StepHeader title={t("title")} intro={t("intro")} />
        <ErrorBanner message={error} />
        <div className={styles.field}>
          <label htmlFor="email-address">{t("address")}</label>
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
        <p className={styles.muted}>{t("limit", { count: OTP_REQUESTS_PER_HOUR })}</p>
        <SubmitButton busy={busy} disabled={wait > 0}>
          {t("send")}
        </SubmitButton>
      </form>
    );
  }

  return (
    <form onSubmit={confirm} noValidate>
      <StepHeader title={t("title")} intro={t("sent", { email: sentTo })} />
      <ErrorBanner message={error} />
      <div className={styles.field}>
        <label htmlFor="email-code">{t("code")}</label>
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
      <SubmitButton busy={busy}>{t("verify")}</SubmitButton>
      <div className={styles.inlineActions}>
        <button type="button" className={styles.link} disabled={wait > 0 || busy} onClick={() => requestCode(sentTo)}>
          {t("resend")}
        </button>
        <button
          type="button"
          className={styles.link}
          onClick={() => {
            setSentTo(null);
            setCode("");
          }}
        >
          {t("change")}
        </button>
      </div>
      <p className={styles.muted} aria-live="polite">
        {wait > 0 ? t("resendIn", { seconds: wait }) : null} {t("limit", { count: OTP_REQUESTS_PER_HOUR })}
      </p>
    </form>
  );
}
