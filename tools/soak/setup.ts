// Data for `npm run soak:cluster` (tools/soak/cluster.mjs), through the app's own domain code: one account, its
// workflows (address-only, e-mail OTP, document), two API keys (one unlimited for the load, one limited to prove the
// limit holds across instances), a webhook endpoint on the soak's receiver, and a generated passport image.
//   tsx --conditions=react-server tools/soak/setup.ts --webhook-url URL --out DIR   → ONE JSON line on stdout
import { randomBytes } from "node:crypto";
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import sharp from "sharp";
import { createAccount } from "@/lib/domain/accounts/create-account";
import { createApiKey } from "@/lib/auth/api-keys/create-api-key";
import { prisma } from "@/lib/core/db";
import { drawPassport, randomPerson, seededRandom } from "@/test/document-images";
import { createWebhookEndpoint } from "@/lib/domain/webhooks/create-webhook-endpoint";
import { DEMO_WORKFLOWS } from "@/lib/domain/flows/demo-workflows";
import { publishWorkflow } from "@/lib/domain/flows/publish-workflow";

const { values } = parseArgs({
  options: { "webhook-url": { type: "string" }, out: { type: "string" }, "limited-per-minute": { type: "string" } },
});

async function main() {
  const account = await createAccount({
    accountName: `Soak ${new Date().toISOString()}`,
    email: `soak-${randomBytes(4).toString("hex")}@soak.openkyc.local`,
    password: randomBytes(18).toString("base64url"),
  });
  const workflows: Record<string, string> = {};
  const addressOnly = DEMO_WORKFLOWS.find((w) => w.name === "address-only")!;
  for (const definition of [
    addressOnly,
    { name: "email", processes: ["EMAIL_CHECK"] },
    { name: "document", processes: ["DOCUMENT_VERIFICATION"], documentTypes: ["PASSPORT"] },
  ] as const)
    workflows[definition.name] = (
      await publishWorkflow(account.accountId, definition as Parameters<typeof publishWorkflow>[1])
    ).workflowId;
  const scopes = ["verification:create", "verification:read", "verification:inputs"] as const;
  const key = await createApiKey(account.accountId, {
    name: "soak",
    scopes: [...scopes],
    rateLimitPerMinute: 1_000_000,
  });
  const limited = await createApiKey(account.accountId, {
    name: "soak limited",
    scopes: [...scopes],
    rateLimitPerMinute: Number(values["limited-per-minute"] ?? 20),
  });
  const endpoint = await createWebhookEndpoint(account.accountId, { url: values["webhook-url"]!, events: [] });

  const out = values.out!;
  mkdirSync(out, { recursive: true });
  const person = { ...randomPerson(seededRandom(4242), "TD3", new Date()), country: "NL", nationality: "NL" };
  const passport = await drawPassport(person);
  const file = path.join(out, "passport.jpg");
  writeFileSync(file, await sharp(passport.front).jpeg({ quality: 90 }).toBuffer());

  console.log(
    JSON.stringify({
      accountId: account.accountId,
      clientId: account.clientId,
      apiKey: key.key,
      limitedKey: limited.key,
      limitedPerMinute: Number(values["limited-per-minute"] ?? 20),
      workflows,
      endpointId: endpoint.id,
      webhookSecret: endpoint.secret,
      passport: { file, country: person.country, surname: person.surname, given: person.given },
    }),
  );
  await prisma.$disconnect();
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
