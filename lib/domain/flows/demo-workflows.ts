import type { WorkflowDefinition } from "@/lib/domain/flows/publish-workflow";
import { PROCESS_TYPES } from "@/lib/shared/process-types";

const ADDRESS_COUNTRIES = ["US", "GB", "DE", "FR", "ES", "IT", "NL", "CA", "AU", "IE", "BR", "IN"];

/**
 * The demo account's workflows: one per process type, plus "full-kyc" and "address-only". They accept unsigned links
 * (issue 33): the demo's point is that `/verify?flowId&clientId` opens a flow; a real account's new workflows do not.
 */
export const DEMO_WORKFLOWS: WorkflowDefinition[] = [
  ...PROCESS_TYPES.map((type) => ({
    name: type.toLowerCase().replace(/_/g, "-"),
    processes: [type],
    acceptUnsignedLinks: true,
    // the liveness demo draws its movement per verification (issue 31); full-kyc keeps a fixed one
    ...(type === "LIVENESS" ? { settings: { LIVENESS_CHALLENGE: "RANDOM" as const } } : {}),
  })),
  {
    name: "full-kyc",
    acceptUnsignedLinks: true,
    processes: ["DOCUMENT_VERIFICATION", "LIVENESS", "ADDRESS_VERIFICATION", "WATCHLIST_CHECK"],
    documentTypes: ["PASSPORT", "NATIONAL_ID", "DRIVERS_LICENSE"],
    settings: {
      DOCUMENT_CROSS_REFERENCE: true,
      POSTAL_VALIDATION: true,
      ADDRESS_COMPLETENESS: true,
      LIVENESS_CHALLENGE: "TURN_HEAD_LEFT_RIGHT",
    },
  },
  {
    name: "address-only",
    acceptUnsignedLinks: true,
    processes: ["ADDRESS_VERIFICATION"],
    settings: {
      DOCUMENT_CROSS_REFERENCE: true,
      GEOLOCATION_CONFIRMATION: true,
      POSTAL_VALIDATION: true,
      ADDRESS_DUPLICATE_DETECTION: "REVIEW_NEEDED",
      ALLOWED_COUNTRIES: ADDRESS_COUNTRIES,
      ADDRESS_COMPLETENESS: true,
    },
  },
];
