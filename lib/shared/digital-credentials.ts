// What a workflow's DIGITAL_CREDENTIAL step may ask a wallet for (issue 34). Browser-safe: the workflow builder
// lists these, the engine (lib/engines/credentials) turns them into a DCQL query and reads them back.

/** the credentials accepted: an ISO 18013-5 mobile driving licence, the EU PID as mdoc or as SD-JWT VC */
export const CREDENTIAL_KINDS = ["MDL", "EU_PID_MDOC", "EU_PID_SD_JWT"] as const;
export type CredentialKind = (typeof CREDENTIAL_KINDS)[number];

/** the claims a workflow may need; a request asks for these and nothing more (data minimisation) */
export const CREDENTIAL_CLAIMS = [
  "given_name",
  "family_name",
  "birth_date",
  "age_over_18",
  "portrait",
  "document_number",
  "expiry_date",
  "nationality",
  "address",
] as const;
export type CredentialClaim = (typeof CREDENTIAL_CLAIMS)[number];
