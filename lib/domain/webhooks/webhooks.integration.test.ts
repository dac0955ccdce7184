import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { z } from "zod";
import { prisma } from "@/lib/core/db";
import { zodFieldErrors } from "@/lib/shared/field-errors";
import { resetEnvCache } from "@/lib/core/env";
import {
  createMemberWebhookEndpoint,
  listWebhookEndpoints,
  rotateWebhookSecret,
  updateWebhookEndpoint,
  webhookEndpointOrThrow,
} from "@/lib/domain/webhooks/manage-webhook-endpoints";
import { type Member } from "@/lib/auth/permissions";
import { DashboardError, ForbiddenError, NotFoundError } from "@/lib/core/errors";
import { resendMemberDelivery, sendTestWebhook, webhookDeliveryLog } from "@/lib/domain/webhooks/webhook-deliveries";
import { createTestMembers } from "@/test/dashboard-members";
import type { TestAccount } from "@/test/fixtures";
import { startReceiver } from "@/test/webhook-receiver";
import { attemptDelivery } from "@/lib/domain/webhooks/attempt-delivery";
import { loadVerificationDetail } from "@/lib/domain/verifications/load-verification-detail";
import { startVerification } from "@/test/fixtures";
import { createTestAccount } from "@/test/fixtures";
import { addMember, ownerOf } from "@/test/dashboard-fixtures";

let a: { account: TestAccount; owner: Member; reviewer: Member };
let b: { account: TestAccount; owner: Member };

beforeAll(async () => {
  vi.stubEnv("WEBHOOK_ALLOW_PRIVATE_NETWORKS", "true");
  resetEnvCache();
  a = await createTestMembers({ workflows: [] });
  b = await createTestMembers({ workflows: [] });
});
afterAll(() => {
  vi.unstubAllEnvs();
  resetEnvCache();
});

async function endpointFor(member: Member, url = "http://127.0.0.1:9/") {
  const created = await createMemberWebhookEndpoint(member, { url, events: ["verification_completed"] });
  if (!created.ok || !created.secret) throw new Error(JSON.stringify(created));
  return { id: created.id, secret: created.secret };
}

const stateOf = (accountId: string) =>
  prisma.webhookEndpoint.findMany({
    where: { accountId },
    orderBy: { id: "asc" },
    select: {
      id: true,
      url: true,
      events: true,
      enabled: true,
      secretEncrypted: true,
      deliveries: { select: { id: true, status: true, attempts: true, nextAttemptAt: true } },
    },
  });

describe("webhook endpoints from the dashboard", () => {
  it("creates, edits, rotates: the secret is shown only in the results and never logged", async () => {
    const { id, secret } = await endpointFor(a.owner);
    expect(Buffer.from(secret, "base64")).toHaveLength(32);
    // what a forged form could send: the types say otherwise, the schema decides
    const bad = { url: "ftp://x", events: ["nope"], enabled: true } as unknown as Parameters<
      typeof updateWebhookEndpoint
    >[2];
    const refusal = await updateWebhookEndpoint(a.owner, id, bad).catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(z.ZodError);
    expect(Object.keys(zodFieldErrors(refusal as z.ZodError)).sort()).toEqual(["events.0", "url"]);
    expect(
      await updateWebhookEndpoint(a.owner, id, { url: "https://hooks.example.com/kyc", events: [], enabled: false }),
    ).toEqual({ ok: true, id });
    expect(await webhookEndpointOrThrow(a.owner, id)).toMatchObject({
      url: "https://hooks.example.com/kyc",
      events: [],
      enabled: false,
    });
    const before = (await prisma.webhookEndpoint.findUniqueOrThrow({ where: { id } })).secretEncrypted;
    const rotated = await rotateWebhookSecret(a.owner, id);
    expect(rotated.secret).not.toBe(secret);
    expect((await prisma.webhookEndpoint.findUniqueOrThrow({ where: { id } })).secretEncrypted).not.toBe(before);
    const log = await prisma.auditLog.findMany({ where: { targetId: id }, orderBy: { createdAt: "asc" } });
    expect(log.map((l) => [l.action, l.actorType, l.actorId])).toEqual([
      ["webhook_endpoint.created", "USER", a.owner.userId],
      ["webhook_endpoint.updated", "USER", a.owner.userId],
      ["webhook_endpoint.secret_rotated", "USER", a.owner.userId],
    ]);
    expect(JSON.stringify(log)).not.toContain(secret);
    expect(JSON.stringify(log)).not.toContain(rotated.secret);
    expect(JSON.stringify(await listWebhookEndpoints(a.owner))).not.toMatch(/secret/i);
  });

  it("sends a signed test event through the normal delivery path, logs attempts, and resends it", async () => {
    const { id, secret } = await endpointFor(a.owner);
    const receiver = await startReceiver(secret, "fail500");
    await prisma.webhookEndpoint.update({ where: { id }, data: { url: receiver.url } });
    const { deliveryId, eventId } = await sendTestWebhook(a.owner, id);
    // the worker's own call; the endpoint subscribes to verification_completed only, and still gets the test
    expect((await attemptDelivery(deliveryId)).status).toBe("PENDING");
    receiver.setBehaviour("ok");
    await expect(resendMemberDelivery(a.owner, deliveryId)).rejects.toBeInstanceOf(DashboardError);
    expect((await attemptDelivery(deliveryId, { force: true })).status).toBe("DELIVERED");
    expect(receiver.received).toHaveLength(2);
    expect(receiver.received[1]).toMatchObject({
      serviceSignatureValid: true,
      standardSignatureValid: true,
      json: { eventName: "webhook_test", eventId, test: true, flowId: null },
    });

    await resendMemberDelivery(a.owner, deliveryId);
    expect(await prisma.webhookDelivery.findUniqueOrThrow({ where: { id: deliveryId } })).toMatchObject({
      status: "PENDING",
      deliveredAt: null,
    });
    expect((await attemptDelivery(deliveryId)).status).toBe("DELIVERED");
    expect(receiver.received[2]!.headers["webhook-id"]).toBe(eventId);

    const { deliveries } = await webhookDeliveryLog(a.owner, id);
    expect(deliveries).toHaveLength(1);
    expect(deliveries[0]).toMatchObject({ id: deliveryId, status: "DELIVERED", event: { name: "webhook_test" } });
    expect(deliveries[0]!.attemptsLog.map((t) => [t.attempt, t.statusCode])).toEqual([
      [1, 500],
      [2, 200],
      [3, 200],
    ]);
    expect(deliveries[0]!.attemptsLog[0]!.responseExcerpt).toContain("receiver exploded");
    await receiver.close();
  });

  it("refuses a test event to a disabled endpoint", async () => {
    const { id } = await endpointFor(a.owner);
    await updateWebhookEndpoint(a.owner, id, { url: "https://hooks.example.com/x", events: [], enabled: false });
    await expect(sendTestWebhook(a.owner, id)).rejects.toBeInstanceOf(DashboardError);
    expect(await prisma.webhookDelivery.count({ where: { endpointId: id } })).toBe(0);
  });

  it("treats another account's endpoint and delivery as not found, and changes nothing", async () => {
    const theirs = await endpointFor(b.owner);
    const { deliveryId } = await sendTestWebhook(b.owner, theirs.id);
    await prisma.webhookDelivery.update({ where: { id: deliveryId }, data: { status: "FAILED", nextAttemptAt: null } });
    const before = await stateOf(b.account.accountId);
    const auditBefore = await prisma.auditLog.count({
      where: { accountId: { in: [a.account.accountId, b.account.accountId] } },
    });
    await expect(
      updateWebhookEndpoint(a.owner, theirs.id, { url: "https://evil.example.com", events: [], enabled: true }),
    ).rejects.toBeInstanceOf(NotFoundError);
    await expect(rotateWebhookSecret(a.owner, theirs.id)).rejects.toBeInstanceOf(NotFoundError);
    await expect(sendTestWebhook(a.owner, theirs.id)).rejects.toBeInstanceOf(NotFoundError);
    await expect(webhookDeliveryLog(a.owner, theirs.id)).rejects.toBeInstanceOf(NotFoundError);
    await expect(resendMemberDelivery(a.owner, deliveryId)).rejects.toBeInstanceOf(NotFoundError);
    await expect(webhookEndpointOrThrow(a.owner, "../x")).rejects.toBeInstanceOf(NotFoundError);
    expect((await listWebhookEndpoints(a.owner)).map((e) => e.id)).not.toContain(theirs.id);
    expect(await stateOf(b.account.accountId)).toEqual(before);
    expect(
      await prisma.auditLog.count({ where: { accountId: { in: [a.account.accountId, b.account.accountId] } } }),
    ).toBe(auditBefore);
  });

  it("refuses a reviewer", async () => {
    const mine = await endpointFor(a.owner);
    const { deliveryId } = await sendTestWebhook(a.owner, mine.id);
    await prisma.webhookDelivery.update({ where: { id: deliveryId }, data: { status: "FAILED", nextAttemptAt: null } });
    const before = await stateOf(a.account.accountId);
    await expect(createMemberWebhookEndpoint(a.reviewer, { url: "https://x.example.com" })).rejects.toBeInstanceOf(
      ForbiddenError,
    );
    await expect(updateWebhookEndpoint(a.reviewer, mine.id, { url: "https://x.example.com" })).rejects.toBeInstanceOf(
      ForbiddenError,
    );
    await expect(rotateWebhookSecret(a.reviewer, mine.id)).rejects.toBeInstanceOf(ForbiddenError);
    await expect(sendTestWebhook(a.reviewer, mine.id)).rejects.toBeInstanceOf(ForbiddenError);
    await expect(resendMemberDelivery(a.reviewer, deliveryId)).rejects.toBeInstanceOf(ForbiddenError);
    await expect(webhookDeliveryLog(a.reviewer, mine.id)).rejects.toBeInstanceOf(ForbiddenError);
    await expect(listWebhookEndpoints(a.reviewer)).rejects.toBeInstanceOf(ForbiddenError);
    expect(await stateOf(a.account.accountId)).toEqual(before);
  });
});

describe("webhook URLs on a verification's page", () => {
  it("a reviewer sees only the host of the endpoint URL; owners and admins see it whole", async () => {
    const account = await createTestAccount({ workflows: [{ name: "address", processes: ["ADDRESS_VERIFICATION"] }] });
    await createMemberWebhookEndpoint(ownerOf(account), {
      url: "https://hooks.example.com/kyc/callback?token=s3cr3t",
      events: [],
    });
    const { verificationId } = await startVerification(account, "address");
    const urls = async (member: Member) =>
      (await loadVerificationDetail(member, verificationId)).events.flatMap((e) =>
        e.deliveries.map((d) => d.endpoint.url),
      );
    expect(await urls(await addMember(account, "REVIEWER"))).toEqual(["https://hooks.example.com/…"]);
    expect(await urls(await addMember(account, "ADMIN"))).toEqual([
      "https://hooks.example.com/kyc/callback?token=s3cr3t",
    ]);
  });
});
