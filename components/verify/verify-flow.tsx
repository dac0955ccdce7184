"use client";
import { useCallback, useEffect, useMemo, useRef, useState, useSyncExternalStore } from "react";
import dynamic from "next/dynamic";
import { useLocale, useTranslations } from "next-intl";
import { ConsentScreen, DeclinedScreen, type ConsentTerms } from "@/components/verify/consent-screen";
import { SubmittedScreen } from "@/components/verify/submitted-screen";
import { ErrorBanner, Progress, useExplainError } from "@/components/verify/ui";
import { answerConsent, fetchState, sendInputs, startVerification } from "@/components/verify/hosted-api";
import { CONSENT_TEXT_VERSION } from "@/lib/domain/hosted/consent-terms";
import { useEmbedBridge } from "@/components/verify/embed-bridge";
import { isLastOpenScreen, nextOpenScreen, planScreens } from "@/components/verify/plan-screens";
import { FINAL_STATUSES, type HostedEntry, type HostedSession, type HostedState } from "@/lib/domain/hosted/types";
import type { StepProps } from "@/components/verify/steps/types";
import styles from "@/components/verify/verify.module.css";

// Each kind of step is its own chunk, fetched when the flow reaches it (forms bring zod and react-hook-form,
// captures bring the camera code): the first screen ships none of them.
const AddressStep = dynamic(() => import("@/components/verify/steps/address-step").then((m) => m.AddressStep));
const DocumentSelectStep = dynamic(() =>
  import("@/components/verify/steps/document-select-step").then((m) => m.DocumentSelectStep),
);
const EmailStep = dynamic(() => import("@/components/verify/steps/email-step").then((m) => m.EmailStep));
const GenericStep = dynamic(() => import("@/components/verify/steps/generic-step").then((m) => m.GenericStep));
const LocationStep = dynamic(() => import("@/components/verify/steps/location-step").then((m) => m.LocationStep));
const PersonalStep = dynamic(() => import("@/components/verify/steps/personal-step").then((m) => m.PersonalStep));
const WalletStep = dynamic(() => import("@/components/verify/steps/wallet-step").then((m) => m.WalletStep));
const CaptureStep = dynamic(() => import("@/components/verify/steps/capture-step").then((m) => m.CaptureStep));
const HandoffScreen = dynamic(() => import("@/components/verify/handoff-screen").then((m) => m.HandoffScreen));

type Phase = "consent" | "declined" | "steps" | "handoff" | "submitted";

/**
 * The page arrives rendered by the server and takes input only once React runs it: until then every control is
 * disabled (a disabled fieldset), so a choice made in the first moments is not silently undone when React takes over
 * the page and restores its own state (a country picked on a slow phone came back as "Select a country").
 */
export function VerifyFlow({ entry }: { entry: HostedEntry }) {
  const hydrated = useHydrated();
  return (
    <fieldset className={styles.gate} disabled={!hydrated} aria-busy={!hydrated || undefined}>
      <FlowScreens entry={entry} />
    </fieldset>
  );
}

const noSubscription = () => () => {};

/** false in the server's render and while React hydrates it, true from then on. */
function useHydrated(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
}

function FlowScreens({ entry }: { entry: HostedEntry }) {
  const t = useTranslations("common");
  const handoffText = useTranslations("handoff");
  const lang = useLocale();
  const explain = useExplainError();
  const [session, setSession] = useState<HostedSession | null>(entry.kind === "resume" ? entry.session : null);
  const [state, setState] = useState<HostedState | null>(entry.kind === "resume" ? entry.state : null);
  const [documentSides, setDocumentSides] = useState(entry.kind === "resume" ? entry.state.documentSides : null);
  const [skipped, setSkipped] = useState<ReadonlySet<string>>(new Set());
  const [phase, setPhase] = useState<Phase>(() => initialPhase(entry));
  const [error, setError] = useState<string | null>(null);
  const [starting, setStarting] = useState(false);
  const hasCamera = useHasCamera();
  const headingRef = useRef<HTMLDivElement>(null);
  useEmbedBridge({ phase, verificationId: state?.verificationId ?? null, status: state?.status ?? null });

  const supplied = useMemo(() => new Set(state?.supplied ?? []), [state]);
  const screens = useMemo(() => (state ? planScreens(state.inputs, documentSides) : []), [state, documentSides]);
  const current = nextOpenScreen(screens, supplied, skipped);
  const screen = screens[current];

  // each new screen starts at the top with the focus on its heading (screen readers announce it)
  useEffect(() => {
    if (phase === "submitted") return;
    window.scrollTo({ top: 0 });
    headingRef.current?.querySelector<HTMLElement>("h1, h2")?.focus();
  }, [phase, current]);

  /** "Agree": a shareable link starts its verification first; then the consent is recorded with it. */
  async function agree(biometric: boolean) {
    setStarting(true);
    setError(null);
    try {
      let current = session;
      if (entry.kind === "start" && !current) {
        const started = await startVerification({
          flowId: entry.flowId,
          clientId: entry.clientId,
          metadata: entry.metadata,
          sig: entry.sig,
          mode: entry.mode,
          exp: entry.exp,
        });
        // the address bar now resumes THIS verification: a reload or a copy of the link continues it (in the
        // language chosen with ?lang=, if one was)
        const resumeUrl = new URL(started.verifyUrl, window.location.href);
        const chosen = new URLSearchParams(window.location.search).get("lang");
        if (chosen) resumeUrl.searchParams.set("lang", chosen);
        window.history.replaceState(null, "", resumeUrl.toString());
        setSession(started.session);
        setState(started.state);
        setDocumentSides(started.state.documentSides);
        current = started.session;
      }
      if (!current) return;
      const fresh = await answerConsent(current.sessionToken, {
        decision: "GIVEN",
        textVersion: CONSENT_TEXT_VERSION,
        language: lang,
        biometric,
      });
      setState(fresh);
      setDocumentSides(fresh.documentSides);
      setPhase("steps");
    } catch (cause) {
      setError(explain(cause));
    } finally {
      setStarting(false);
    }
  }

  /** "Decline": a started verification becomes ABANDONED (CONSENT_DECLINED); a shareable link creates nothing. */
  async function decline() {
    setStarting(true);
    setError(null);
    try {
      if (session)
        setState(
          await answerConsent(session.sessionToken, {
            decision: "DECLINED",
            textVersion: CONSENT_TEXT_VERSION,
            language: lang,
            biometric: false,
          }),
        );
      setPhase("declined");
    } catch (cause) {
      setError(explain(cause));
    } finally {
      setStarting(false);
    }
  }

  const handoffFinished = useCallback((fresh: HostedState) => {
    setState(fresh);
    setPhase("submitted");
  }, []);
  const handoffBack = useCallback((fresh: HostedState) => {
    setState(fresh);
    setDocumentSides(fresh.documentSides);
    setPhase("steps");
  }, []);

  const submit = useCallback<StepProps["submit"]>(
    async (submission, extra) => {
      if (!session || !state || !screen) return;
      const sides = extra?.documentSides ?? documentSides;
      const plannedScreens = extra?.documentSides ? planScreens(state.inputs, sides) : screens;
      const index = plannedScreens.findIndex((s) => s.id === screen.id);
      // what this submission supplies counts: the wallet's answer completes the document's screens too
      const submitted =
        submission === "skip"
          ? []
          : [...(submission.texts ?? []), ...(submission.files ?? [])].map((item) => item.fieldName);
      const last = isLastOpenScreen(plannedScreens, index, new Set([...supplied, ...submitted]), skipped);
      if (submission === "skip" && !last) {
        setSkipped((prev) => new Set(prev).add(screen.id));
        return;
      }
      // errors propagate to the step, which shows them next to its fields
      await sendInputs(session.sessionToken, state.verificationId, submission === "skip" ? {} : submission, last);
      if (extra?.documentSides) setDocumentSides(extra.documentSides);
      if (submission === "skip") setSkipped((prev) => new Set(prev).add(screen.id));
      const fresh = await fetchState(session.sessionToken);
      setState(fresh);
      if (fresh.status !== "INITIATED" && fresh.status !== "PENDING") setPhase("submitted");
    },
    [session, state, screen, screens, documentSides, supplied, skipped],
  );

  const accountName = entry.kind === "start" ? entry.accountName : (state?.accountName ?? "");
  if (phase === "declined") return <DeclinedScreen accountName={accountName} />;

  if (phase === "consent" || !state || !session) {
    const terms: ConsentTerms =
      entry.kind === "start"
        ? entry
        : {
            accountName,
            logoUrl: state?.logoUrl ?? null,
            processes: state?.processes ?? [],
            retentionDays: state?.retentionDays ?? null,
            privacyNoticeUrl: state?.privacyNoticeUrl ?? null,
          };
    return (
      <ConsentScreen
        terms={terms}
        starting={entry.kind === "start" && !session}
        busy={starting}
        error={error}
        onAgree={(biometric) => void agree(biometric)}
        onDecline={() => void decline()}
      />
    );
  }

  if (phase === "submitted" || !screen) {
    return <SubmittedScreen state={state} session={session} />;
  }

  if (phase === "handoff") {
    return (
      <div ref={headingRef} className={styles.screen}>
        <HandoffScreen session={session} state={state} onFinished={handoffFinished} onBack={handoffBack} />
      </div>
    );
  }

  // the phone is offered while a camera screen is still ahead; first and foremost when this device has no camera
  const captureAhead = screens.slice(current).some((s) => s.kind === "photo" || s.kind === "video");
  const props: StepProps = { screenFields: screen.fields, state, session, submit };
  return (
    <div className={styles.flow}>
      <Progress
        current={Math.min(current, screens.length - 1)}
        total={screens.length}
        label={t("stepOf", { current: current + 1, total: screens.length })}
      />
      <ErrorBanner message={error} />
      <div ref={headingRef} key={screen.id} className={styles.screen}>
        {screen.kind === "document-select" && <DocumentSelectStep {...props} />}
        {(screen.kind === "photo" || screen.kind === "video") && (
          <CaptureStep {...props} documentSides={documentSides} />
        )}
        {screen.kind === "address" && <AddressStep {...props} />}
        {screen.kind === "email" && <EmailStep {...props} />}
        {screen.kind === "location" && <LocationStep {...props} />}
        {screen.kind === "personal" && <PersonalStep {...props} />}
        {screen.kind === "generic" && <GenericStep {...props} />}
        {screen.kind === "wallet" && <WalletStep {...props} openHandoff={() => setPhase("handoff")} />}
      </div>
      {captureAhead ? (
        <div className={styles.screen} data-testid="handoff-offer">
          {hasCamera === false ? <p className={styles.warning}>{handoffText("noCamera")}</p> : null}
          <button
            type="button"
            className={hasCamera === false ? styles.primary : styles.link}
            onClick={() => setPhase("handoff")}
          >
            {handoffText("offer")}
          </button>
        </div>
      ) : null}
      <p className={styles.footnote}>{t("securedBy")}</p>
    </div>
  );
}

function initialPhase(entry: HostedEntry): Phase {
  if (entry.kind === "start") return "consent";
  const { state } = entry;
  if (state.consent?.decision === "DECLINED") return "declined";
  if (FINAL_STATUSES.includes(state.status) || state.status === "PROCESSING") return "submitted";
  // nothing is collected before the end user agreed; once they have, continue where they left off
  return state.consent?.decision === "GIVEN" ? "steps" : "consent";
}

/** Whether the device has a camera (null until known). Labels are not needed: only the kind is read. */
function useHasCamera(): boolean | null {
  const [hasCamera, setHasCamera] = useState<boolean | null>(null);
  useEffect(() => {
    let live = true;
    const devices = navigator.mediaDevices?.enumerateDevices?.();
    if (!devices) return setHasCamera(false);
    devices
      .then((list) => live && setHasCamera(list.some((d) => d.kind === "videoinput")))
      .catch(() => live && setHasCamera(null));
    return () => {
      live = false;
    };
  }, []);
  return hasCamera;
}
