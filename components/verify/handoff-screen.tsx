"use client";
import { useCallback, useEffect, useState } from "react";
import { QRCodeSVG } from "qrcode.react";
import { createHandoff, fetchState, type Handoff } from "@/components/verify/hosted-api";
import { useTranslations } from "next-intl";
import { ErrorBanner } from "@/components/verify/ui";
import type { HostedSession, HostedState } from "@/lib/domain/hosted/types";
import styles from "@/components/verify/verify.module.css";
import own from "@/components/verify/consent.module.css";

const POLL_MS = 2000;

/**
 * "Continue on your phone": a one-time code as a QR code and a short link. The desktop keeps its own session and
 * follows the verification (every 2 s) — code opened, inputs done — until the phone submits, then hands over to
 * the finish screen. The phone gets a session of its own from the code; it never sees this page's session.
 */
export function HandoffScreen({
  session,
  state: initial,
  onFinished,
  onBack,
}: {
  session: HostedSession;
  state: HostedState;
  onFinished: (state: HostedState) => void;
  onBack: (state: HostedState) => void;
}) {
  const t = useTranslations("handoff");
  const common = useTranslations("common");
  const [handoff, setHandoff] = useState<Handoff | null>(null);
  const [state, setState] = useState(initial);
  const [error, setError] = useState<string | null>(null);

  const newCode = useCallback(async () => {
    setError(null);
    setHandoff(null);
    try {
      const created = await createHandoff(session.sessionToken);
      setState((s) => ({ ...s, handoff: { state: "WAITING", expiresAt: created.expiresAt } }));
      setHandoff(created);
    } catch {
      setError(common("unexpected"));
    }
  }, [session.sessionToken, common]);

  useEffect(() => {
    void newCode();
  }, [newCode]);

  useEffect(() => {
    if (!handoff) return;
    let timer: ReturnType<typeof setTimeout>;
    let stopped = false;
    const poll = async () => {
      try {
        const fresh = await fetchState(session.sessionToken);
        if (stopped) return;
        setState(fresh);
        if (fresh.status !== "PENDING" && fresh.status !== "INITIATED") return onFinished(fresh);
      } catch {
        // a failed poll is retried
      }
      if (!stopped) timer = setTimeout(poll, POLL_MS);
    };
    timer = setTimeout(poll, POLL_MS);
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, [handoff, session.sessionToken, onFinished]);

  const phase = state.handoff?.state ?? "WAITING";
  const required = state.inputs.filter((i) => !i.optional).length;
  const done = Math.max(0, required - state.missing.length);

  return (
    <section className={styles.flow} data-testid="handoff" data-handoff={handoff ? phase : "LOADING"}>
      <header className={styles.stepHeader}>
        <h1 tabIndex={-1}>{t("title")}</h1>
        <p className={styles.intro}>{t("intro")}</p>
      </header>
      <ErrorBanner message={error} />
      {handoff && phase !== "EXPIRED" ? (
        <>
          <div className={own.qr} role="img" aria-label={t("qrLabel")}>
            <QRCodeSVG value={handoff.url} size={192} marginSize={0} aria-hidden="true" />
          </div>
          <p className={styles.muted}>{t("linkLabel")}</p>
          <p className={own.shortLink} data-testid="handoff-link">
            {handoff.url}
          </p>
        </>
      ) : null}
      <div role="status" className={styles.intro}>
        {!handoff ? null : phase === "EXPIRED" ? (
          t("expired")
        ) : phase === "OPENED" ? (
          <>
            {t("opened")} {t("progress", { done, total: required })}
          </>
        ) : (
          t("waiting")
        )}
      </div>
      {phase !== "WAITING" || !handoff ? (
        <button type="button" className={styles.secondary} onClick={() => void newCode()}>
          {t("newCode")}
        </button>
      ) : null}
      <button type="button" className={styles.link} onClick={() => onBack(state)}>
        {t("back")}
      </button>
      <p className={styles.footnote}>{common("securedBy")}</p>
    </section>
  );
}
