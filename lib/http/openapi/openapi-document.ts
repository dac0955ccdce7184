import { z } from "zod";
import * as schemas from "@/lib/http/schemas";
import * as webhookEvents from "@/lib/http/openapi/webhook-events";
import { ERROR_STATUS, type ErrorCode } from "@/lib/core/errors";

// OpenAPI 3.1 generated from the zod schemas the routes validate with (JSON Schema 2020-12 is OpenAPI 3.1's).
const ref = (id: string) => ({ $ref: `#/components/schemas/${id}` });
const jsonContent = (id: string) => ({ "application/json": { schema: ref(id) } });

function errors(...codes: ErrorCode[]) {
  const byStatus = new Map<number, ErrorCode[]>();
  for (const code of codes) byStatus.set(ERROR_STATUS[code], [...(byStatus.get(ERROR_STATUS[code]) ?? []), code]);
  return Object.fromEntries(
    [...byStatus].map(([status, list]) => [
      String(status),
      { description: list.join(", "), content: jsonContent("Error") },
    ]),
  );
}

const COMMON: ErrorCode[] = ["INVALID_API_KEY", "RATE_LIMITED", "INTERNAL_ERROR"];
// files refused before they are decoded (lib/engines/video/probe-video.ts, lib/domain/verifications/normalize-upload.ts)
const UPLOAD_REFUSALS: ErrorCode[] = [
  "VIDEO_UNREADABLE",
  "VIDEO_TOO_LONG",
  "VIDEO_TOO_LARGE",
  "VIDEO_STREAMS_UNSUPPORTED",
  "VIDEO_CODEC_UNSUPPORTED",
  "VIDEO_EXTERNAL_REFERENCE",
  "IMAGE_TOO_LARGE",
];
const verificationIdParam = {
  name: "verificationId",
  in: "path",
  required: true,
  schema: { type: "string", format: "uuid" },
};
// additive (issue 17): the writers replay their first 2xx answer to a retry carrying the same key
const idempotencyKeyParam = {
  name: "Idempotency-Key",
  in: "header",
  required: false,
  schema: { type: "string", minLength: 1, maxLength: 255 },
  description:
    "Optional. Per account, mode and caller (the API key, or a hosted-page session's verification), kept 24 h: " +
    "a retry with the same key and body gets the first 2xx answer again (header Idempotent-Replayed: true); the " +
    "same key with another body is a 409 IDEMPOTENCY_KEY_REUSED.",
};
const workflowIdParam = { name: "workflowId", in: "path", required: true, schema: { type: "string", format: "uuid" } };

function componentSchemas() {
  // touch the module so every schema registered its id before conversion
  void schemas;
  void webhookEvents;
  const { schemas: converted } = z.toJSONSchema(z.globalRegistry, {
    target: "draft-2020-12",
    uri: (id) => `#/components/schemas/${id}`,
    unrepresentable: "any",
  });
  // zod names each schema by its registry id as `$id`; JSON Schema 2020-12 forbids a fragment there and the
  // component's place in the document already names it, so strict tooling (ajv) gets none
  for (const schema of Object.values(converted)) delete (schema as { $id?: string }).$id;
  return converted;
}

export function openApiDocument(serverUrl: string) {
  return {
    openapi: "3.1.0",
    info: {
      title: "OpenKYC identity verification API",
      version: "1.0.0",
      description:
        "Start identity verifications, submit inputs, read results. Errors are `{error, message, details?}`. " +
        "Every response carries RateLimit-Limit/Remaining/Reset headers; 429 answers carry Retry-After. " +
        "The API changes only additively within /api/v1. See docs/api.md for the decisions behind each field.",
    },
    servers: [{ url: `${serverUrl.replace(/\/$/, "")}/api/v1` }],
    // events added to the spec's (docs/api.md, "Events"): what the account's webhook endpoints receive, signed
    webhooks: {
      identity_watchlist_hit: {
        post: {
          operationId: "identityWatchlistHit",
          summary: "Ongoing screening found a new watchlist match for an approved verification",
          requestBody: { required: true, content: jsonContent("IdentityWatchlistHitEvent") },
          responses: { "200": { description: "Received (any 2xx); anything else is retried" } },
        },
      },
    },
    security: [{ apiKey: [], clientId: [] }],
    components: {
      securitySchemes: {
        apiKey: {
          type: "http",
          scheme: "bearer",
          description:
            "API key from the dashboard (Authorization: Bearer <key>); test-mode keys (sk_test_…) drive the sandbox (docs/sandbox.md). A verification session token (vst_…) is also accepted by send-inputs and email-otp.",
        },
        clientId: { type: "apiKey", in: "header", name: "X-CLIENT-ID" },
      },
      schemas: componentSchemas(),
    },
    paths: {
      "/verifications": {
        post: {
          operationId: "startVerification",
          summary: "Start a verification (permission verification:create)",
          parameters: [idempotencyKeyParam],
          requestBody: { required: true, content: jsonContent("StartVerificationRequest") },
          responses: {
            "201": {
              description: "Started; emits verification_started",
              content: jsonContent("StartVerificationResponse"),
            },
            ...errors(
              "VALIDATION_ERROR",
              "INVALID_WORKFLOW",
              "INSUFFICIENT_PERMISSIONS",
              "IDEMPOTENCY_KEY_REUSED",
              "PAYLOAD_TOO_LARGE",
              "UNSUPPORTED_MEDIA_TYPE",
              ...COMMON,
            ),
          },
        },
      },
      "/verifications/{verificationId}": {
        get: {
          operationId: "getVerification",
          summary: "The verification record with step data (permission verification:read)",
          parameters: [verificationIdParam],
          responses: {
            "200": { description: "The record", content: jsonContent("VerificationRecord") },
            ...errors("VERIFICATION_NOT_FOUND", "INSUFFICIENT_PERMISSIONS", ...COMMON),
          },
        },
      },
      "/verifications/{verificationId}/status": {
        get: {
          operationId: "getVerificationStatus",
          summary: "Status, result, steps and missing inputs (permission verification:read)",
          parameters: [verificationIdParam],
          responses: {
            "200": { description: "The status", content: jsonContent("VerificationStatus") },
            ...errors("VERIFICATION_NOT_FOUND", "INSUFFICIENT_PERMISSIONS", ...COMMON),
          },
        },
      },
      "/verifications/{verificationId}/send-inputs": {
        post: {
          operationId: "sendInputs",
          summary: "Submit inputs (permission verification:inputs, or the verification's session token)",
          description:
            "JSON: FILE values are data:<mime>;base64 URLs. multipart/form-data: a JSON part `inputs` (array of {fieldName, type, value?}) and one file part per FILE fieldName. " +
            "File content is sniffed; images are re-encoded without metadata. Limits: images 15 MiB, videos 50 MiB; the body at most what the workflow's file fields can hold. " +
            "Consent (session tokens) and the expected file fields are checked before the body is read; a file part the workflow does not ask for stops the reading (400). " +
            "More large uploads (over 1 MiB) at once than the instance takes: 503 UPLOADS_BUSY with Retry-After.",
          parameters: [verificationIdParam, idempotencyKeyParam],
          requestBody: {
            required: true,
            content: {
              ...jsonContent("SendInputsRequest"),
              "multipart/form-data": {
                schema: {
                  type: "object",
                  properties: {
                    inputs: { type: "string", description: "JSON array of inputs" },
                    complete: { type: "string", enum: ["true", "false"] },
                  },
                  additionalProperties: { type: "string", format: "binary" },
                },
              },
            },
          },
          responses: {
            "200": {
              description: "Stored; emits verification_inputs_completed when the inputs are complete",
              content: jsonContent("SendInputsResponse"),
            },
            ...errors(
              "VALIDATION_ERROR",
              "INSUFFICIENT_PERMISSIONS",
              "VERIFICATION_NOT_FOUND",
              "INVALID_STATE",
              "CONSENT_REQUIRED",
              "IDEMPOTENCY_KEY_REUSED",
              "PAYLOAD_TOO_LARGE",
              "UNSUPPORTED_MEDIA_TYPE",
              ...UPLOAD_REFUSALS,
              "UPLOADS_BUSY",
              ...COMMON,
            ),
          },
        },
      },
      "/verifications/{verificationId}/credential-request": {
        post: {
          operationId: "createCredentialRequest",
          summary:
            "An OpenID4VP request for the phone wallet, for a DIGITAL_CREDENTIAL step (permission verification:inputs, or the verification's session token)",
          description:
            "Draws a fresh nonce and encryption key, stores them with the verification (replacing an earlier request) and answers the requests for navigator.credentials.get({ digital: { requests } }). " +
            "The origin defaults to the hosted page's; your own front end names its origin, which must be one of the workflow's CREDENTIAL_ORIGINS. docs/api.md, \"Digital credentials\"",
          parameters: [verificationIdParam],
          requestBody: { required: true, content: jsonContent("CredentialRequestRequest") },
          responses: {
            "200": { description: "The request", content: jsonContent("CredentialRequest") },
            ...errors(
              "VALIDATION_ERROR",
              "INSUFFICIENT_PERMISSIONS",
              "VERIFICATION_NOT_FOUND",
              "INVALID_STATE",
              "PAYLOAD_TOO_LARGE",
              "UNSUPPORTED_MEDIA_TYPE",
              ...COMMON,
            ),
          },
        },
      },
      "/sandbox/verifications/{verificationId}/test-wallet": {
        post: {
          operationId: "sandboxTestWallet",
          summary:
            "Test mode only: the sandbox's test wallet answers the verification's latest credential request with a credential of the sandbox issuer (docs/sandbox.md)",
          parameters: [verificationIdParam],
          requestBody: { required: true, content: jsonContent("TestWalletRequest") },
          responses: {
            "200": { description: "The wallet's answer", content: jsonContent("TestWalletAnswer") },
            ...errors(
              "VALIDATION_ERROR",
              "INSUFFICIENT_PERMISSIONS",
              "VERIFICATION_NOT_FOUND",
              "INVALID_STATE",
              "UNSUPPORTED_MEDIA_TYPE",
              ...COMMON,
            ),
          },
        },
      },
      "/sandbox/verifications/{verificationId}/fast-forward": {
        post: {
          operationId: "sandboxFastForward",
          summary:
            "Test mode only: 24 hours pass for a test verification, which is abandoned as the stale sweep would (verification_abandoned). docs/sandbox.md",
          parameters: [verificationIdParam],
          responses: {
            "200": { description: "The status after the fast-forward", content: jsonContent("VerificationStatus") },
            ...errors("INSUFFICIENT_PERMISSIONS", "VERIFICATION_NOT_FOUND", "INVALID_STATE", ...COMMON),
          },
        },
      },
      "/workflows/{workflowId}/links": {
        post: {
          operationId: "createLink",
          summary:
            "Mint a signed shareable /verify link (permission verification:create). Only signed links may name the user (userId, email); each visit starts a new verification",
          parameters: [workflowIdParam],
          requestBody: { required: true, content: jsonContent("CreateLinkRequest") },
          responses: {
            "201": { description: "The signed link", content: jsonContent("CreateLinkResponse") },
            ...errors(
              "VALIDATION_ERROR",
              "INSUFFICIENT_PERMISSIONS",
              "WORKFLOW_NOT_FOUND",
              "PAYLOAD_TOO_LARGE",
              "UNSUPPORTED_MEDIA_TYPE",
              ...COMMON,
            ),
          },
        },
      },
      "/workflows/{workflowId}/email-otp": {
        post: {
          operationId: "sendEmailOtp",
          summary: "Mail a 6-digit code valid 10 minutes (permission verification:inputs, or a session token)",
          parameters: [workflowIdParam],
          requestBody: { required: true, content: jsonContent("EmailOtpRequest") },
          responses: {
            "204": { description: "Sent" },
            ...errors(
              "VALIDATION_ERROR",
              "INSUFFICIENT_PERMISSIONS",
              "WORKFLOW_NOT_FOUND",
              "INVALID_STATE",
              "CONSENT_REQUIRED",
              "OTP_RATE_LIMITED",
              ...COMMON,
            ),
          },
        },
      },
      "/workflows/{workflowId}/document-types": {
        get: {
          operationId: "getWorkflowDocumentTypes",
          summary: "Document types accepted by a workflow (no authentication)",
          security: [],
          parameters: [
            workflowIdParam,
            {
              name: "country",
              in: "query",
              required: false,
              schema: { type: "string", pattern: "^[A-Za-z]{2}$" },
              description: "ISO 3166-1 alpha-2, or XK (Kosovo)",
            },
            {
              name: "step",
              in: "query",
              required: false,
              schema: { type: "integer", minimum: 0 },
              description: "Index of the DOCUMENT_VERIFICATION step",
            },
          ],
          responses: {
            "200": {
              description: "Document types",
              content: { "application/json": { schema: { type: "array", items: ref("DocumentType") } } },
            },
            ...errors(
              "VALIDATION_ERROR",
              "INVALID_COUNTRY_CODE",
              "WORKFLOW_NOT_FOUND",
              "RATE_LIMITED",
              "INTERNAL_ERROR",
            ),
          },
        },
      },
      "/workflows/supported-document-types": {
        get: {
          operationId: "getSupportedDocumentTypes",
          summary: "Every supported document type with its per-country variants (no authentication)",
          security: [],
          responses: {
            "200": {
              description: "Document types",
              content: { "application/json": { schema: { type: "array", items: ref("DocumentType") } } },
            },
            ...errors("RATE_LIMITED", "INTERNAL_ERROR"),
          },
        },
      },
    },
  };
}
