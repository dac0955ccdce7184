import { padView } from "./presentation-attack-view";
import styles from "@/components/dashboard/dashboard.module.css";

/** The presentation-attack score of a LIVENESS or VIDEO_AGREEMENT step: decision, median, lowest and each frame. */
export function PresentationAttackScores({ data }: { data: Record<string, unknown> }) {
  const pad = padView(data);
  if (!pad) return null;
  const shadow = pad.mode === "SHADOW";
  const closeUp = pad.passOn === "median_combined";
  return (
    <div data-testid="presentation-attack">
      <p>
        Presentation attack (printed photo, screen): <strong>{pad.decision.toLowerCase()}</strong>
        {shadow ? " · shadow mode: recorded, not deciding" : ""}
        {pad.medianReal !== null ? ` · real-face score ${pad.medianReal.toFixed(2)} median` : " · no frame scored"}
        {pad.minReal !== null ? `, ${pad.minReal.toFixed(2)} lowest` : ""}
        {closeUp && pad.medianCombined !== null ? ` · with texture cues ${pad.medianCombined.toFixed(2)} median` : ""}
        {pad.pass !== null ? ` · passes from ${pad.pass}${closeUp ? " (close-up: with texture cues)" : ""}` : ""}
        {pad.secondSignal ? ` · confirmed by ${pad.secondSignal}` : ""}
      </p>
      {pad.frames.length ? (
        <p className={styles.muted}>
          Frames:{" "}
          {pad.frames.map((f) => `#${f.frame} ${f.real.toFixed(3)}${f.greyscale ? " (greyscale)" : ""}`).join(" · ")}
        </p>
      ) : null}
      {pad.reason ? <p className={styles.muted}>{pad.reason}</p> : null}
    </div>
  );
}
