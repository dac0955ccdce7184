// Names for the generated schemas (src/generated/openapi.ts), so integrators import types, not paths.
import type { components } from "./generated/openapi.js";

type Schemas = components["schemas"];

export type StartVerificationRequest = Schemas["StartVerificationRequest"];
export type StartVerificationResponse = Schemas["StartVerificationResponse"];
export type VerificationRecord = Schemas["VerificationRecord"];
export type VerificationStatus = Schemas["VerificationStatus"];
export type SendInputsRequest = Schemas["SendInputsRequest"];
export type SendInputsResponse = Schemas["SendInputsResponse"];
export type CreateLinkRequest = Schemas["CreateLinkRequest"];
export type CreateLinkResponse = Schemas["CreateLinkResponse"];
export type EmailOtpRequest = Schemas["EmailOtpRequest"];
export type DocumentType = Schemas["DocumentType"];
export type CredentialRequestRequest = Schemas["CredentialRequestRequest"];
export type CredentialRequest = Schemas["CredentialRequest"];
export type TestWalletRequest = Schemas["TestWalletRequest"];
export type TestWalletAnswer = Schemas["TestWalletAnswer"];
export type InputField = Schemas["InputField"];
export type ErrorBody = Schemas["Error"];
/** The spec's error codes (docs/api.md, "Errors"); a newer server may send one this SDK does not know yet. */
export type ErrorCode = ErrorBody["error"];

/** One input; a FILE may be given as bytes and is sent as a data: URL. */
export type InputItem =
  SendInputsRequest["inputs"][number] | { fieldName: string; type: "FILE"; data: Uint8Array; contentType: string };

export type { components, paths, operations } from "./generated/openapi.js";
