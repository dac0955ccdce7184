import "server-only";
import type { Check, ProcessInput, ProcessOutput, VerificationProcess } from "@/lib/checks/types";
import { resultOfChecks } from "@/lib/checks/types";
import { DomainError } from "@/lib/core/errors";
import { credentialAsk } from "@/lib/shared/credential-ask";
import { verifyPresentation } from "@/lib/engines/credentials/verify-presentation";
import { credentialData, failureReason, toStepCheck } from "./credential-data";

// DIGITAL_CREDENTIAL (issue 34): a credential from the end user's phone wallet (ISO 18013-5 mDL, EU PID as mdoc or
// SD-JWT VC), presented over OpenID4VP through the browser's Digital Credentials API. The engine
// (lib/engines/credentials) verifies it cryptographically against this verification's stored request (nonce,
// origin, key) and the operator's trust anchors; this module turns its verdict into the step: every check with its
// reason, DECLINED on any failure (unknown issuer, tampered, expired, replayed, wrong audience, revoked, bad
// signature), MANUAL_REVIEW when a claim asked for is missing, else APPROVED. It never parses a credential itself.

export const DIGITAL_CREDENTIAL_INPUT = "DIGITAL_CREDENTIAL";

function refused(name: string, detail: string, failure: string): ProcessOutput {
  const checks: Check[] = [{ name, result: "FAILED", detail }];
  return { result: "DECLINED", checks, data: credentialData(null, null, failure) };
}

/** The wallet's answer as sent: the DigitalCredential's `data` (or the whole `{protocol, data}`), as JSON text. */
function answerOf(input: ProcessInput): unknown {
  const stored = input.inputs.get(DIGITAL_CREDENTIAL_INPUT);
  if (stored?.type !== "TEXT" || !stored.value) return undefined;
  try {
    const parsed = JSON.parse(stored.value) as unknown;
    if (parsed && typeof parsed === "object" && "data" in parsed && "protocol" in parsed)
      return (parsed as { data: unknown }).data;
    return parsed;
  } catch {
    return undefined;
  }
}

export const digitalCredential: VerificationProcess = {
  type: "DIGITAL_CREDENTIAL",
  dependsOn: [],
  async run(input) {
    const response = answerOf(input);
    if (response === undefined)
      return refused("RESPONSE_FORMAT", "The DIGITAL_CREDENTIAL input is missing or not JSON.", "UNREADABLE_RESPONSE");
    const request = await input.ports.credentialRequest();
    if (!request)
      return refused(
        "CREDENTIAL_PRESENTED",
        "No credential request was made for this verification: the answer cannot be bound to it.",
        "NO_REQUEST",
      );
    const verdict = await verifyPresentation({
      response,
      nonce: request.nonce,
      origin: request.origin,
      ...credentialAsk(input.workflow.settings),
      responsePrivateJwk: request.responsePrivateJwk,
      trustAnchors: await input.ports.credentialTrustAnchors(),
      now: input.now,
      fetchStatusList: (uri: string) => input.ports.fetchStatusList(uri),
    });
    const checks = verdict.checks.map(toStepCheck);
    const result = resultOfChecks(checks);
    const failure = failureReason(verdict.checks);
    // the portrait becomes a file only from a credential not declined: a forged one's face is nobody's reference
    const portrait = result !== "DECLINED" ? verdict.credential?.portrait : null;
    const portraitFileId = portrait ? await storePortrait(input, portrait, checks) : null;
    return {
      result: resultOfChecks(checks),
      checks,
      data: credentialData(verdict.credential, portraitFileId, failure),
    };
  },
};

async function storePortrait(
  input: ProcessInput,
  portrait: { bytes: Buffer; contentType: string },
  checks: Check[],
): Promise<string | null> {
  try {
    return await input.ports.storeCredentialPortrait(portrait);
  } catch (error) {
    if (!(error instanceof DomainError)) throw error;
    // an image the upload normalisation refuses (JPEG 2000 is not one of its formats): the face matches cannot
    // use it, and a reviewer is told why
    checks.push({
      name: "PORTRAIT_STORED",
      result: "REVIEW",
      detail: `The credential's portrait could not be stored as an image (${error.message}): no face match can use it.`,
    });
    return null;
  }
}
