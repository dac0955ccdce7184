import { z } from "zod";
import { DOCUMENT_TYPE_NAMES } from "@/lib/domain/flows/document-types/catalog";
import { PROCESS_TYPES } from "@/lib/shared/process-types";
import { SETTING_TYPES } from "@/lib/shared/workflow-settings";
import { INPUT_TYPES } from "@/lib/domain/verifications/raw-input";
import { ERROR_STATUS, type ErrorCode } from "@/lib/core/errors";

// Request and response schemas of /api/v1: the routes validate with them, the OpenAPI document is generated
// from them, and the integration tests check every response against them.

export const StartVerificationBody = z
  .object({
    flowId: z.string().max(100).meta({ description: "Workflow id (UUID) of this account", format: "uuid" }),
    metadata: z.record(z.string(), z.unknown()).optional().meta({
      description:
        "Free-form JSON object (≤ 16 KiB, ≤ 8 levels). Known keys: reference, email, userId, deviceId, ipAddress, redirectUrl",
    }),
  })
  .strict()
  .meta({ id: "StartVerificationRequest" });

export const EmailOtpBody = z
  .object({
    key: z
      .string()
      .trim()
      .toLowerCase()
      .max(254)
      .pipe(z.email())
      .meta({ description: "E-mail address that receives the code" }),
    verificationId: z
      .uuid()
      .optional()
      .meta({ description: "With an API key: the verification the code is for (optional)" }),
  })
  .strict()
  .meta({ id: "EmailOtpRequest" });

export const InputItemSchema = z
  .object({
    fieldName: z
      .string()
      .min(1)
      .max(64)
      .regex(/^[A-Z][A-Z0-9_]*$/, "Expected an upper-case field name such as DOCUMENT_FRONT"),
    type: z.enum(INPUT_TYPES),
    // TEXT: the value; FILE: a data:<mime>;base64,... URL (JSON) or omitted (multipart part); LOCATION: JSON text or object
    value: z.union([z.string(), z.object({}).passthrough()]).optional(),
  })
  .strict();

export const SendInputsBodySchema = z
  .object({
    inputs: z.array(InputItemSchema).max(30),
    // true (default): move to PROCESSING once every required input is in; false: more (optional) inputs follow
    complete: z.boolean().optional(),
  })
  .strict();

export const SendInputsBody = SendInputsBodySchema.meta({ id: "SendInputsRequest" });

// The hosted page's own routes (app/api/hosted/*): not part of /api/v1, validated the same way.
export const HostedStartBody = z
  .object({
    flowId: z.string().max(64),
    clientId: z.string().max(200),
    metadata: z
      .string()
      .max(64 * 1024)
      .nullable()
      .optional(),
    sig: z.string().max(128).nullable().optional(),
    // a signed link's mode and expiry, exactly as written in it (signed with it)
    mode: z.string().max(8).nullable().optional(),
    exp: z.string().max(16).nullable().optional(),
  })
  .strict();
export const HostedSessionBody = z.object({ verificationId: z.uuid(), token: z.string().max(512) }).strict();
export const HostedSessionResponse = z
  .object({
    verificationId: z.uuid(),
    flowId: z.uuid(),
    sessionToken: z.string().startsWith("vst_"),
    expiresAt: z.iso.datetime(),
  })
  .strict();

export const HostedConsentBody = z
  .object({
    decision: z.enum(["GIVEN", "DECLINED"]),
    textVersion: z.string().min(1).max(40),
    language: z.string().regex(/^[a-z]{2,3}(-[A-Za-z0-9]{2,8})?$/, "A language tag such as en or es"),
    biometric: z.boolean().default(false),
  })
  .strict();
/** A handoff code as typed from the short link (any case, dashes and spaces ignored). */
export const HandoffCode = z
  .string()
  .max(40)
  .transform((code) => code.toUpperCase().replace(/[\s-]/g, ""))
  .pipe(z.string().regex(/^[0-9A-HJKMNP-TV-Z]{12}$/, "Not a handoff code"));

export const CreateLinkBody = z
  .object({
    metadata: z.record(z.string(), z.unknown()).optional().meta({
      description:
        "Metadata every verification started from the link gets; may name the user (userId, email). redirectUrl must be on the account's allowed redirect hosts",
    }),
    expiresInDays: z.number().positive().max(3650).optional().meta({
      description: "How long the link works, in days (signed into it as `exp`); default SIGNED_LINK_DAYS (30)",
    }),
  })
  .strict()
  .meta({ id: "CreateLinkRequest" });

export const CreateLinkResponse = z
  .object({
    url: z.string().meta({
      description:
        "/verify?flowId&clientId[&metadata][&mode=test]&exp&sig — each visit starts a new verification; any change to it voids the signature",
      format: "uri",
    }),
    flowId: z.string().meta({ format: "uuid" }),
    metadata: z.record(z.string(), z.unknown()),
    mode: z.enum(["live", "test"]).meta({
      description: "The mode of the verifications the link starts: the mode of the API key that minted it",
    }),
    expiresAt: z.iso.datetime().meta({ description: "When the link stops working (its signed `exp`)" }),
  })
  .meta({ id: "CreateLinkResponse" });

export const DocumentTypesQuery = z.object({
  country: z.string().max(10).optional().meta({ description: "ISO 3166-1 alpha-2 code of the issuing country" }),
  step: z.coerce
    .number()
    .int()
    .min(0)
    .max(100)
    .optional()
    .meta({ description: "Index of the DOCUMENT_VERIFICATION step in the workflow" }),
});

export const InputField = z
  .object({
    fieldName: z.string(),
    description: z.string(),
    group: z.number().int(),
    fieldType: z.enum(["FILE", "DROPDOWN", "TEXT", "LOCATION"]),
    data: z.record(z.string(), z.unknown()).optional(),
    optional: z.boolean(),
  })
  .meta({ id: "InputField" });

export const Setting = z
  .object({
    id: z.number().int(),
    createdAt: z.iso.datetime(),
    updatedAt: z.iso.datetime(),
    value: z.string(),
    fieldName: z.string(),
    type: z.enum(SETTING_TYPES),
  })
  .meta({ id: "Setting" });

const Status = z.enum(["PENDING", "INITIATED", "PROCESSING", "COMPLETED", "FAILED", "ABANDONED", "EXPIRED"]);
const Result = z.enum(["APPROVED", "DECLINED", "MANUAL_REVIEW"]);

export const StartVerificationResponse = z
  .object({
    verificationId: z.uuid(),
    identityId: z.uuid(),
    flowId: z.uuid(),
    metadata: z.record(z.string(), z.unknown()),
    ipAddress: z.string().nullable(),
    inputs: z.array(InputField),
    settings: z.array(Setting),
    id: z.uuid().meta({ description: "Same as verificationId (alternative response shape)" }),
    status: z.literal("pending"),
    createdAt: z.iso.datetime(),
    verificationUrl: z.url().meta({ description: "Hosted page link that resumes this verification" }),
  })
  .meta({ id: "StartVerificationResponse" });

// DOCUMENT_VERIFICATION's `data.mrz` (lib/checks/document-verification/mrz-checks.ts, mrzData; docs/api.md): named
// so integrators can type the two validity flags; the step's `data` stays open (each process has its own fields).
export const DocumentMrz = z
  .object({
    format: z.string().meta({
      description:
        "TD1, TD2 or TD3 (a visa: MRV-A is read as TD3, MRV-B as TD2), or FRENCH_NATIONAL_ID (the old 2×36 card)",
    }),
    side: z.enum(["FRONT", "BACK"]).nullable(),
    lines: z.array(z.string()).meta({ description: "The zone's lines as read (after repairs), `<` fillers" }),
    valid: z.boolean().meta({
      description: "Every ICAO 9303 check digit holds AND the issuing state and nationality are known state codes",
    }),
    check_digits_valid: z.boolean().meta({
      description: "Every ICAO 9303 check digit holds (state codes aside): false means misread or a wrong digit",
    }),
    unknown_codes: z
      .array(z.object({ field: z.enum(["issuing_state", "nationality"]), code: z.string() }))
      .meta({ description: "State codes that name no state (ICAO's specimen UTO, a misread code), as read" }),
    repairs: z.array(z.string()),
    ocr_confidence: z.number(),
  })
  .meta({ id: "DocumentMrz" });

export const VerificationRecord = z
  .object({
    id: z.uuid(),
    flowId: z.uuid(),
    identityId: z.uuid(),
    status: Status,
    result: Result.optional(),
    metadata: z.unknown(),
    linkSigned: z.boolean().optional().meta({
      description:
        "Only on a verification started from a shareable /verify link: true when the link was signed, false when not (its metadata was written by whoever opened the link, not by you)",
    }),
    ipAddress: z.string().nullable(),
    createdAt: z.iso.datetime(),
    completedAt: z.iso.datetime().optional(),
    steps: z.array(
      z.object({
        stepId: z.enum(PROCESS_TYPES),
        status: z.number().int().meta({ description: "200 when the step ran, 500 when it failed to run" }),
        data: z.unknown().meta({
          description: "The process's data (docs/checks.md); DOCUMENT_VERIFICATION's `mrz` is a DocumentMrz or null",
        }),
      }),
    ),
  })
  .meta({ id: "VerificationRecord" });

export const VerificationStatusResponse = z
  .object({
    verificationId: z.uuid(),
    status: Status,
    result: Result.optional(),
    completedAt: z.iso.datetime().optional(),
    steps: z.array(
      z.object({
        processType: z.enum(PROCESS_TYPES),
        status: z.enum(["PENDING", "RUNNING", "COMPLETED", "FAILED"]),
        result: Result.optional(),
        completedAt: z.iso.datetime().optional(),
      }),
    ),
    missingInputs: z.array(InputField),
  })
  .meta({ id: "VerificationStatus" });

export const SendInputsResponse = z
  .object({ status: z.literal("success"), message: z.string(), verificationId: z.uuid() })
  .meta({ id: "SendInputsResponse" });

const SubDocumentType = z
  .object({
    countryName: z.string(),
    countryCode: z.string().length(2),
    countryFlag: z.string(),
    region: z.string(),
    documentTypes: z.array(z.unknown()),
  })
  .meta({ id: "SubDocumentType" });

export const DocumentTypeSchema = z
  .object({
    name: z.enum(DOCUMENT_TYPE_NAMES),
    label: z.string(),
    sides: z.array(z.enum(["FRONT", "BACK"])),
    subTypes: z.array(SubDocumentType),
  })
  .meta({ id: "DocumentType" });

export const DocumentTypeList = z.array(DocumentTypeSchema);

export const ErrorResponse = z
  .object({
    error: z
      .enum(Object.keys(ERROR_STATUS) as [ErrorCode, ...ErrorCode[]])
      .meta({ description: "Machine-readable code (docs/api.md, Errors); new codes may be added" }),
    message: z.string(),
    details: z.array(z.object({ field: z.string().optional(), message: z.string() })).optional(),
  })
  .meta({ id: "Error" });

// Issue 34: the OpenID4VP request of a DIGITAL_CREDENTIAL step, and the sandbox's test wallet.
export const CredentialRequestBody = z
  .object({
    origin: z.string().max(200).optional().meta({
      description:
        "The web origin (https://host[:port]) of the page that calls navigator.credentials.get: the hosted page's (the default) or one of the workflow's CREDENTIAL_ORIGINS",
    }),
  })
  .strict()
  .meta({ id: "CredentialRequestRequest" });

const DigitalCredentialRequestSchema = z
  .object({
    protocol: z.string().meta({ description: "openid4vp-v1-unsigned, openid4vp-v1-signed or org-iso-mdoc" }),
    data: z.record(z.string(), z.unknown()),
  })
  .meta({ id: "DigitalCredentialRequest" });

export const CredentialRequestResponse = z
  .object({
    verificationId: z.uuid(),
    origin: z.string().meta({ description: "The origin the wallet's answer is bound to" }),
    requests: z.array(DigitalCredentialRequestSchema).meta({
      description:
        "Pass as navigator.credentials.get({ digital: { requests } }); send the DigitalCredential returned ({protocol, data}) as JSON text in the DIGITAL_CREDENTIAL input. A new request replaces the previous one (fresh nonce and key)",
    }),
    createdAt: z.iso.datetime(),
  })
  .meta({ id: "CredentialRequest" });

export const TestWalletBody = z
  .object({
    kind: z
      .enum(["MDL", "EU_PID_MDOC", "EU_PID_SD_JWT"])
      .optional()
      .meta({ description: "Which test credential answers (default: the first the workflow accepts)" }),
  })
  .strict()
  .meta({ id: "TestWalletRequest" });

export const TestWalletResponse = z
  .object({
    protocol: z.string(),
    data: z.record(z.string(), z.unknown()),
  })
  .meta({ id: "TestWalletAnswer", description: "What a wallet returns: send it as the DIGITAL_CREDENTIAL input" });
