// Test-only: every test seeds its own account, so tests never see each other's data.
import { randomUUID } from "node:crypto";
import { createAccount } from "@/lib/domain/accounts/create-account";
import { createApiKey } from "@/lib/auth/api-keys/create-api-key";
import { prisma } from "@/lib/core/db";
import { DEMO_WORKFLOWS } from "@/lib/domain/flows/demo-workflows";
import { publishWorkflow, type WorkflowDefinition } from "@/lib/domain/flows/publish-workflow";
import * as startModule from "@/app/api/v1/verifications/route";
import * as sessionModule from "@/app/api/hosted/session/route";
import * as consentModule from "@/app/api/hosted/consent/route";
import { call, route } from "@/test/api-client";
import { CONSENT_TEXT_VERSION } from "@/lib/domain/hosted/consent-terms";

const startRoute = route("/api/v1/verifications", startModule);
const sessionRoute = route("/api/hosted/session", sessionModule);
const consentRoute = route("/api/hosted/consent", consentModule);

export type TestAccount = Awaited<ReturnType<typeof createTestAccount>>;

export async function createTestAccount(
  options: { workflows?: WorkflowDefinition[]; rateLimitPerMinute?: number } = {},
) {
  const suffix = randomUUID();
  const account = await createAccount({
    accountName: `Test ${suffix}`,
    email: `owner-${suffix}@test.local`,
    password: "correct horse battery",
  });
  const workflows: Record<string, string> = {};
  for (const definition of options.workflows ?? DEMO_WORKFLOWS) {
    workflows[definition.name] = (await publishWorkflow(account.accountId, definition)).workflowId;
  }
  const rate = options.rateLimitPerMinute;
  const key = async (scopes: ("verification:create" | "verification:read" | "verification:inputs")[]) =>
    (await createApiKey(account.accountId, { name: scopes.join(" "), scopes, rateLimitPerMinute: rate })).key;
  const keys = {
    full: await key(["verification:create", "verification:read", "verification:inputs"]),
    create: await key(["verification:create"]),
    read: await key(["verification:read"]),
    inputs: await key(["verification:inputs"]),
  };
  const as = (token: string) => ({ token, clientId: account.clientId });
  return { ...account, workflows, keys, auth: as(keys.full), as };
}

/** Starts a verification of the named workflow with the full key. */
export async function startVerification(
  account: TestAccount,
  workflow: string,
  metadata: Record<string, unknown> = {},
) {
  const response = await call(startRoute, "/api/v1/verifications", {
    ...account.auth,
    body: { flowId: account.workflows[workflow], metadata },
  });
  if (response.status !== 201) throw new Error(`start failed: ${response.status} ${response.text}`);
  return response.body as { verificationId: string; verificationUrl: string; identityId: string; flowId: string };
}

/**
 * A session token as the hosted page gets it: resume token from verificationUrl → /api/hosted/session, then the end
 * user's consent (the page asks for it before any input; `consent: false` leaves it unanswered).
 */
export async function sessionTokenFor(verificationUrl: string, options: { consent?: boolean } = {}): Promise<string> {
  const url = new URL(verificationUrl);
  const response = await call(sessionRoute, "/api/hosted/session", {
    body: { verificationId: url.searchParams.get("verificationId"), token: url.searchParams.get("token") },
  });
  if (response.status !== 200) throw new Error(`session failed: ${response.status} ${response.text}`);
  const token = response.body.sessionToken as string;
  if (options.consent !== false) await giveConsent(token);
  return token;
}

/** The consent screen's "Agree" (with the biometric tick), as the hosted page sends it. */
export async function giveConsent(sessionToken: string): Promise<void> {
  const response = await call(consentRoute, "/api/hosted/consent", {
    token: sessionToken,
    body: { decision: "GIVEN", textVersion: CONSENT_TEXT_VERSION, language: "en", biometric: true },
  });
  if (response.status !== 200) throw new Error(`consent failed: ${response.status} ${response.text}`);
}

export async function countRows(verificationId: string) {
  const [inputs, files, events] = await Promise.all([
    prisma.verificationInput.count({ where: { verificationId } }),
    prisma.storedFile.count({ where: { input: { verificationId } } }),
    prisma.event.count({ where: { verificationId } }),
  ]);
  return { inputs, files, events };
}

export async function latestOutboxCode(email: string): Promise<string> {
  const mail = await prisma.outboxEmail.findFirst({
    where: { to: email },
    orderBy: { createdAt: "desc" },
    select: { text: true },
  });
  const code = mail?.text.match(/\b(\d{6})\b/)?.[1];
  if (!code) throw new Error(`no code mailed to ${email}`);
  return code;
}
