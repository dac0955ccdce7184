// The document type names alone, without the catalog's country data: small enough for the browser bundle
// (the dashboard's workflow builder validates with the same schema as the server).
export const DOCUMENT_TYPE_NAMES = ["PASSPORT", "DRIVERS_LICENSE", "NATIONAL_ID", "RESIDENCE_PERMIT", "VOTER_ID"] as const;
export type DocumentTypeName = (typeof DOCUMENT_TYPE_NAMES)[number];
