// The PRESENTATION_ATTACK part of a LIVENESS or VIDEO_AGREEMENT step's data (lib/checks/liveness/presentation-attack.ts)
// read for the dashboard. Step data is JSON from the database: every field is checked, and a step written before the
// check existed (no `presentation_attack`) gives null, shown as nothing.

export type PadFrameView = { frame: number; real: number; greyscale: boolean };
export type PadView = {
  mode: string;
  decision: string;
  reason: string;
  medianReal: number | null;
  minReal: number | null;
  /** the pair's score with the texture cues: what PASS is compared with (null in steps written before it existed) */
  medianCombined: number | null;
  pass: number | null;
  /** what `pass` is compared with: "median_real", or "median_combined" on a close-up */
  passOn: string | null;
  veryLow: number | null;
  secondSignal: string | null;
  frames: PadFrameView[];
};

const num = (x: unknown) => (typeof x === "number" && Number.isFinite(x) ? x : null);
const str = (x: unknown) => (typeof x === "string" ? x : null);

export function padView(data: Record<string, unknown>): PadView | null {
  const pad = data.presentation_attack;
  if (!pad || typeof pad !== "object") return null;
  const p = pad as Record<string, unknown>;
  const thresholds = (p.thresholds ?? {}) as Record<string, unknown>;
  const frames = Array.isArray(p.frames) ? p.frames : [];
  return {
    mode: str(p.mode) ?? "ENFORCE",
    decision: str(p.decision) ?? "unknown",
    reason: str(p.reason) ?? "",
    medianReal: num(p.median_real),
    minReal: num(p.min_real),
    medianCombined: num(p.median_combined),
    pass: num(thresholds.pass),
    passOn: str(thresholds.pass_on),
    veryLow: num(thresholds.very_low),
    secondSignal: str(p.second_signal),
    frames: frames.flatMap((f) => {
      const frame = f as Record<string, unknown>;
      const real = num(frame.real);
      const index = num(frame.frame);
      return real === null || index === null ? [] : [{ frame: index, real, greyscale: frame.greyscale === true }];
    }),
  };
}
