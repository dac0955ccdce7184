import type { ProcessType } from "@/lib/workflows/process-types";
import type { VerificationProcess } from "@/lib/processes/types";
import { addressVerification } from "@/lib/processes/address-verification/address-verification";
import { emailCheck } from "@/lib/processes/email-check/email-check";
import { locationIntelligence } from "@/lib/processes/location-intelligence/location-intelligence";
import { notAutomated } from "@/lib/processes/not-automated/not-automated";
import { watchlistCheck } from "@/lib/processes/watchlist-check/watchlist-check";

// Every process type → its module. The ML checks (document, liveness, video agreement) are MANUAL_REVIEW with
// a check saying so until they are built.
const PROCESSES: Record<ProcessType, VerificationProcess> = {
  DOCUMENT_VERIFICATION: notAutomated("DOCUMENT_VERIFICATION"),
  LIVENESS: notAutomated("LIVENESS", ["DOCUMENT_VERIFICATION"]),
  VIDEO_AGREEMENT: notAutomated("VIDEO_AGREEMENT", ["DOCUMENT_VERIFICATION", "LIVENESS"]),
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
