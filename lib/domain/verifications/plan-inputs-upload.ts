import "server-only";
import { DomainError } from "@/lib/core/errors";
import type { CallerScope } from "@/lib/auth/caller-scope";
import { assertConsentGiven } from "@/lib/domain/hosted/record-consent";
import { buildInputs, fileKindOf, MAX_IMAGE_BYTES, MAX_VIDEO_BYTES } from "@/lib/domain/flows/inputs";
import { toWorkflowShape } from "@/lib/domain/flows/workflow-shape";
import { findVerificationOrThrow } from "@/lib/domain/verifications/find-verification";
import { isFinal } from "@/lib/domain/verifications/transitions";

/** What a send-inputs body may carry: the FILE fields this verification's workflow asks for, each with its limit. */
export type UploadPlan = { files: Map<string, number> };

/**
 * Everything send-inputs can decide before it reads a byte of the body (issue 33): the caller reaches this
 * verification, a hosted session has the end user's consent, and which file parts the workflow expects (their
 * limits bound the body). A request refused here costs the service no upload. sendInputs checks all of it again
 * with the body, inside its own reads.
 */
export async function planInputsUpload(
  caller: CallerScope,
  verificationId: string,
  options: { hasIdempotencyKey: boolean },
): Promise<UploadPlan> {
  if (caller.session && caller.session.verificationId !== verificationId)
    throw new DomainError("VERIFICATION_NOT_FOUND", "No verification with this id exists for this account.");
  const verification = await findVerificationOrThrow(caller.accountId, verificationId, caller.mode);
  // a retry of a request that completed the inputs is answered from its stored answer, after the body is read
  if (!options.hasIdempotencyKey && (isFinal(verification.status) || verification.status === "PROCESSING"))
    throw new DomainError("INVALID_STATE", `The verification is ${verification.status}: it accepts no more inputs.`);
  if (caller.session) await assertConsentGiven(verification.id);
  const files = new Map<string, number>();
  for (const field of buildInputs(toWorkflowShape(verification.workflowVersion)))
    if (field.fieldType === "FILE")
      files.set(field.fieldName, fileKindOf(field.fieldName) === "video" ? MAX_VIDEO_BYTES : MAX_IMAGE_BYTES);
  return { files };
}
