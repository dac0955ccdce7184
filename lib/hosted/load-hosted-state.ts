import "server-only";
import { prisma } from "@/lib/db";
import { documentTypeSides, DOCUMENT_TYPE_NAMES, type DocumentTypeName } from "@/lib/document-types/catalog";
import { findVerificationOrThrow } from "@/lib/verifications/find-verification";
import { buildInputs, missingInputs } from "@/lib/workflows/inputs";
import { toWorkflowShape } from "@/lib/workflows/workflow-shape";
import type { HostedState, VerificationResult, VerificationStatus } from "@/lib/hosted/types";

/**
 * The hosted page's view of one verification: what to ask, what is in, where it stands. No input values, except
 * the issuing country the end user chose for the document (an ISO code the address step starts with).
 */
export async function loadHostedState(accountId: string, verificationId: string): Promise<HostedState> {
  const verification = await findVerificationOrThrow(accountId, verificationId);
  const account = await prisma.account.findUniqueOrThrow({ where: { id: accountId }, select: { name: true } });
  const shape = toWorkflowShape(verification.workflowVersion);
  const inputs = buildInputs(shape);
  const supplied = new Map(verification.inputs.map((i) => [i.fieldName, i.value]));
  const chosenType = supplied.get("DOCUMENT_TYPE");
  const metadata = (verification.metadata ?? {}) as Record<string, unknown>;
  return {
    verificationId: verification.id,
    flowId: verification.workflowId,
    accountName: account.name,
    status: verification.status as VerificationStatus,
    result: verification.status === "COMPLETED" ? ((verification.result as VerificationResult | null) ?? null) : null,
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
