"use client";
import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import dynamic from "next/dynamic";
import { SubmittedScreen } from "@/components/verify/submitted-screen";
import { WelcomeScreen } from "@/components/verify/welcome-screen";
import { useEmbedBridge } from "@/components/verify/embed-bridge";
import { ErrorBanner, Progress } from "@/components/verify/ui";
import { HostedApiError, fetchState, sendInputs, startVerification } from "@/components/verify/hosted-api";
import { useI18n } from "@/components/verify/i18n";
import { isLastOpenScreen, nextOpenScreen, planScreens } from "@/components/verify/plan-screens";
import { FINAL_STATUSES, type HostedEntry, type HostedSession, type HostedState } from "@/lib/hosted/types";
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
const CaptureStep = dynamic(() => import("@/components/verify/steps/capture-step").then((m) => m.CaptureStep));

type Phase = "welcome" | "steps" | "submitted";

export function VerifyFlow({ entry }: { entry: HostedEntry }) {
  const { m, t } = useI18n();
  const [session, setSession] = useState<HostedSession | null>(entry.kind === "resume" ? entry.session : null);
  const [state, setState] = useState<HostedState | null>(entry.kind === "resume" ? entry.state : null);
  const [documentSides, setDocumentSides] = useState(entry.kind === "resume" ? entry.state.documentSides : null);
  const [skipped, setSkipped] = useState<ReadonlySet<string>>(new Set());
  const [phase, setPhase] = useState<Phase>(() => initialPhase(entry));
  const [error, setError] = useState<string | null>(null);
  const [starting, setStarting] = useState(false);
  const headingRef = useRef<HTMLDivElement>(null);
  useEmbedBridge({ phase, verificationId: state?.verificationId ?? null, status: state?.status ?? null });

  const supplied = useMemo(() => new Set(state?.supplied ?? []), [state]);
  const screens = useMemo(() => (state ? planScreens(state.inputs, documentSides) : []), [state, documentSides]);
  const current = nextOpenScreen(screens, supplied, skipped);
  const screen = screens[current];

  // each new screen starts at the top with the focus on its heading (screen readers announce it)
  useEffect(() => {
    if (phase !== "steps") return;
    window.scrollTo({ top: 0 });
    headingRef.current?.querySelector<HTMLElement>("h1, h2")?.focus();
  }, [phase, current]);

  const explain = useCallback(
    (cause: unknown): string => {
      if (!(cause instanceof HostedApiError)) return m.common.unexpected;
      if (cause.code === "NETWORK") return m.common.network;
      if (cause.status === 401) return m.common.sessionExpired;
      if (cause.status === 429) return t(m.common.rateLimited, { seconds: cause.retryAfter ?? 60 });
      return cause.message || m.common.unexpected;
    },
    [m, t],
  );

  async function start() {
    if (entry.kind !== "start") return;
    setStarting(true);
    setError(null);
    try {
      const started = await startVerification({
        flowId: entry.flowId,
        clientId: entry.clientId,
        metadata: entry.metadata,
        sig: entry.sig,
      });
      // the address bar now resumes THIS verification: a reload or a copy of the link continues it
      window.history.replaceState(null, "", started.verifyUrl);
      setSession(started.session);
      setState(started.state);
      setDocumentSides(started.state.documentSides);
      setPhase("steps");
    } catch (cause) {
      setError(explain(cause));
    } finally {
      setStarting(false);
    }
  }

  const submit = useCallback<StepProps["submit"]>(
    async (submission, extra) => {
      if (!session || !state || !screen) return;
      const sides = extra?.documentSides ?? documentSides;
      const plannedScreens = extra?.documentSides ? planScreens(state.inputs, sides) : screens;
      const index = plannedScreens.findIndex((s) => s.id === screen.id);
      const last = isLastOpenScreen(plannedScreens, index, supplied, skipped);
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

  if (phase === "welcome" || !state || !session) {
    return (
      <WelcomeScreen
        accountName={entry.kind === "start" ? entry.accountName : (state?.accountName ?? "")}
        processes={entry.kind === "start" ? entry.processes : (state?.processes ?? [])}
        resuming={entry.kind === "resume"}
        busy={starting}
        error={error}
        onStart={entry.kind === "start" && !state ? start : () => setPhase("steps")}
      />
    );
  }

  if (phase === "submitted" || !screen) {
    return <SubmittedScreen state={state} session={session} />;
  }

  const props: StepProps = { screenFields: screen.fields, state, session, submit };
  return (
    <div className={styles.flow}>
      <Progress
        current={Math.min(current, screens.length - 1)}
        total={screens.length}
        label={t(m.common.stepOf, { current: current + 1, total: screens.length })}
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
      </div>
      <p className={styles.footnote}>{m.common.securedBy}</p>
    </div>
  );
}

function initialPhase(entry: HostedEntry): Phase {
  if (entry.kind === "start") return "welcome";
  const { state } = entry;
  if (FINAL_STATUSES.includes(state.status) || state.status === "PROCESSING") return "submitted";
  // nothing sent yet: say what is needed first; otherwise continue where the end user left off
  return state.supplied.length ? "steps" : "welcome";
}
