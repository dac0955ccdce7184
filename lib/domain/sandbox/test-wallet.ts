import "server-only";
import { DomainError } from "@/lib/core/errors";
import type { CallerScope } from "@/lib/auth/caller-scope";
import { findVerificationOrThrow } from "@/lib/domain/verifications/find-verification";
import { toWorkflowShape } from "@/lib/domain/flows/workflow-shape";
import { credentialAsk } from "@/lib/shared/credential-ask";
import { loadCredentialRequest } from "@/lib/domain/credentials/credential-request";
import { sandboxIssuer } from "@/lib/domain/credentials/trust-anchors";
import type { CredentialKind } from "@/lib/shared/digital-credentials";
import { DC_API_PROTOCOL } from "@/lib/engines/credentials/prepare-credential-request";
import { answerAsTestWallet } from "@/lib/engines/credentials/test-kit/answer-as-test-wallet";
import { issueTestCredential } from "@/lib/engines/credentials/test-kit/issue-test-credential";
import { SAMPLE_PEOPLE } from "@/lib/engines/credentials/test-kit/sample-people";

// The sandbox's test wallet (docs/sandbox.md, issue 34): for a TEST verification only, a credential of the sandbox
// issuer (trusted in test mode, never in live mode) answers the verification's latest credential request, exactly
// as a phone's wallet would. The answer goes back to the caller, who sends it as the DIGITAL_CREDENTIAL input:
// the same path, and the same real verification, as a real wallet's answer.

export async function answerWithTestWallet(
  caller: CallerScope,
  verificationId: string,
  kind: CredentialKind | undefined,
): Promise<{ protocol: string; data: Record<string, unknown> }> {
  if (caller.session && caller.session.verificationId !== verificationId)
    throw new DomainError("VERIFICATION_NOT_FOUND", "No verification with this id exists for this account.");
  const verification = await findVerificationOrThrow(caller.accountId, verificationId, caller.mode);
  if (verification.mode !== "test")
    throw new DomainError("INSUFFICIENT_PERMISSIONS", "The test wallet answers test verifications only.");
  const request = await loadCredentialRequest(verification.id);
  if (!request)
    throw new DomainError("INVALID_STATE", "Ask for a credential request first (POST …/credential-request).");
  const { kinds } = credentialAsk(toWorkflowShape(verification.workflowVersion).settings);
  const chosen = kind ?? kinds[0]!;
  if (!kinds.includes(chosen))
    throw new DomainError("VALIDATION_ERROR", "The workflow does not accept this credential.", {
      details: [{ field: "kind", message: `One of ${kinds.join(", ")}` }],
    });
  // Erika Mustermann (made up): her portrait is a drawn silhouette, so a face match against it means nothing
  const credential = await issueTestCredential(await sandboxIssuer(), chosen, SAMPLE_PEOPLE.erika);
  const data = await answerAsTestWallet(request.requests, credential, { origin: request.origin });
  return { protocol: DC_API_PROTOCOL, data };
}
