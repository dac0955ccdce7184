import type { ProcessType } from "@/lib/shared/process-types";
import type { VerificationProcess } from "@/lib/checks/types";
import { addressVerification } from "@/lib/checks/address-verification/address-verification";
import { digitalCredential } from "@/lib/checks/digital-credential/digital-credential";
import { documentVerification } from "@/lib/checks/document-verification/document-verification";
import { emailCheck } from "@/lib/checks/email-check/email-check";
import { liveness } from "@/lib/checks/liveness/liveness";
import { videoAgreement } from "@/lib/checks/video-agreement/video-agreement";
import { locationIntelligence } from "@/lib/checks/location-intelligence/location-intelligence";
import { watchlistCheck } from "@/lib/checks/watchlist-check/watchlist-check";

// Every process type → its module (lib/checks/<type>/), all running locally; docs/checks.md has their rules.
const PROCESSES: Record<ProcessType, VerificationProcess> = {
  DOCUMENT_VERIFICATION: documentVerification,
  LIVENESS: liveness,
  VIDEO_AGREEMENT: videoAgreement,
  EMAIL_CHECK: emailCheck,
  LOCATION_INTELLIGENCE: locationIntelligence,
  ADDRESS_VERIFICATION: addressVerification,
  WATCHLIST_CHECK: watchlistCheck,
  DIGITAL_CREDENTIAL: digitalCredential,
};

export function processFor(type: string): VerificationProcess {
  const process = PROCESSES[type as ProcessType];
  if (!process) throw new Error(`no process module for ${type}`);
  return process;
}
