"use client";
import { useEffect, useState } from "react";
import { fetchState } from "@/components/verify/hosted-api";
import { useTranslations } from "next-intl";
import { finishRedirectUrl } from "@/components/verify/redirect-url";
import { FINAL_STATUSES, type HostedSession, type HostedState } from "@/lib/domain/hosted/types";
import styles from "@/components/verify/verify.module.css";
import own from "@/components/verify/consent.module.css";

const POLL_MS = 2000;
const GIVE_UP_MS = 90_000;
const REDIRECT_DELAY_MS = 3000;

/**
 * "Submitted": follows the verification until a result (or 90 s), then returns to metadata.redirectUrl if given.
 * "What happens next" is in the account's words (dashboard → Settings); the result is shown only when the account
 * allows it (otherwise the server never sends it, and the redirect carries none).
 */
export function SubmittedScreen({ state: initial, session }: { state: HostedState; session: HostedSession }) {
  const t = useTranslations("submitted");
  const finish = useTranslations("finish");
  const [state, setState] = useState(initial);
  const [gaveUp, setGaveUp] = useState(false);
  const done = FINAL_STATUSES.includes(state.status);

  useEffect(() => {
    if (done || gaveUp) return;
    const started = Date.now();
    let timer: ReturnType<typeof setTimeout>;
    const poll = async () => {
      try {
        const fresh = await fetchState(session.sessionToken);
        setState(fresh);
        if (FINAL_STATUSES.includes(fresh.status)) return;
      } catch {
        // a failed poll is retried; the page never shows a result it did not read
      }
      if (Date.now() - started >= GIVE_UP_MS) return setGaveUp(true);
      timer = setTimeout(poll, POLL_MS);
    };
    timer = setTimeout(poll, POLL_MS);
    return () => clearTimeout(timer);
  }, [done, gaveUp, session.sessionToken]);

  const redirect =
    done || gaveUp ? finishRedirectUrl(state.redirectUrl, state.verificationId, state.status, state.result) : null;
  useEffect(() => {
    if (!redirect) return;
    const timer = setTimeout(() => window.location.assign(redirect), REDIRECT_DELAY_MS);
    return () => clearTimeout(timer);
  }, [redirect]);

  const account = { account: state.accountName };
  const message =
    state.status === "COMPLETED" && !state.showResult
      ? finish("checked", account)
      : state.status === "COMPLETED"
        ? state.result === "APPROVED"
          ? t("approved")
          : state.result === "DECLINED"
            ? t("declined")
            : t("review", account)
        : state.status === "FAILED"
          ? t("failed", account)
          : state.status === "ABANDONED" || state.status === "EXPIRED"
            ? t("abandoned", account)
            : gaveUp
              ? t("slow", account)
              : t("processing");

  return (
    <section className={styles.flow} data-status={state.status} data-result={state.result ?? ""}>
      <header className={styles.stepHeader}>
        <h1 tabIndex={-1}>{t("title")}</h1>
      </header>
      {!done && !gaveUp ? <div className={styles.spinner} aria-hidden="true" /> : null}
      <p role="status" className={styles.intro}>
        {message}
      </p>
      {state.status !== "ABANDONED" && state.status !== "EXPIRED" ? (
        <div className={own.next} data-testid="finish-next">
          <h2>{finish("nextTitle")}</h2>
          <p>{state.finishMessage ?? finish("nextDefault", account)}</p>
        </div>
      ) : null}
      {redirect ? (
        <p>
          {t("redirecting")} <a href={redirect}>{t("returnNow")}</a>
        </p>
      ) : null}
    </section>
  );
}
