"use client";
import { useEffect, useState } from "react";
import type { IssueKind } from "@/components/verify/capture/quality/judge-capture";
import type { JudgeResult } from "@/components/verify/capture/quality/use-quality-judge";

/** Between two preview frames judged; about two a second keeps a phone cool and the hint current. */
const FRAME_INTERVAL_MS = 450;
/** Mean luma change between two frames' thumbnails under which the document is held still (0–255). */
const STEADY_DIFFERENCE = 3;
/** Consecutive still, clean frames before the photo is taken by itself (≈ 1 s). */
const STEADY_FRAMES = 2;

export type LiveState = { issue: IssueKind | null; steady: boolean };

/**
 * Judges the live preview while `active` and calls `onSteady` once the frame is still, sharp, lit and filled for
 * STEADY_FRAMES frames in a row. Returns what the last frame showed, for the hint under the frame. The manual
 * button never waits for this.
 */
export function useAutoCapture({
  active,
  grab,
  judge,
  onSteady,
}: {
  active: boolean;
  grab: () => Promise<ImageBitmap | null>;
  judge: (picture: ImageBitmap) => Promise<JudgeResult | null>;
  onSteady: () => void;
}): LiveState | null {
  const [live, setLive] = useState<LiveState | null>(null);

  useEffect(() => {
    if (!active) return;
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let streak = 0;
    const tick = async () => {
      if (stopped) return;
      const bitmap = await grab().catch(() => null);
      const result = bitmap && !stopped ? await judge(bitmap) : null;
      if (bitmap && !result) bitmap.close?.();
      if (stopped) return;
      if (result) {
        const issue = result.verdict.issues[0]?.kind ?? null;
        const still = result.difference !== null && result.difference < STEADY_DIFFERENCE;
        streak = !issue && still ? streak + 1 : 0;
        setLive((previous) =>
          previous?.issue === issue && previous.steady === streak > 0 ? previous : { issue, steady: streak > 0 },
        );
        if (streak >= STEADY_FRAMES) return onSteady();
      }
      // no worker (result null): no auto-capture, the manual button stays
      if (result || bitmap === null) timer = setTimeout(tick, FRAME_INTERVAL_MS);
    };
    timer = setTimeout(tick, FRAME_INTERVAL_MS);
    return () => {
      stopped = true;
      clearTimeout(timer);
      setLive(null);
    };
  }, [active, grab, judge, onSteady]);

  return live;
}
