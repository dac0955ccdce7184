// The bench account of every benchmark (bench:api, bench:webhooks, bench:pipeline, bench:sweep, bench:dashboard,
// bench:verify), made through the domain code the app uses (TypeScript with `import "server-only"`, hence
// tsx --conditions=react-server, like the seed).
//   tsx --conditions=react-server tools/bench/account.ts               → ONE JSON object on stdout
//   tsx --conditions=react-server tools/bench/account.ts --teardown ID → deletes that bench account
// Each run gets a fresh account, so runs start from the same state and the rows it writes (tens of thousands
// of verifications) can be deleted afterwards without touching anyone else's data.
import { randomBytes } from "node:crypto";
import { parseArgs } from "node:util";
import { prisma } from "@/lib/core/db";
import { createAccount } from "@/lib/domain/accounts/create-account";
import { createApiKey } from "@/lib/auth/api-keys/create-api-key";
import { startVerification } from "@/lib/domain/verifications/start-verification";
import { DEMO_WORKFLOWS } from "@/lib/domain/flows/demo-workflows";
import { publishWorkflow } from "@/lib/domain/flows/publish-workflow";

// a domain of its own, so that clean-up can never match a real user
const BENCH_EMAIL_DOMAIN = "bench.openkyc.local";
// a run that died without its teardown leaves its account behind; one this old is certainly not running any more
const STALE_AFTER_MS = 60 * 60_000;
// createApiKey's maximum: the default 600/min would turn the load test into a test of 429s
const RATE_LIMIT_PER_MINUTE = 1_000_000;

const { values } = parseArgs({ options: { teardown: { type: "string" } } });

async function main() {
  if (values.teardown) {
    await deleteBenchAccount(values.teardown);
    return;
  }
  await deleteStaleBenchAccounts();
  const stamp = new Date().toISOString();
  // a confirmed owner (no mailed link): bench:verify signs in with it to measure the dashboard pages
  const owner = {
    email: `bench-${Date.now()}-${randomBytes(3).toString("hex")}@${BENCH_EMAIL_DOMAIN}`,
    password: randomBytes(18).toString("base64url"),
  };
  const account = await createAccount({ accountName: `Benchmark ${stamp}`, ...owner });
  const workflows: Record<string, string> = {};
  for (const definition of DEMO_WORKFLOWS)
    workflows[definition.name] = (await publishWorkflow(account.accountId, definition)).workflowId;
  const flowId = workflows["address-only"];
  if (!flowId) throw new Error('DEMO_WORKFLOWS has no "address-only" workflow');

  const key = await createApiKey(account.accountId, {
    name: `bench ${stamp}`,
    scopes: ["verification:create", "verification:read", "verification:inputs"],
    rateLimitPerMinute: RATE_LIMIT_PER_MINUTE,
  });
  const started = await startVerification({
    accountId: account.accountId,
    clientId: account.clientId,
    flowId,
    metadata: { reference: "bench-status" },
    ipAddress: "127.0.0.1",
  });
  const [version] = await prisma.$queryRaw<{ server_version: string }[]>`SHOW server_version`;
  const result = {
    postgres: version?.server_version ?? "unknown",
    accountId: account.accountId,
    owner,
    clientId: account.clientId,
    apiKey: key.key,
    rateLimitPerMinute: RATE_LIMIT_PER_MINUTE,
    flowId,
    verificationId: started.verificationId,
    workflows,
  };
  process.stdout.write(`${JSON.stringify(result)}\n`);
}

async function deleteBenchAccount(accountId: string) {
  const members = await prisma.membership.findMany({
    where: { accountId },
    select: { user: { select: { id: true, email: true } } },
  });
  // verifications first: their identity/workflow relations are RESTRICT, so the account's cascade alone can fail
  await prisma.verification.deleteMany({ where: { accountId } });
  await prisma.account.deleteMany({ where: { id: accountId } });
  const benchUsers = members.map((m) => m.user).filter((u) => u.email.endsWith(`@${BENCH_EMAIL_DOMAIN}`));
  await prisma.user.deleteMany({ where: { id: { in: benchUsers.map((u) => u.id) } } });
}

async function deleteStaleBenchAccounts() {
  const stale = await prisma.membership.findMany({
    where: {
      user: { email: { endsWith: `@${BENCH_EMAIL_DOMAIN}` }, createdAt: { lt: new Date(Date.now() - STALE_AFTER_MS) } },
    },
    select: { accountId: true },
  });
  for (const { accountId } of stale) await deleteBenchAccount(accountId);
}

main()
  .catch((error) => {
    console.error(`[bench setup] failed: ${error instanceof Error ? error.message : String(error)}`);
    process.exitCode = 1;
  })
  .finally(() => prisma.$disconnect());
