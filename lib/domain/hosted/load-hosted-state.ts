import "server-only";
import { prisma } from "@/lib/core/db";
import { accountLogoUrl } from "@/lib/domain/hosted/account-logo-url";
import { needsBiometricConsent } from "@/lib/domain/hosted/consent-terms";
import { handoffStatus } from "@/lib/domain/hosted/handoff";
import {
  documentTypeSides,
  DOCUMENT_TYPE_NAMES,
  type DocumentTypeName,
} from "@/lib/domain/flows/document-types/catalog";
import { findVerificationOrThrow } from "@/lib/domain/verifications/find-verification";
import { buildInputs, missingInputs, withDrawnChallenge } from "@/lib/domain/flows/inputs";
import { storedChallenge } from "@/lib/domain/flows/draw-challenge";
import { toWorkflowShape } from "@/lib/domain/flows/workflow-shape";
import type { HostedState, VerificationResult, VerificationStatus } from "@/lib/domain/hosted/types";

/**
 * The hosted page's view of one verification: what to ask, what is in, where it stands. No input values, except
 * the issuing country the end user chose for the document (an ISO code the address step starts with).
 */
export async function loadHostedState(accountId: string, verificationId: string): Promise<HostedState> {
  const verification = await findVerificationOrThrow(accountId, verificationId);
  const [account, consent, handoff] = await Promise.all([
    prisma.account.findUniqueOrThrow({
      where: { id: accountId },
      select: {
        name: true,
        clientId: true,
        retentionDays: true,
        privacyNoticeUrl: true,
        finishMessage: true,
        showResultToEndUser: true,
        logo: { select: { updatedAt: true } },
      },
    }),
    prisma.verificationConsent.findUnique({
      where: { verificationId: verification.id },
      select: { decision: true, decidedAt: true },
    }),
    handoffStatus(verification.id),
  ]);
  const shape = toWorkflowShape(verification.workflowVersion);
  // a RANDOM workflow's verification shows the movement drawn for it (and its nonce, sent back with the video)
  const inputs = withDrawnChallenge(buildInputs(shape), storedChallenge(verification.livenessChallenge));
  const supplied = new Map(verification.inputs.map((i) => [i.fieldName, i.value]));
  const chosenType = supplied.get("DOCUMENT_TYPE");
  const metadata = (verification.metadata ?? {}) as Record<string, unknown>;
  return {
    verificationId: verification.id,
    flowId: verification.workflowId,
    accountName: account.name,
    status: verification.status as VerificationStatus,
    // an account may keep the result from the end user (issue 16): then the page never receives it
    result:
      verification.status === "COMPLETED" && account.showResultToEndUser
        ? ((verification.result as VerificationResult | null) ?? null)
        : null,
    processes: [...shape.processes],
    inputs,
    supplied: [...supplied.keys()],
    missing: verification.inputsCompletedAt ? [] : missingInputs(inputs, supplied).map((f) => f.fieldName),
    documentCountry: countryOrNull(supplied.get("DOCUMENT_COUNTRY")),
    documentSides:
      chosenType && DOCUMENT_TYPE_NAMES.includes(chosenType as DocumentTypeName)
        ? documentTypeSides(chosenType as DocumentTypeName)
        : null,
    galleryAllowed: shape.settings.GALLERY_RESTRICTION !== true,
    addressCountries: shape.settings.ALLOWED_COUNTRIES ? [...shape.settings.ALLOWED_COUNTRIES] : null,
    redirectUrl: httpUrlOrNull(metadata.redirectUrl),
    expiresAt: verification.expiresAt?.toISOString() ?? null,
    logoUrl: accountLogoUrl(account.clientId, account.logo),
    privacyNoticeUrl: account.privacyNoticeUrl,
    retentionDays: account.retentionDays,
    biometricConsent: needsBiometricConsent(shape.processes),
    consent: consent ? { decision: consent.decision, decidedAt: consent.decidedAt.toISOString() } : null,
    finishMessage: account.finishMessage,
    showResult: account.showResultToEndUser,
    handoff,
    mode: verification.mode === "test" ? "test" : "live",
  };
}

function countryOrNull(value: string | null | undefined): string | null {
  return value && /^[A-Z]{2}$/.test(value) ? value : null;
}

function httpUrlOrNull(value: unknown): string | null {
  if (typeof value !== "string") return null;
  try {
    const url = new URL(value);
    return url.protocol === "https:" || url.protocol === "http:" ? url.toString() : null;
  } catch {
    return null;
  }
}
