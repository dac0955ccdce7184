import "server-only";
import { prisma } from "@/lib/core/db";
import { assertCan, CAN, canViewPersonalData, type Member } from "@/lib/auth/permissions";
import { NotFoundError } from "@/lib/core/errors";
import { maskVerificationDetail } from "@/lib/domain/verifications/mask-verification-detail";
import { isUuid } from "@/lib/core/ids";

/**
 * Everything the detail page (and the auditor report) shows of one verification of this member's account; another
 * account's id is not found. A member without the personal-data permission gets it masked (mask-verification-detail.ts).
 */
export async function loadVerificationDetail(
  member: Pick<Member, "accountId" | "role" | "personalData">,
  verificationId: string,
) {
  assertCan(member, "review");
  if (!isUuid(verificationId)) throw new NotFoundError("Verification not found");
  const verification = await prisma.verification.findFirst({
    where: { id: verificationId, accountId: member.accountId },
    select: {
      id: true,
      status: true,
      result: true,
      metadata: true,
      ipAddress: true,
      createdAt: true,
      updatedAt: true,
      completedAt: true,
      inputsCompletedAt: true,
      expiresAt: true,
      redactedAt: true,
      identityId: true,
      workflow: { select: { id: true, name: true } },
      workflowVersion: { select: { version: true, processes: true } },
      consent: {
        select: {
          decision: true,
          textVersion: true,
          language: true,
          biometric: true,
          terms: true,
          ipAddress: true,
          decidedAt: true,
        },
      },
      inputs: {
        select: {
          id: true,
          fieldName: true,
          type: true,
          value: true,
          createdAt: true,
          file: { select: { id: true, contentType: true, size: true } },
        },
        orderBy: { createdAt: "asc" },
      },
      steps: {
        select: {
          id: true,
          position: true,
          processType: true,
          status: true,
          result: true,
          data: true,
          checks: true,
          attempts: true,
          error: true,
          startedAt: true,
          completedAt: true,
        },
        orderBy: { position: "asc" },
      },
      events: {
        select: {
          id: true,
          name: true,
          createdAt: true,
          payload: true,
          deliveries: {
            select: {
              id: true,
              status: true,
              attempts: true,
              nextAttemptAt: true,
              deliveredAt: true,
              endpoint: { select: { url: true } },
              attemptsLog: {
                select: { attempt: true, statusCode: true, durationMs: true, error: true, createdAt: true },
                orderBy: { attempt: "asc" },
              },
            },
          },
        },
        orderBy: { createdAt: "asc" },
      },
    },
  });
  if (!verification) throw new NotFoundError("Verification not found");
  const audit = await prisma.auditLog.findMany({
    where: { accountId: member.accountId, targetType: "Verification", targetId: verificationId },
    select: { id: true, action: true, actorType: true, actorId: true, data: true, createdAt: true },
    orderBy: { createdAt: "asc" },
  });
  const actorIds = [...new Set(audit.map((a) => a.actorId).filter((id): id is string => Boolean(id)))];
  const actors = actorIds.length
    ? await prisma.user.findMany({ where: { id: { in: actorIds } }, select: { id: true, email: true } })
    : [];
  const emailOf = new Map(actors.map((u) => [u.id, u.email]));
  // a webhook URL's path and query may carry the integrator's token: only who manages webhooks sees them
  const fullUrls = (CAN.manageWebhooks as readonly string[]).includes(member.role);
  const events = verification.events.map((e) => ({
    ...e,
    deliveries: e.deliveries.map((d) => ({
      ...d,
      endpoint: { url: fullUrls ? d.endpoint.url : hostOnly(d.endpoint.url) },
    })),
  }));
  const detail = {
    ...verification,
    inputs: verification.inputs.map((input) => ({ ...input, masked: false })),
    events,
    audit: audit.map((a) => ({
      ...a,
      actor: a.actorId ? (emailOf.get(a.actorId) ?? "former member") : a.actorType.toLowerCase(),
    })),
    personalDataShown: true,
  };
  return canViewPersonalData(member) ? detail : maskVerificationDetail(detail);
}

/** `https://hooks.example.com/…`: the scheme and host of a URL, nothing after them. */
export function hostOnly(url: string): string {
  try {
    const parsed = new URL(url);
    return `${parsed.protocol}//${parsed.host}/…`;
  } catch {
    return "(invalid URL)";
  }
}

export type VerificationDetail = Awaited<ReturnType<typeof loadVerificationDetail>>;
