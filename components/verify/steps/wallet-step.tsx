"use client";
import { useTranslations } from "next-intl";
import { useEffect, useState } from "react";
import { ErrorBanner, StepHeader, useStepSubmit } from "@/components/verify/ui";
import { askTestWallet, requestCredential, type WalletRequest } from "@/components/verify/hosted-api";
import { CREDENTIAL_CLAIMS, type CredentialClaim } from "@/lib/shared/digital-credentials";
import type { StepProps } from "@/components/verify/steps/types";
import styles from "@/components/verify/verify.module.css";

// The DIGITAL_CREDENTIAL screen (issue 34): where the browser has the W3C Digital Credentials API, the phone's wallet
// is asked for the workflow's claims (navigator.credentials.get({ digital: { requests } })) and its answer is sent,
// untouched, as the DIGITAL_CREDENTIAL input; the server verifies it. Elsewhere the page says so and offers the phone.

type DigitalCredentialLike = { protocol?: string; data?: unknown };
type CredentialsWithDigital = {
  get(options: { digital: { requests: WalletRequest[] }; signal?: AbortSignal }): Promise<unknown>;
};

/** Feature detection, as the Digital Credentials API's explainer recommends: the DigitalCredential interface. */
export function supportsDigitalCredentials(): boolean {
  return typeof window !== "undefined" && "DigitalCredential" in window && Boolean(navigator.credentials?.get);
}

export function WalletStep({ screenFields, state, session, submit, openHandoff }: StepProps) {
  const t = useTranslations("wallet");
  const handoff = useTranslations("handoff");
  const { busy, error, run, setError } = useStepSubmit();
  const [supported, setSupported] = useState<boolean | null>(null);
  useEffect(() => setSupported(supportsDigitalCredentials()), []);
  // beside a document step, the document photo is the fallback (where this browser cannot reach a wallet, or by choice)
  const documentInstead = screenFields[0]?.data?.alternativeTo === "DOCUMENT_VERIFICATION";
  const asked = ((screenFields[0]?.data?.claims ?? []) as string[]).filter((c): c is CredentialClaim =>
    (CREDENTIAL_CLAIMS as readonly string[]).includes(c),
  );

  const send = (answer: DigitalCredentialLike) =>
    submit({
      texts: [
        {
          fieldName: "DIGITAL_CREDENTIAL",
          type: "TEXT",
          value: JSON.stringify({ protocol: answer.protocol, data: answer.data }),
        },
      ],
    });

  function askWallet() {
    void run(async () => {
      const { requests } = await requestCredential(session.sessionToken, state.verificationId);
      const credentials = navigator.credentials as unknown as CredentialsWithDigital;
      // null: the person closed the wallet's prompt, or had no matching ID
      const answer = (await credentials
        .get({ digital: { requests } })
        .catch(() => null)) as DigitalCredentialLike | null;
      if (!answer?.data) {
        setError(t("cancelled"));
        return;
      }
      await send(answer);
    });
  }

  function askTestWalletInstead() {
    void run(async () => {
      await requestCredential(session.sessionToken, state.verificationId);
      await send(await askTestWallet(session.sessionToken, state.verificationId));
    });
  }

  return (
    <div>
      <StepHeader title={t("title")} intro={t("intro", { account: state.accountName })} />
      <ErrorBanner message={error} />
      {asked.length ? (
        <>
          <p>{t("shared")}</p>
          <ul data-testid="wallet-claims">
            {asked.map((claim) => (
              <li key={claim}>{t(`claims.${claim}`)}</li>
            ))}
          </ul>
        </>
      ) : null}
      {busy ? <p aria-live="polite">{t("waiting")}</p> : null}
      {supported ? (
        <button type="button" className={styles.primary} disabled={busy} onClick={askWallet}>
          {t("use")}
        </button>
      ) : supported === false ? (
        <>
          <p className={styles.warning}>{t("unsupported")}</p>
          {openHandoff ? (
            <button type="button" className={documentInstead ? styles.link : styles.primary} onClick={openHandoff}>
              {handoff("offer")}
            </button>
          ) : null}
        </>
      ) : null}
      {documentInstead ? (
        <button
          type="button"
          className={supported === false ? styles.primary : styles.link}
          disabled={busy}
          onClick={() => void run(() => submit("skip"))}
        >
          {t("documentInstead")}
        </button>
      ) : null}
      {state.mode === "test" ? (
        <div className={styles.field}>
          <p className={styles.muted}>{t("testHint")}</p>
          <button type="button" className={styles.link} disabled={busy} onClick={askTestWalletInstead}>
            {t("testWallet")}
          </button>
        </div>
      ) : null}
    </div>
  );
}
