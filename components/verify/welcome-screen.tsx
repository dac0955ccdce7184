"use client";
import { format, useI18n } from "@/components/verify/i18n";
import { ErrorBanner } from "@/components/verify/ui";
import styles from "@/components/verify/verify.module.css";

export function WelcomeScreen({
  accountName,
  processes,
  resuming,
  busy,
  error,
  onStart,
}: {
  accountName: string;
  processes: string[];
  resuming: boolean;
  busy: boolean;
  error: string | null;
  onStart: () => void;
}) {
  const { m } = useI18n();
  const needs = [...new Set(processes)].map((p) => m.welcome.need[p]).filter(Boolean);
  return (
    <section className={styles.flow}>
      <header className={styles.stepHeader}>
        <h1 tabIndex={-1}>{m.welcome.title}</h1>
        <p className={styles.intro}>{format(m.welcome.intro, { account: accountName })}</p>
      </header>
      {needs.length ? (
        <>
          <p>{m.welcome.youNeed}</p>
          <ul className={styles.needs}>
            {needs.map((need) => (
              <li key={need}>{need}</li>
            ))}
          </ul>
        </>
      ) : null}
      <ErrorBanner message={error} />
      <button type="button" className={styles.primary} onClick={onStart} disabled={busy} aria-busy={busy}>
        {busy ? m.common.sending : resuming ? m.welcome.resume : m.welcome.start}
      </button>
      <p className={styles.footnote}>{m.common.securedBy}</p>
    </section>
  );
}
