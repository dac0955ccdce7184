import type { ProcessType } from "@/lib/workflows/process-types";
import type { VerificationProcess } from "@/lib/processes/types";
import { addressVerification } from "@/lib/processes/address-verification/address-verification";
import { emailCheck } from "@/lib/processes/email-check/email-check";
import { liveness } from "@/lib/processes/liveness/liveness";
import { videoAgreement } from "@/lib/processes/video-agreement/video-agreement";
import { locationIntelligence } from "@/lib/processes/location-intelligence/location-intelligence";
import { notAutomated } from "@/lib/processes/not-automated/not-automated";
import { watchlistCheck } from "@/lib/processes/watchlist-check/watchlist-check";

// Every process type → its module. DOCUMENT_VERIFICATION is MANUAL_REVIEW with a check saying so until its
// module lands.
const PROCESSES: Record<ProcessType, VerificationProcess> = {
  DOCUMENT_VERIFICATION: notAutomated("DOCUMENT_VERIFICATION"),
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
