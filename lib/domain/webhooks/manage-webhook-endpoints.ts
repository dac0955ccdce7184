import "server-only";
import type { z } from "zod";
import { prisma } from "@/lib/core/db";
import { idOrNotFound } from "@/lib/core/ids";
import { assertCan, type Member } from "@/lib/auth/permissions";
import { NotFoundError } from "@/lib/core/errors";
import { createWebhookEndpoint, WebhookEndpointSchema } from "@/lib/domain/webhooks/create-webhook-endpoint";
import { encryptWebhookSecret, generateWebhookSecret } from "@/lib/domain/webhooks/webhook-secret";
import { byMember, recordAudit, type AuditEntry } from "@/lib/domain/audit/record-audit";
import type { Prisma } from "@/generated/prisma/client";

// an invalid input throws the schema's ZodError (the dashboard's action wrapper maps it to field errors)
export type EndpointFormResult = { ok: true; id: string; secret?: string };
type EndpointInput = z.input<typeof WebhookEndpointSchema>;

const endpointSelect = {
  id: true,
  url: true,
  events: true,
  enabled: true,
  mode: true,
  createdAt: true,
  updatedAt: true,
} as const;

function audit(member: Member, action: string, endpointId: string, data: Record<string, unknown> = {}): AuditEntry {
  return {
    ...byMember(member),
    action,
    target: { type: "WebhookEndpoint", id: endpointId },
    data: data as Prisma.InputJsonObject,
  };
}

export async function listWebhookEndpoints(member: Member) {
  assertCan(member, "manageWebhooks");
  const endpoints = await prisma.webhookEndpoint.findMany({
    where: { accountId: member.accountId },
    orderBy: { createdAt: "asc" },
    select: {
      ...endpointSelect,
      deliveries: { orderBy: { createdAt: "desc" }, take: 1, select: { status: true, createdAt: true } },
    },
  });
  return endpoints.map(({ deliveries, ...e }) => ({ ...e, lastDelivery: deliveries[0] ?? null }));
}

export async function webhookEndpointOrThrow(member: Member, endpointId: string) {
  assertCan(member, "manageWebhooks");
  const endpoint = await prisma.webhookEndpoint.findFirst({
    where: { id: idOrNotFound(endpointId), accountId: member.accountId },
    select: endpointSelect,
  });
  if (!endpoint) throw new NotFoundError("Webhook endpoint not found");
  return endpoint;
}

/** Registers an endpoint; its signing secret is in the result, once, and never in the audit log. */
export async function createMemberWebhookEndpoint(member: Member, input: EndpointInput): Promise<EndpointFormResult> {
  assertCan(member, "manageWebhooks");
  const data = WebhookEndpointSchema.parse(input);
  return prisma.$transaction(async (tx) => {
    const endpoint = await createWebhookEndpoint(member.accountId, data, tx);
    await recordAudit(
      tx,
      audit(member, "webhook_endpoint.created", endpoint.id, {
        url: endpoint.url,
        events: endpoint.events,
        mode: endpoint.mode,
      }),
    );
    return { ok: true as const, id: endpoint.id, secret: endpoint.secret };
  });
}

/** Changes URL, event selection and enabled; the secret stays. */
export async function updateWebhookEndpoint(
  member: Member,
  endpointId: string,
  input: EndpointInput,
): Promise<EndpointFormResult> {
  const endpoint = await webhookEndpointOrThrow(member, endpointId);
  const data = WebhookEndpointSchema.parse(input);
  await prisma.$transaction(async (tx) => {
    const { count } = await tx.webhookEndpoint.updateMany({
      where: { id: endpoint.id, accountId: member.accountId },
      data: { url: data.url, events: data.events, enabled: data.enabled },
    });
    if (!count) throw new NotFoundError("Webhook endpoint not found");
    await recordAudit(tx, audit(member, "webhook_endpoint.updated", endpoint.id, data));
  });
  return { ok: true, id: endpoint.id };
}

/**
 * A new signing secret, in force for every attempt from now on (including retries of earlier events: they are
 * signed when sent). The old one stops working at once; the integrator must switch over.
 */
export async function rotateWebhookSecret(member: Member, endpointId: string): Promise<{ secret: string }> {
  const endpoint = await webhookEndpointOrThrow(member, endpointId);
  const secret = generateWebhookSecret();
  await prisma.$transaction(async (tx) => {
    const { count } = await tx.webhookEndpoint.updateMany({
      where: { id: endpoint.id, accountId: member.accountId },
      data: { secretEncrypted: encryptWebhookSecret(secret) },
    });
    if (!count) throw new NotFoundError("Webhook endpoint not found");
    await recordAudit(tx, audit(member, "webhook_endpoint.secret_rotated", endpoint.id));
  });
  return { secret };
}
