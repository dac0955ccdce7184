import type { TextInput } from "@/components/verify/hosted-api";
import type { HostedSession, HostedState } from "@/lib/domain/hosted/types";

// What every step of the hosted flow receives (here, not in verify-flow.tsx: the steps import it, and the flow
// imports the steps).

export type Submission = { texts?: TextInput[]; files?: { fieldName: string; file: Blob; filename: string }[] };

/** What a step hands back: inputs to store, or "skip" (an optional step passed over). */
export type StepProps = {
  screenFields: HostedState["inputs"];
  state: HostedState;
  session: HostedSession;
  submit: (submission: Submission | "skip", extra?: { documentSides?: ("FRONT" | "BACK")[] }) => Promise<void>;
  /** continue on a phone (the QR handoff): the wallet screen offers it where this browser has no wallet access */
  openHandoff?: () => void;
};
