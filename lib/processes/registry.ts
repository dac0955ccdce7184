import type { ProcessType } from "@/lib/workflows/process-types";
import type { VerificationProcess } from "@/lib/processes/types";
import { addressVerification } from "@/lib/processes/address-verification/address-verification";
import { documentVerification } from "@/lib/processes/document-verification/document-verification";
import { emailCheck } from "@/lib/processes/email-check/email-check";
import { liveness } from "@/lib/processes/liveness/liveness";
import { videoAgreement } from "@/lib/processes/video-agreement/video-agreement";
import { locationIntelligence } from "@/lib/processes/location-intelligence/location-intelligence";
import { watchlistCheck } from "@/lib/processes/watchlist-check/watchlist-check";

// Every process type → its module (lib/processes/<type>/), all running locally; docs/checks.md has their rules.
const PROCESSES: Record<ProcessType, VerificationProcess> = {
  DOCUMENT_VERIFICATION: documentVerification,
  LIVENESS: liveness,
  VIDEO_AGREEMENT: videoAgreement,
  EMAIL_CHECK: emailCheck,
  LOCATION_INTELLIGENCE: locationIntelligence,
  ADDRESS_VERIFICATION: addressVerification,
  WATCHLIST_CHECK: watchlistCheck,
};

export function processFor(type: string): VerificationProcess {
  const process = PROCESSES[type as ProcessType];
  if (!process) throw new Error(`no process module for ${type}`);
  return process;
}
