// Types of the embed script (embed.js), served by the app at /embed.js. The messages the hosted page posts are
// `OpenKYCEmbedEvent`s (components/verify/embed-bridge.ts sends them).

export type OpenKYCEmbedEvent =
  | { source: "openkyc"; version: 1; type: "ready"; verificationId: string | null }
  | {
      source: "openkyc";
      version: 1;
      type: "step";
      verificationId: string | null;
      phase: "consent" | "declined" | "steps" | "handoff" | "submitted";
    }
  | { source: "openkyc"; version: 1; type: "complete"; verificationId: string; status: string }
  | { source: "openkyc"; version: 1; type: "cancel"; verificationId: string | null; reason: "CONSENT_DECLINED" }
  | { source: "openkyc"; version: 1; type: "error"; verificationId: string | null; code: string; message: string };

export type OpenKYCOpenOptions = {
  /** the verificationUrl of POST /api/v1/verifications (resumes that verification); on the service's origin */
  verificationUrl?: string;
  /** or a workflow and the account's client id: each open starts a new verification */
  flowId?: string;
  clientId?: string;
  /**
   * the service's origin, only for a copy of embed.js that was not loaded from the service (bundled, inlined); a
   * script loaded from the service trusts that origin and nothing else (another value throws a TypeError)
   */
  origin?: string;
  /** a language of the hosted page (`en`, `es`, …); default: the browser's */
  language?: string;
  /** an element or a selector: the flow is shown inline there instead of in a modal */
  container?: HTMLElement | string;
  title?: string;
  closeLabel?: string;
  /** onError FRAME_UNAVAILABLE when the page has not said "ready" by then (default 15 000 ms) */
  readyTimeoutMs?: number;
  /** the end user finished the flow; read the result with the API or a webhook */
  onComplete?: (result: { verificationId: string; status: string }) => void;
  /** the end user closed the modal (button, Escape) or the page called close() */
  onCancel?: (why: {
    reason: "closed" | "escape" | "api" | "CONSENT_DECLINED";
    verificationId?: string | null;
  }) => void;
  onError?: (error: { code: string; message: string }) => void;
  /** every message of the hosted page */
  onEvent?: (event: OpenKYCEmbedEvent) => void;
};

export type OpenKYCHandle = { iframe: HTMLIFrameElement; close: () => void };

declare global {
  interface Window {
    OpenKYC: { open: (options: OpenKYCOpenOptions) => OpenKYCHandle; version: 1 };
  }
}
