import type { ProcessType } from "@/lib/shared/process-types";

/** How the dashboard names the process types. */
export const PROCESS_LABELS: Record<ProcessType, string> = {
  DOCUMENT_VERIFICATION: "Document verification",
  LIVENESS: "Liveness (selfie video)",
  LOCATION_INTELLIGENCE: "Location intelligence",
  EMAIL_CHECK: "E-mail check",
  WATCHLIST_CHECK: "Watchlist check",
  VIDEO_AGREEMENT: "Video agreement",
  ADDRESS_VERIFICATION: "Address verification",
  DIGITAL_CREDENTIAL: "Digital credential (phone wallet)",
};
