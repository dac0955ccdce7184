import type { ProcessType } from "@/lib/shared/process-types";
import type { SettingValues } from "@/lib/shared/workflow-settings";
import type { AddressParts } from "@/lib/engines/address/normalize-address";
import type { ScoredEntry } from "@/lib/engines/names/score";
import type { DigitalCredentialRequest } from "@/lib/engines/credentials/types";

// The one interface of a verification process (lib/checks/<type>/). The engine gives it the verification's
// inputs and the results of the steps it depends on; it answers a result, the step `data` of the spec, and the
// checks behind the result. A process that cannot run (a bug, a missing model) throws: the engine retries it
// and, after its attempts, marks the step and the verification FAILED. A process never fakes success: what it
// cannot decide is MANUAL_REVIEW with a check that says why.

export type ProcessResult = "APPROVED" | "DECLINED" | "MANUAL_REVIEW";

/** PASSED/FAILED/REVIEW decide; SKIPPED records a check the workflow did not ask for or could not run for lack of data. */
export type CheckResult = "PASSED" | "FAILED" | "REVIEW" | "SKIPPED";

export type Check = { name: string; result: CheckResult; detail: string };

export type ProcessOutput = { result: ProcessResult; data: Record<string, unknown>; checks: Check[] };

/** A challenge drawn by the server at the start of a verification, bound to a nonce stored with it. */
export type DrawnChallenge = { type: string; nonce: string };

export type StoredInput = { type: "TEXT" | "FILE" | "LOCATION"; value: string | null; fileId: string | null };

export type EarlierStep = { processType: ProcessType; result: ProcessResult | null; data: Record<string, unknown> };

export type ProcessInput = {
  verification: {
    id: string;
    accountId: string;
    identityId: string;
    workflowId: string;
    ipAddress: string | null;
    metadata: Record<string, unknown>;
    createdAt: Date;
    /** the LIVENESS challenge drawn for this verification when its workflow says RANDOM (issue 31), else null */
    livenessChallenge?: DrawnChallenge | null;
  };
  workflow: {
    processes: readonly string[];
    documentTypes: readonly string[];
    countries: readonly string[];
    settings: SettingValues;
  };
  /** by fieldName */
  inputs: ReadonlyMap<string, StoredInput>;
  /** plaintext of one of this verification's files */
  readFile(fileId: string): Promise<{ bytes: Buffer; contentType: string } | null>;
  /** finished steps this process depends on (see `dependsOn`), in workflow order */
  earlierSteps: readonly EarlierStep[];
  now: Date;
  /** what a check reads beyond this verification's own rows, bound to its account */
  ports: CheckPorts;
};

// A check never queries: what it needs of other rows comes through these functions, which the job runner builds
// from the domain's implementations (lib/domain/verifications/check-ports.ts) for the verification being checked.
// Each answers within the verification's account only.
export type CheckPorts = {
  /** DOCUMENT_VERIFICATION steps of other identities that carried the same document number or image */
  findDuplicateDocuments(print: DocumentFingerprint): Promise<DuplicateDocument[]>;
  /** what normalize-upload kept of a file's original metadata (editing software, camera), or null */
  fileMeta(fileId: string): Promise<Record<string, unknown> | null>;
  /** verifications of other identities that submitted the same address (normalize-address.ts's key) */
  findDuplicateAddresses(address: AddressParts): Promise<DuplicateAddress[]>;
  /** the latest one-time code issued to `email` and confirmed by this verification, or null */
  confirmedEmailOtp(email: string): Promise<ConfirmedOtp | null>;
  /** the name (and date of birth) screened against the watchlists of every account and this one's own */
  screenName(subject: {
    fullName: string;
    dateOfBirth: string | null;
    /** the date of birth is the applicant's own statement (no document read one): a conflict weighs less */
    dateOfBirthStated?: boolean;
    threshold: number;
    /** which entries: a person's name is screened against PERSON and OTHER, an organisation's or vessel's against theirs */
    entityTypes?: readonly ("PERSON" | "ORGANIZATION" | "VESSEL" | "OTHER")[];
    /** how the name is read: a person's, or an organisation's (legal forms, acronyms) */
    nameKind?: "PERSON" | "ORGANIZATION";
    nationality?: string | null;
    /** M or F from the document: an entry the list gives the other gender is weighed down */
    gender?: "M" | "F" | null;
    includeWeakAliases?: boolean;
    /** the last words of name fields a passport's zone filled to the end: perhaps cut there (cut-word.ts) */
    cutWords?: readonly string[];
  }): Promise<NameScreening>;
  /** DIGITAL_CREDENTIAL: this verification's latest credential request (its key opened), or null */
  credentialRequest(): Promise<CredentialRequestState | null>;
  /** DIGITAL_CREDENTIAL: the PEM trust anchors of this verification's mode (docs/checks.md "Trust anchors") */
  credentialTrustAnchors(): Promise<string[]>;
  /** DIGITAL_CREDENTIAL: a status list named by a credential, fetched without reaching internal addresses */
  fetchStatusList(uri: string): Promise<Uint8Array>;
  /** DIGITAL_CREDENTIAL: stores the credential's portrait as this verification's CREDENTIAL_PORTRAIT file; its id */
  storeCredentialPortrait(image: { bytes: Buffer; contentType: string }): Promise<string>;
};

export type CredentialRequestState = {
  nonce: string;
  origin: string;
  requests: DigitalCredentialRequest[];
  responsePrivateJwk: JsonWebKey;
};

export type DocumentFingerprint = { documentNumber: string | null; country: string | null; imageHash: string };
export type DuplicateDocument = { verificationId: string; reason: "DOCUMENT_NUMBER" | "IMAGE" };
export type DuplicateAddress = { verificationId: string; identityId: string };
export type ConfirmedOtp = { consumedAt: Date; expiresAt: Date };

export type ScreenedList = { name: string; importedAt: Date; entryCount: number; sourceVersion: string | null };
export type WatchlistMatch = {
  source: string;
  externalId: string;
  entityType: string;
  primaryName: string;
  matchedName: string;
  birthDates: string[];
  countries: string[];
  programs: string[];
  remarks: string | null;
  score: number;
  isWeakAlias?: boolean;
  breakdown: Omit<ScoredEntry, "score" | "matchedName">;
};
export type NameScreening = {
  lists: ScreenedList[];
  /** the screened name as compared (transliterated, sorted tokens) */
  normalizedName: string;
  /** false: the name gave no token to look up (no letters, only initials): nothing was compared */
  isScreenable: boolean;
  /** at or above the threshold, best first */
  matches: WatchlistMatch[];
};

export type VerificationProcess = {
  type: ProcessType;
  /** process types whose step data this one reads; they run first when the workflow has them */
  dependsOn: readonly ProcessType[];
  run(input: ProcessInput): Promise<ProcessOutput>;
};

/** The result of a step from its checks: any FAILED → DECLINED, else any REVIEW → MANUAL_REVIEW, else APPROVED. */
export function resultOfChecks(checks: readonly Check[]): ProcessResult {
  if (checks.some((c) => c.result === "FAILED")) return "DECLINED";
  if (checks.some((c) => c.result === "REVIEW")) return "MANUAL_REVIEW";
  return "APPROVED";
}

/** The verification's result from its steps, by the same rule. */
export function combineResults(results: readonly ProcessResult[]): ProcessResult {
  if (results.includes("DECLINED")) return "DECLINED";
  if (results.includes("MANUAL_REVIEW")) return "MANUAL_REVIEW";
  return "APPROVED";
}

/** One FILE input of the verification, read and decrypted: its id, bytes and sniffed type; null when absent. */
export async function fileOf(
  input: ProcessInput,
  fieldName: string,
): Promise<{ fileId: string; bytes: Buffer; contentType: string } | null> {
  const stored = input.inputs.get(fieldName);
  if (stored?.type !== "FILE" || !stored.fileId) return null;
  const file = await input.readFile(stored.fileId);
  return file ? { fileId: stored.fileId, ...file } : null;
}
