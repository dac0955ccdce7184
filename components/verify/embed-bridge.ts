"use client";
import { useEffect, useRef } from "react";

// The hosted page's side of the embed (packages/web/embed.js): when /verify runs in a frame opened by embed.js,
// it tells the embedding page what happens (`ready`, the phase, `complete`) with postMessage. Messages go only to
// the origin embed.js named in `embedOrigin` (targetOrigin: the browser drops them for any other parent), and
// frame-ancestors lets only the account's allowed origins frame the page at all. Nothing is read from the parent.

export const EMBED_SOURCE = "openkyc";
export const EMBED_VERSION = 1;

type Phase = "consent" | "declined" | "steps" | "handoff" | "submitted";

/** `embedOrigin` of the page's URL when it is a plain origin and the page runs in a frame; else null. */
export function embedTarget(search: string, framed: boolean): string | null {
  if (!framed) return null;
  const value = new URLSearchParams(search).get("embedOrigin");
  if (!value) return null;
  try {
    const origin = new URL(value).origin;
    return origin === value && /^https?:$/.test(new URL(value).protocol) ? origin : null;
  } catch {
    return null;
  }
}

/** Posts the flow's progress to the embedding page, if any. */
export function useEmbedBridge({
  phase,
  verificationId,
  status,
}: {
  phase: Phase;
  verificationId: string | null;
  status: string | null;
}) {
  // read at the first effect: starting a shareable link rewrites the address bar without the parameter
  const target = useRef<string | null | undefined>(undefined);
  const completed = useRef(false);

  useEffect(() => {
    if (target.current === undefined) {
      target.current = embedTarget(window.location.search, window.parent !== window);
      // the frame is up: the embedding page stops its time-out
      post(target.current, { type: "ready", verificationId });
    }
    post(target.current, { type: "step", verificationId, phase });
    if (phase === "submitted" && verificationId && !completed.current) {
      completed.current = true;
      post(target.current, { type: "complete", verificationId, status });
    }
    // the end user declined the consent screen: the embedding page's onCancel
    if (phase === "declined") post(target.current, { type: "cancel", verificationId, reason: "CONSENT_DECLINED" });
  }, [phase, verificationId, status]);
}

function post(target: string | null | undefined, message: Record<string, unknown>) {
  if (!target) return;
  window.parent.postMessage({ source: EMBED_SOURCE, version: EMBED_VERSION, ...message }, target);
}
