import "server-only";
import { randomBytes } from "node:crypto";
import bcrypt from "bcryptjs";
import { prisma } from "@/lib/core/db";
import { env, setting } from "@/lib/core/env";
import { PASSWORD_HASH_ROUNDS } from "@/lib/auth/verify-password";
import { createAccount } from "@/lib/domain/accounts/create-account";
import { createApiKey } from "@/lib/auth/api-keys/create-api-key";
import { createWebhookEndpoint } from "@/lib/domain/webhooks/create-webhook-endpoint";
import { decryptWebhookSecret } from "@/lib/domain/webhooks/webhook-secret";
import { DEMO_WORKFLOWS } from "@/lib/domain/flows/demo-workflows";
import { SYNTHETIC_LIST_FILE, importWatchlist } from "@/lib/domain/watchlist/import/import-watchlist";
import {
  WorkflowDefinitionSchema,
  publishWorkflow,
  type WorkflowDefinition,
} from "@/lib/domain/flows/publish-workflow";
import { serializeSetting, type SettingName } from "@/lib/shared/workflow-settings";

export const DEMO_EMAIL = "demo@openkyc.local";
const DEMO_ACCOUNT = "Demo Company";

/**
 * Creates or updates the demo account: owner (a fresh password each run unless DEMO_PASSWORD is set), the demo
 * workflows (a new version only when a definition changed), the synthetic demo watchlist (for this account only),
 * two fresh API keys, optionally a webhook endpoint.
 */
export async function seedDemo(options: { webhookUrl?: string } = {}) {
  const password = setting("DEMO_PASSWORD") || randomBytes(9).toString("base64url");
  let membership = await prisma.membership.findFirst({
    where: { user: { email: DEMO_EMAIL }, role: "OWNER" },
    select: { accountId: true, userId: true, account: { select: { clientId: true } } },
  });
  if (!membership) {
    const created = await createAccount({ accountName: DEMO_ACCOUNT, email: DEMO_EMAIL, name: "Demo Owner", password });
    membership = { accountId: created.accountId, userId: created.userId, account: { clientId: created.clientId } };
  } else {
    await prisma.user.update({
      where: { id: membership.userId },
      data: { passwordHash: await bcrypt.hash(password, PASSWORD_HASH_ROUNDS) },
    });
  }
  const { accountId } = membership;

  const workflows: Record<string, string> = {};
  for (const definition of DEMO_WORKFLOWS) workflows[definition.name] = await upsertWorkflow(accountId, definition);
  // the demo screens against the fictional list only, and only for the demo account (real lists: watchlist:import)
  await importWatchlist({ format: "synthetic", file: SYNTHETIC_LIST_FILE, name: "synthetic-demo", accountId });

  const stamp = new Date().toISOString().slice(0, 19).replace("T", " ");
  const apiKey = await createApiKey(accountId, {
    name: `demo full access (seed ${stamp})`,
    scopes: ["verification:create", "verification:read", "verification:inputs"],
  });
  const readOnly = await createApiKey(accountId, {
    name: `demo read-only (seed ${stamp})`,
    scopes: ["verification:read"],
  });

  let webhook: { url: string; secret: string } | null = null;
  if (options.webhookUrl) {
    const existing = await prisma.webhookEndpoint.findFirst({
      where: { accountId, url: options.webhookUrl },
      select: { secretEncrypted: true },
    });
    webhook = existing
      ? { url: options.webhookUrl, secret: decryptWebhookSecret(existing.secretEncrypted) }
      : await createWebhookEndpoint(accountId, { url: options.webhookUrl, events: [] });
    webhook = { url: webhook.url, secret: webhook.secret };
  }

  const base = env().PUBLIC_URL.replace(/\/$/, "");
  return {
    baseUrl: `${base}/api/v1`,
    verifyUrl: `${base}/verify`,
    dashboard: { email: DEMO_EMAIL, password },
    clientId: membership.account.clientId,
    apiKey: apiKey.key,
    readOnlyApiKey: readOnly.key,
    workflows,
    webhook,
  };
}

async function upsertWorkflow(accountId: string, input: WorkflowDefinition): Promise<string> {
  const definition = WorkflowDefinitionSchema.parse(input);
  const existing = await prisma.workflow.findFirst({
    where: { accountId, name: definition.name },
    select: {
      id: true,
      currentVersion: {
        select: {
          processes: true,
          documentTypes: true,
          countries: true,
          settings: { select: { fieldName: true, type: true, value: true } },
        },
      },
    },
  });
  if (existing?.currentVersion && fingerprint(existing.currentVersion) === fingerprint(toRows(definition)))
    return existing.id;
  return (await publishWorkflow(accountId, definition, existing?.id)).workflowId;
}

type Rows = {
  processes: string[];
  documentTypes: string[];
  countries: string[];
  settings: { fieldName: string; type: string; value: string }[];
};

function toRows(definition: ReturnType<typeof WorkflowDefinitionSchema.parse>): Rows {
  return {
    ...definition,
    settings: Object.entries(definition.settings)
      .filter(([, v]) => v !== undefined)
      .map(([name, value]) => serializeSetting(name as SettingName, value)),
  };
}

function fingerprint(rows: Rows): string {
  const settings = rows.settings.map((s) => `${s.fieldName}:${s.type}:${s.value}`).sort();
  return JSON.stringify([rows.processes, rows.documentTypes, rows.countries, settings]);
}
