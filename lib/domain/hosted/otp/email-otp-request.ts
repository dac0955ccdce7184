import "server-only";
import { DomainError } from "@/lib/core/errors";
import type { CallerScope } from "@/lib/auth/caller-scope";
import { clock } from "@/lib/core/clock";
import { prisma } from "@/lib/core/db";
import { requestEmailOtp } from "@/lib/domain/hosted/otp/request-email-otp";
import { assertConsentGiven } from "@/lib/domain/hosted/record-consent";
import { isFinal, markInitiated } from "@/lib/domain/verifications/transitions";
import { isUuid } from "@/lib/core/ids";

/**
 * POST /workflows/{workflowId}/email-otp. With a session token the workflow is the verification's own (its
 * pinned version must have EMAIL_CHECK); with an API key, any workflow of the account with EMAIL_CHECK, and
 * optionally a verificationId of that workflow.
 */
export async function emailOtpForWorkflow(
  caller: CallerScope,
  workflowId: string,
  input: { key: string; verificationId?: string },
  ip: string | null = null,
) {
  const notFound = new DomainError("WORKFLOW_NOT_FOUND", "No workflow with this id exists for this account.");
  if (!isUuid(workflowId)) throw notFound;
  const verificationId = caller.session ? caller.session.verificationId : (input.verificationId ?? null);
  if (caller.session && caller.session.workflowId !== workflowId) throw notFound;

  let processes: string[];
  if (verificationId) {
    const verification = await prisma.verification.findFirst({
      where: { id: verificationId, accountId: caller.accountId, ...(caller.mode ? { mode: caller.mode } : {}) },
      select: { workflowId: true, status: true, workflowVersion: { select: { processes: true } } },
    });
    if (!verification)
      throw new DomainError("VERIFICATION_NOT_FOUND", "No verification with this id exists for this account.");
    if (verification.workflowId !== workflowId)
      throw new DomainError("VALIDATION_ERROR", "The verification belongs to another workflow.", {
        details: [{ field: "verificationId", message: "Not a verification of this workflow" }],
      });
    if (isFinal(verification.status) || verification.status === "PROCESSING")
      throw new DomainError("INVALID_STATE", `The verification is ${verification.status}.`);
    // no mail to the end user's address before they agreed on the hosted page (an API key: the integrator's call)
    if (caller.session) await assertConsentGiven(verificationId);
    processes = verification.workflowVersion.processes;
  } else {
    const workflow = await prisma.workflow.findFirst({
      where: { id: workflowId, accountId: caller.accountId, archivedAt: null },
      select: { currentVersion: { select: { processes: true } } },
    });
    if (!workflow?.currentVersion) throw notFound;
    processes = workflow.currentVersion.processes;
  }
  if (!processes.includes("EMAIL_CHECK")) {
    throw new DomainError("VALIDATION_ERROR", "This workflow has no EMAIL_CHECK step.", {
      details: [{ field: "workflowId", message: "No EMAIL_CHECK step" }],
    });
  }

  // the hosted page's requests also count against the end user's address; an API key's address is a server
  await requestEmailOtp({
    workflowId,
    email: input.key,
    verificationId,
    ...(caller.session ? { clientAddress: ip } : {}),
  });
  if (verificationId) await markInitiated(verificationId, clock.now());
}
