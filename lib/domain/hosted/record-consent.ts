import "server-only";
import { DomainError } from "@/lib/core/errors";
import { recordAudit } from "@/lib/domain/audit/record-audit";
import { clock } from "@/lib/core/clock";
import { prisma } from "@/lib/core/db";
import { notifyWork } from "@/lib/jobs/dispatch";
import { recordEvent } from "@/lib/domain/events/record-event";
import { CONSENT_TEXT_VERSION, needsBiometricConsent } from "@/lib/domain/hosted/consent-terms";
import type { ConsentDecision } from "@/generated/prisma/client";

export type ConsentAnswer = {
  decision: ConsentDecision;
  textVersion: string;
  language: string;
  biometric: boolean;
};

/**
 * The end user's answer on the consent screen, for the one verification of their session. GIVEN is stored with the
 * text version, language, time and address (send-inputs accepts a session's inputs only after it). DECLINED — also
 * a withdrawal before processing — ends the verification: ABANDONED, `verification_abandoned` with
 * `reason: "CONSENT_DECLINED"`, the same shape as the stale sweep's. Both are in the audit log.
 */
export async function recordConsent(
  scope: { accountId: string; verificationId: string },
  answer: ConsentAnswer,
  ipAddress: string | null,
) {
  if (answer.textVersion !== CONSENT_TEXT_VERSION) {
    throw new DomainError("VALIDATION_ERROR", "The consent text has changed since the page was loaded: reload it.", {
      details: [{ field: "textVersion", message: `The current version is ${CONSENT_TEXT_VERSION}` }],
    });
  }
  const now = clock.now();
  const outcome = await prisma.$transaction(async (tx) => {
    // the row lock orders this against a concurrent send-inputs or a second answer
    const [verification] = await tx.$queryRaw<{ id: string; status: string }[]>`
      SELECT "id", "status" FROM "Verification"
      WHERE "id" = ${scope.verificationId}::uuid AND "accountId" = ${scope.accountId}::uuid FOR UPDATE`;
    if (!verification) throw new DomainError("VERIFICATION_NOT_FOUND", "No verification with this id exists.");
    if (verification.status !== "PENDING" && verification.status !== "INITIATED") {
      throw new DomainError(
        "INVALID_STATE",
        `The verification is ${verification.status}: consent can no longer be given or withdrawn.`,
      );
    }
    const full = await tx.verification.findUniqueOrThrow({
      where: { id: verification.id },
      select: {
        id: true,
        accountId: true,
        workflowId: true,
        metadata: true,
        linkSigned: true,
        workflowVersion: { select: { processes: true } },
        account: { select: { retentionDays: true, privacyNoticeUrl: true } },
      },
    });
    const processes = full.workflowVersion.processes as string[];
    const biometricAsked = needsBiometricConsent(processes);
    if (answer.decision === "GIVEN" && biometricAsked && !answer.biometric) {
      throw new DomainError("VALIDATION_ERROR", "This verification takes biometric data: it needs the explicit tick.", {
        details: [{ field: "biometric", message: "Tick the box to agree to the processing of your face" }],
      });
    }
    const record = {
      decision: answer.decision,
      textVersion: answer.textVersion,
      language: answer.language,
      biometric: biometricAsked && answer.biometric,
      terms: {
        processes,
        retentionDays: full.account.retentionDays,
        privacyNoticeUrl: full.account.privacyNoticeUrl,
      },
      ipAddress,
      decidedAt: now,
    };
    await tx.verificationConsent.upsert({
      where: { verificationId: full.id },
      create: { ...record, verificationId: full.id, accountId: full.accountId },
      update: record,
    });
    await recordAudit(tx, {
      accountId: full.accountId,
      actor: { endUser: true },
      action: answer.decision === "GIVEN" ? "verification.consent_given" : "verification.consent_declined",
      target: { type: "Verification", id: full.id },
      data: { textVersion: record.textVersion, language: record.language, biometric: record.biometric },
      at: now,
    });
    if (answer.decision === "GIVEN") {
      await tx.verification.update({ where: { id: full.id }, data: { lastActivityAt: now } });
      return { abandoned: false };
    }
    await tx.verification.update({
      where: { id: full.id },
      data: { status: "ABANDONED", completedAt: now, lastActivityAt: now },
    });
    await recordEvent(
      tx,
      full,
      "verification_abandoned",
      { verificationStatus: "ABANDONED", reason: "CONSENT_DECLINED" },
      now,
    );
    return { abandoned: true };
  });
  if (outcome.abandoned) notifyWork("deliveries");
  return { decision: answer.decision, decidedAt: now.toISOString() };
}

/** A session's inputs (and e-mail codes) wait for the end user's consent: 409 CONSENT_REQUIRED until it is given. */
export async function assertConsentGiven(verificationId: string): Promise<void> {
  const consent = await prisma.verificationConsent.findUnique({
    where: { verificationId },
    select: { decision: true },
  });
  if (consent?.decision !== "GIVEN") {
    throw new DomainError(
      "CONSENT_REQUIRED",
      "The end user has not given consent on the hosted page: no input is accepted before it.",
    );
  }
}
