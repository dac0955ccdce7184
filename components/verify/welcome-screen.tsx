"use client";
import { useTranslations } from "next-intl";
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
  const t = useTranslations("welcome");
  const common = useTranslations("common");
  const needs = [...new Set(processes)]
    .map((p) => `need.${p}` as Parameters<typeof t>[0])
    .filter((key) => t.has(key))
    .map((key) => t(key));
  return (
    <section className={styles.flow}>
      <header className={styles.stepHeader}>
        <h1 tabIndex={-1}>{t("title")}</h1>
        <p className={styles.intro}>{t("intro", { account: accountName })}</p>
      </header>
      {needs.length ? (
        <>
          <p>{t("youNeed")}</p>
          <ul className={styles.needs}>
            {needs.map((need) => (
              <li key={need}>{need}</li>
            ))}
          </ul>
        </>
      ) : null}
      <ErrorBanner message={error} />
      <button type="button" className={styles.primary} onClick={onStart} disabled={busy} aria-busy={busy}>
        {busy ? common("sending") : resuming ? t("resume") : t("start")}
      </button>
      <p className={styles.footnote}>{common("securedBy")}</p>
    </section>
  );
}
