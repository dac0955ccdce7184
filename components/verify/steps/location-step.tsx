"use client";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { ErrorBanner, StepHeader, useStepSubmit } from "@/components/verify/ui";
import type { StepProps } from "@/components/verify/steps/types";
import styles from "@/components/verify/verify.module.css";

/** GEOLOCATION: asked with an explanation; going on without it is allowed (the IP signals still run). */
export function LocationStep({ submit }: StepProps) {
  const t = useTranslations("location");
  const common = useTranslations("common");
  const { busy, error, run } = useStepSubmit();
  const [status, setStatus] = useState<"idle" | "locating" | "denied">("idle");
  const [accuracy, setAccuracy] = useState<number | null>(null);

  function share() {
    if (!navigator.geolocation) return setStatus("denied");
    setStatus("locating");
    navigator.geolocation.getCurrentPosition(
      (position) => {
        const { latitude, longitude, accuracy: metres } = position.coords;
        setAccuracy(Math.round(metres));
        setStatus("idle");
        const value = JSON.stringify({ latitude, longitude, accuracy: Math.min(metres, 1_000_000) });
        void run(() => submit({ texts: [{ fieldName: "GEOLOCATION", type: "LOCATION", value }] }));
      },
      () => setStatus("denied"),
      { enableHighAccuracy: true, timeout: 15_000, maximumAge: 60_000 },
    );
  }

  return (
    <section>
      <StepHeader title={t("title")} intro={t("intro")} />
      <ErrorBanner message={error} />
      <p className={styles.muted} aria-live="polite">
        {status === "locating"
          ? t("locating")
          : status === "denied"
            ? t("denied")
            : accuracy !== null
              ? t("shared", { metres: accuracy })
              : null}
      </p>
      <div className={styles.actions}>
        <button
          type="button"
          className={styles.secondary}
          disabled={busy}
          onClick={() => void run(() => submit("skip"))}
        >
          {t("skip")}
        </button>
        <button
          type="button"
          className={styles.primary}
          disabled={busy || status === "locating"}
          onClick={share}
          aria-busy={busy}
        >
          {busy ? common("sending") : t("share")}
        </button>
      </div>
    </section>
  );
}
