"use client";
import { useId, useState } from "react";
import { format, useI18n } from "@/components/verify/i18n";
import { ErrorBanner } from "@/components/verify/ui";
import { needsBiometricConsent } from "@/lib/hosted/consent-terms";
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
  const { m } = useI18n();
  const tickId = useId();
  const [ticked, setTicked] = useState(false);
  const [tickMissing, setTickMissing] = useState(false);
  const account = { account: terms.accountName };
  const processes = [...new Set(terms.processes)];
  const biometric = needsBiometricConsent(processes);
  const collected = processes.map((p) => m.consent.collect[p]).filter(Boolean);

  function agree() {
    if (biometric && !ticked) return setTickMissing(true);
    onAgree(biometric && ticked);
  }

  return (
    <section className={styles.flow} data-testid="consent">
      {terms.logoUrl ? <img className={own.logo} src={terms.logoUrl} alt={terms.accountName} /> : null}
      <header className={styles.stepHeader}>
        <h1 tabIndex={-1}>{m.welcome.title}</h1>
        <p className={styles.intro}>{format(m.consent.intro, account)}</p>
      </header>
      <div className={own.terms}>
        <h2>{m.consent.collectTitle}</h2>
        <ul>
          {collected.map((text) => (
            <li key={text}>{text}</li>
          ))}
          <li>{m.consent.always}</li>
        </ul>
        <h2>{m.consent.retentionTitle}</h2>
        <p>
          {terms.retentionDays
            ? format(m.consent.retentionDays, { ...account, days: terms.retentionDays })
            : format(m.consent.retentionKept, account)}
        </p>
        <p>
          {terms.privacyNoticeUrl ? (
            <a href={terms.privacyNoticeUrl} target="_blank" rel="noopener noreferrer">
              {format(m.consent.privacyNotice, account)}
            </a>
          ) : (
            format(m.consent.noPrivacyNotice, account)
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
            <span>{format(m.consent.biometric, account)}</span>
          </label>
          {tickMissing && !ticked ? (
            <p id={`${tickId}-error`} className={styles.fieldError} role="alert">
              {m.consent.biometricRequired}
            </p>
          ) : null}
        </div>
      ) : null}
      <ErrorBanner message={error} />
      <div className={own.buttons}>
        <button type="button" className={styles.primary} onClick={agree} disabled={busy} aria-busy={busy}>
          {busy ? m.common.sending : starting ? m.consent.agreeStart : m.consent.agreeContinue}
        </button>
        <button type="button" className={styles.secondary} onClick={onDecline} disabled={busy}>
          {m.consent.decline}
        </button>
      </div>
      <p className={styles.footnote}>{m.common.securedBy}</p>
    </section>
  );
}

/** After "Decline": nothing more is collected. */
export function DeclinedScreen({ accountName }: { accountName: string }) {
  const { m } = useI18n();
  return (
    <section className={styles.flow} data-testid="consent-declined">
      <header className={styles.stepHeader}>
        <h1 tabIndex={-1}>{m.consent.declinedTitle}</h1>
      </header>
      <p role="status" className={styles.intro}>
        {format(m.consent.declined, { account: accountName })}
      </p>
    </section>
  );
}
