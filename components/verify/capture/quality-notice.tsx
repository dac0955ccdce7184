"use client";
import { useTranslations } from "next-intl";
import cs from "@/components/verify/capture/capture.module.css";
import type { Verdict } from "@/components/verify/capture/quality/judge-capture";
import { isRefused } from "@/components/verify/capture/quality/judge-capture";
import styles from "@/components/verify/verify.module.css";

/** "checking" while the worker judges; null when nothing could be judged (no worker): the photo goes unjudged. */
export type Judgement = Verdict | "checking" | null;

export function judgementState(judgement: Judgement): "checking" | "unjudged" | "accepted" | "warned" | "refused" {
  if (judgement === "checking") return "checking";
  if (!judgement) return "unjudged";
  if (isRefused(judgement)) return "refused";
  return judgement.issues.length ? "warned" : "accepted";
}

/** What the judgement found, in words the end user can act on; nothing when the photo is fine. */
export function QualityNotice({ judgement, canOverride }: { judgement: Judgement; canOverride: boolean }) {
  const q = useTranslations("quality");
  const state = judgementState(judgement);
  if (state === "checking")
    return (
      <p className={styles.muted} role="status">
        {q("checking")}
      </p>
    );
  if (state === "unjudged" || state === "accepted" || !judgement || judgement === "checking") return null;
  const refused = state === "refused";
  const kinds = [...new Set(judgement.issues.map((issue) => issue.kind))];
  return (
    <div className={`${cs.notice} ${refused ? cs.refused : cs.warned}`} role={refused ? "alert" : "status"}>
      <p>
        <strong>{refused ? q("refused") : q("warned")}</strong>
      </p>
      <ul>
        {kinds.map((kind) => (
          <li key={kind}>{q(`issue.${kind}`)}</li>
        ))}
      </ul>
      {!refused || canOverride ? <p>{q("retakeAdvice")}</p> : null}
    </div>
  );
}
