"use client";
import { useId, useState } from "react";
import { useTranslations } from "next-intl";
import { ErrorBanner } from "@/components/verify/ui";
import { needsBiometricConsent } from "@/lib/domain/hosted/consent-terms";
import styles from "@/components/verify/verify.module.css";
import own from "@/components/verify/consent.module.css";

export type ConsentTerms = {
  accountName: string;
  logoUrl: string | null;
  processes: string[];
  retentionDays: number | null;
  privacyNoticeUrl: string | null;
};

/**
 * The first screen: who asks, what is collected and why, how long it is kept, the account's privacy notice, and an
 * explicit tick for biometric processing when the workflow takes a face (GDPR Art. 9, BIPA). Nothing is collected
 * before "Agree" (the server refuses a session's inputs without it); "Decline" ends the verification.
 */
export function ConsentScreen({
  terms,
  starting,
  busy,
  error,
  onAgree,
  onDecline,
}: {
  terms: ConsentTerms;
  /** a shareable link: "Agree and start" creates the verification */
  starting: boolean;
  busy: boolean;
  error: string | null;
  onAgree: (biometric: boolean) => void;
  onDecline: () => void;
}) {
  const t = useTranslations("consent");
  const welcome = useTranslations("welcome");
  const common = useTranslations("common");
  const tickId = useId();
  const [ticked, setTicked] = useState(false);
  const [tickMissing, setTickMissing] = useState(false);
  const account = { account: terms.accountName };
  const processes = [...new Set(terms.processes)];
  const biometric = needsBiometricConsent(processes);
  const collected = processes
    .map((p) => `collect.${p}` as Parameters<typeof t>[0])
    .filter((key) => t.has(key))
    .map((key) => t(key));

  function agree() {
    if (biometric && !ticked) return setTickMissing(true);
    onAgree(biometric && ticked);
  }

  return (
    <section className={styles.flow} data-testid="consent">
      {terms.logoUrl ? <img className={own.logo} src={terms.logoUrl} alt={terms.accountName} /> : null}
      <header className={styles.stepHeader}>
        <h1 tabIndex={-1}>{welcome("title")}</h1>
        <p className={styles.intro}>{t("intro", account)}</p>
      </header>
      <div className={own.terms}>
        <h2>{t("collectTitle")}</h2>
        <ul>
          {collected.map((text) => (
            <li key={text}>{text}</li>
          ))}
          <li>{t("always")}</li>
        </ul>
        <h2>{t("retentionTitle")}</h2>
        <p>
          {terms.retentionDays
            ? t("retentionDays", { ...account, days: terms.retentionDays })
            : t("retentionKept", account)}
        </p>
        <p>
          {terms.privacyNoticeUrl ? (
            <a href={terms.privacyNoticeUrl} target="_blank" rel="noopener noreferrer">
              {t("privacyNotice", account)}
            </a>
          ) : (
            t("noPrivacyNotice", account)
          )}
        </p>
      </div>
      {biometric ? (
        <div>
          <label className={own.tick} htmlFor={tickId}>
            <input
              id={tickId}
              type="checkbox"
              checked={ticked}
              aria-invalid={tickMissing && !ticked}
              aria-describedby={tickMissing && !ticked ? `${tickId}-error` : undefined}
              onChange={(event) => setTicked(event.target.checked)}
            />
            <span>{t("biometric", account)}</span>
          </label>
          {tickMissing && !ticked ? (
            <p id={`${tickId}-error`} className={styles.fieldError} role="alert">
              {t("biometricRequired")}
            </p>
          ) : null}
        </div>
      ) : null}
      <ErrorBanner message={error} />
      <div className={own.buttons}>
        <button type="button" className={styles.primary} onClick={agree} disabled={busy} aria-busy={busy}>
          {busy ? common("sending") : starting ? t("agreeStart") : t("agreeContinue")}
        </button>
        <button type="button" className={styles.secondary} onClick={onDecline} disabled={busy}>
          {t("decline")}
        </button>
      </div>
      <p className={styles.footnote}>{common("securedBy")}</p>
    </section>
  );
}

/** After "Decline": nothing more is collected. */
export function DeclinedScreen({ accountName }: { accountName: string }) {
  const t = useTranslations("consent");
  return (
    <section className={styles.flow} data-testid="consent-declined">
      <header className={styles.stepHeader}>
        <h1 tabIndex={-1}>{t("declinedTitle")}</h1>
      </header>
      <p role="status" className={styles.intro}>
        {t("declined", { account: accountName })}
      </p>
    </section>
  );
}
