import { COUNTRY_CODES } from "@/lib/shared/countries";
import { usesNoPostalCodes } from "@/lib/shared/country-codes";
import {
  DOCUMENT_TYPE_NAMES,
  documentTypeSides,
  type DocumentTypeName,
} from "@/lib/domain/flows/document-types/catalog";
import type { ProcessType } from "@/lib/shared/process-types";
import { credentialAsk } from "@/lib/shared/credential-ask";
import {
  DEFAULT_AGREEMENT_STATEMENT,
  type DrawnChallengeType,
  type SettingValues,
} from "@/lib/shared/workflow-settings";

export type FieldType = "FILE" | "DROPDOWN" | "TEXT" | "LOCATION";
export type FileKind = "image" | "video";

export type InputField = {
  fieldName: string;
  description: string;
  group: number;
  fieldType: FieldType;
  data?: Record<string, unknown>;
  optional: boolean;
};

/** What of a workflow version decides its inputs. */
export type WorkflowShape = {
  processes: readonly string[];
  documentTypes: readonly string[];
  countries: readonly string[];
  settings: SettingValues;
};

export const MAX_IMAGE_BYTES = 15 * 1024 * 1024;
export const MAX_VIDEO_BYTES = 50 * 1024 * 1024;
export const IMAGE_TYPES = ["image/jpeg", "image/png", "image/webp", "image/heic", "image/heif"] as const;
export const VIDEO_TYPES = ["video/webm", "video/mp4", "video/quicktime"] as const;

const LIVENESS_INSTRUCTIONS: Record<DrawnChallengeType | "RANDOM", string> = {
  TURN_HEAD_LEFT_RIGHT: "Look at the camera, then turn your head slowly to the left, then to the right.",
  TURN_HEAD_RIGHT_LEFT: "Look at the camera, then turn your head slowly to the right, then to the left.",
  NOD: "Look at the camera, then nod slowly: chin down, then up.",
  // the workflow's template; each verification's own inputs carry the movement drawn for it (withDrawnChallenge)
  RANDOM: "The movement is drawn for each verification: read it from that verification's SELFIE_VIDEO input.",
};

/**
 * A verification's inputs: the version's, with SELFIE_VIDEO's challenge replaced by the one drawn for this
 * verification (RANDOM workflows, issue 31) and its nonce, which the hosted page sends back with the video.
 */
export function withDrawnChallenge(
  fields: InputField[],
  drawn: { type: DrawnChallengeType; nonce: string } | null,
): InputField[] {
  if (!drawn) return fields;
  return fields.map((field) =>
    field.fieldName === "SELFIE_VIDEO"
      ? {
          ...field,
          data: {
            ...field.data,
            challenge: drawn.type,
            instruction: LIVENESS_INSTRUCTIONS[drawn.type],
            challengeNonce: drawn.nonce,
          },
        }
      : field,
  );
}

function fileData(kind: FileKind, extra: Record<string, unknown> = {}) {
  return kind === "image"
    ? { accept: [...IMAGE_TYPES], maxBytes: MAX_IMAGE_BYTES, ...extra }
    : { accept: [...VIDEO_TYPES], maxBytes: MAX_VIDEO_BYTES, ...extra };
}

/** A DIGITAL_CREDENTIAL step that asks for both names supplies the name WATCHLIST_CHECK screens, as a document does. */
function credentialGivesName(workflow: WorkflowShape): boolean {
  if (!workflow.processes.includes("DIGITAL_CREDENTIAL")) return false;
  const { claims } = credentialAsk(workflow.settings);
  return claims.includes("given_name") && claims.includes("family_name");
}

/** The inputs a workflow asks of the end user, in workflow order; `group` is the process's position. */
export function buildInputs(workflow: WorkflowShape): InputField[] {
  const hasDocument = workflow.processes.includes("DOCUMENT_VERIFICATION") || credentialGivesName(workflow);
  const fields: InputField[] = [];
  workflow.processes.forEach((process, group) => {
    for (const field of inputsOf(process as ProcessType, workflow, hasDocument)) fields.push({ ...field, group });
  });
  return fields;
}

function inputsOf(process: ProcessType, workflow: WorkflowShape, hasDocument: boolean): Omit<InputField, "group">[] {
  const { settings } = workflow;
  switch (process) {
    case "DOCUMENT_VERIFICATION": {
      const types = workflow.documentTypes.length ? workflow.documentTypes : DOCUMENT_TYPE_NAMES;
      return [
        {
          fieldName: "DOCUMENT_COUNTRY",
          description: "Country that issued the identity document",
          fieldType: "DROPDOWN",
          data: { options: workflow.countries.length ? [...workflow.countries] : [...COUNTRY_CODES] },
          optional: false,
        },
        {
          fieldName: "DOCUMENT_TYPE",
          description: "Type of identity document",
          fieldType: "DROPDOWN",
          data: { options: [...types] },
          optional: false,
        },
        {
          fieldName: "DOCUMENT_FRONT",
          description: "Photo of the front of the document (the page with the photo for a passport)",
          fieldType: "FILE",
          data: fileData("image", { side: "FRONT" }),
          optional: false,
        },
        // required only when the chosen type has a back side: see missingInputs
        {
          fieldName: "DOCUMENT_BACK",
          description: "Photo of the back of the document (required when the document type has a back side)",
          fieldType: "FILE",
          data: fileData("image", { side: "BACK" }),
          optional: true,
        },
      ];
    }
    case "LIVENESS": {
      const challenge = settings.LIVENESS_CHALLENGE ?? "TURN_HEAD_LEFT_RIGHT";
      return [
        {
          fieldName: "SELFIE_VIDEO",
          description: "A short selfie video (3–6 seconds) following the on-screen instruction",
          fieldType: "FILE",
          data: fileData("video", { challenge, instruction: LIVENESS_INSTRUCTIONS[challenge] }),
          optional: false,
        },
        {
          fieldName: "SELFIE_PHOTO",
          description: "A selfie photo",
          fieldType: "FILE",
          data: fileData("image"),
          optional: true,
        },
      ];
    }
    case "LOCATION_INTELLIGENCE":
      return [
        {
          fieldName: "GEOLOCATION",
          description: "Device location (latitude, longitude, accuracy in metres)",
          fieldType: "LOCATION",
          optional: true,
        },
      ];
    case "EMAIL_CHECK":
      return [
        { fieldName: "EMAIL", description: "E-mail address", fieldType: "TEXT", optional: false },
        {
          fieldName: "EMAIL_OTP",
          description: "The 6-digit code sent to the e-mail address",
          fieldType: "TEXT",
          optional: false,
        },
      ];
    case "DIGITAL_CREDENTIAL": {
      // beside a document step, either one identifies the person: the wallet, or the photo as its fallback
      const alternative = workflow.processes.includes("DOCUMENT_VERIFICATION");
      return [
        {
          fieldName: "DIGITAL_CREDENTIAL",
          description: alternative
            ? "The wallet's answer to this verification's credential request (the JSON of the DigitalCredential that navigator.credentials.get returned, {protocol, data}); instead of the document inputs"
            : "The wallet's answer to this verification's credential request: the JSON of the DigitalCredential that navigator.credentials.get returned ({protocol, data})",
          fieldType: "TEXT",
          data: {
            ...credentialAsk(settings),
            requestEndpoint: "credential-request",
            ...(alternative ? { alternativeTo: "DOCUMENT_VERIFICATION" } : {}),
          },
          optional: alternative,
        },
      ];
    }
    case "WATCHLIST_CHECK":
      // the document (or credential) step supplies name and date of birth when there is one
      if (hasDocument) return [];
      return [
        {
          fieldName: "FULL_NAME",
          description: "Full name as on the identity document",
          fieldType: "TEXT",
          optional: false,
        },
        { fieldName: "DATE_OF_BIRTH", description: "Date of birth (YYYY-MM-DD)", fieldType: "TEXT", optional: false },
      ];
    case "VIDEO_AGREEMENT":
      return [
        {
          fieldName: "AGREEMENT_VIDEO",
          description: "A video of you reading the statement aloud",
          fieldType: "FILE",
          data: fileData("video", { statement: settings.AGREEMENT_STATEMENT ?? DEFAULT_AGREEMENT_STATEMENT }),
          optional: false,
        },
      ];
    case "ADDRESS_VERIFICATION": {
      const complete = settings.ADDRESS_COMPLETENESS === true;
      return [
        { fieldName: "ADDRESS_LINE", description: "Street number and name", fieldType: "TEXT", optional: false },
        { fieldName: "CITY", description: "City or municipality", fieldType: "TEXT", optional: !complete },
        { fieldName: "PROVINCE", description: "State, province or region", fieldType: "TEXT", optional: true },
        { fieldName: "POSTAL_CODE", description: "ZIP or postal code", fieldType: "TEXT", optional: !complete },
        { fieldName: "COUNTRY", description: "Country (ISO 3166-1 alpha-2 code)", fieldType: "TEXT", optional: false },
      ];
    }
    default:
      return [];
  }
}

/** Which kind of file a FILE input takes. */
export function fileKindOf(fieldName: string): FileKind {
  return fieldName === "SELFIE_VIDEO" || fieldName === "AGREEMENT_VIDEO" ? "video" : "image";
}

/**
 * Required inputs not yet supplied. DOCUMENT_BACK becomes required once the chosen DOCUMENT_TYPE has a back side; a
 * required POSTAL_CODE is not waited for once the COUNTRY given has no postal codes (AE, HK, …: ADDRESS_COMPLETENESS
 * does not demand one there either).
 */
/** The document step's inputs: not needed when the wallet's answer stands in for them (DIGITAL_CREDENTIAL beside it). */
export const DOCUMENT_FIELDS: readonly string[] = [
  "DOCUMENT_COUNTRY",
  "DOCUMENT_TYPE",
  "DOCUMENT_FRONT",
  "DOCUMENT_BACK",
];

/** Whether the wallet's answer was given instead of the document (a workflow with both steps, issue 34). */
export function walletInsteadOfDocument(
  fields: readonly Pick<InputField, "fieldName" | "data">[],
  supplied: { has(fieldName: string): boolean },
): boolean {
  const wallet = fields.find((f) => f.fieldName === "DIGITAL_CREDENTIAL");
  return wallet?.data?.alternativeTo === "DOCUMENT_VERIFICATION" && supplied.has("DIGITAL_CREDENTIAL");
}

/**
 * Of a workflow with both DOCUMENT_VERIFICATION and DIGITAL_CREDENTIAL, the step the end user did not take: it is not
 * run (no step row). The document step when only the wallet's answer came; the wallet step when it did not come.
 */
export function alternativeNotTaken(
  processes: readonly string[],
  supplied: ReadonlySet<string>,
): "DOCUMENT_VERIFICATION" | "DIGITAL_CREDENTIAL" | null {
  if (!processes.includes("DOCUMENT_VERIFICATION") || !processes.includes("DIGITAL_CREDENTIAL")) return null;
  if (!supplied.has("DIGITAL_CREDENTIAL")) return "DIGITAL_CREDENTIAL";
  return supplied.has("DOCUMENT_FRONT") ? null : "DOCUMENT_VERIFICATION";
}

export function missingInputs(
  fields: readonly InputField[],
  supplied: ReadonlyMap<string, string | null>,
): InputField[] {
  const documentNotNeeded = walletInsteadOfDocument(fields, supplied);
  const chosenType = supplied.get("DOCUMENT_TYPE") as DocumentTypeName | undefined;
  const needsBack = Boolean(
    chosenType && DOCUMENT_TYPE_NAMES.includes(chosenType) && documentTypeSides(chosenType).includes("BACK"),
  );
  return fields.filter((field) => {
    if (supplied.has(field.fieldName)) return false;
    if (documentNotNeeded && DOCUMENT_FIELDS.includes(field.fieldName)) return false;
    if (field.fieldName === "DOCUMENT_BACK") return needsBack;
    if (field.fieldName === "POSTAL_CODE" && usesNoPostalCodes(supplied.get("COUNTRY"))) return false;
    return !field.optional;
  });
}
