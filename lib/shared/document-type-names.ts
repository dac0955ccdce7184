// The document type names alone, without the catalog's country data: small enough for the browser bundle
// (the dashboard's workflow builder validates with the same schema as the server).
export const DOCUMENT_TYPE_NAMES = [
  "PASSPORT",
  "DRIVERS_LICENSE",
  "NATIONAL_ID",
  "RESIDENCE_PERMIT",
  "VOTER_ID",
  "VISA",
] as const;
export type DocumentTypeName = (typeof DOCUMENT_TYPE_NAMES)[number];

/** What each type is called, in English: the catalogue (the API's `label`), the dashboard and the hosted page. */
export const DOCUMENT_TYPE_LABELS: Record<DocumentTypeName, string> = {
  PASSPORT: "Passport",
  DRIVERS_LICENSE: "Driver's license",
  NATIONAL_ID: "National identity card",
  RESIDENCE_PERMIT: "Residence permit",
  VOTER_ID: "Voter ID card",
  VISA: "Visa",
};
