// Test-only: the fuzz tests' data: one account with the demo workflows and a verification of each, plus another
// tenant, and real image and video files. createFuzzPool() fills them in beforeAll; the bindings below are live ES
// module exports, so importers see the accounts and verifications once it has run.
import * as sessionModule from "@/app/api/hosted/session/route";
import { call, route } from "@/test/api-client";
import { createTestAccount, startVerification, type TestAccount } from "@/test/fixtures";
import { randomIp } from "@/test/fuzz/response-checks";
import { jpeg, png, webm } from "@/test/images";

const sessionRoute = route("/api/hosted/session", sessionModule);

export let account: TestAccount;
export let other: TestAccount;
export type PoolEntry = {
  workflow: string;
  workflowId: string;
  verificationId: string;
  resumeToken: string;
  sessionToken: string;
  fields: string[];
};
export let pool: PoolEntry[] = [];
export let otherVerificationId: string;
export let otherSessionToken: string;
export const realFiles: Record<"jpeg" | "png" | "webm", Buffer> = {
  jpeg: Buffer.alloc(0),
  png: Buffer.alloc(0),
  webm: Buffer.alloc(0),
};

/** fixtures' sessionTokenFor, from a fresh address each time (the hosted endpoint is limited per IP). */
export async function sessionTokenFor(verificationUrl: string): Promise<string> {
  const url = new URL(verificationUrl);
  const body = { verificationId: url.searchParams.get("verificationId"), token: url.searchParams.get("token") };
  const response = await call(sessionRoute, "/api/hosted/session", { body, ip: randomIp() });
  if (response.status !== 200) throw new Error(`session failed: ${response.status} ${response.text}`);
  return response.body.sessionToken;
}

async function poolEntry(target: TestAccount, workflow: string): Promise<PoolEntry> {
  const started = await startVerification(target, workflow, { reference: `fuzz-${workflow}` });
  return {
    workflow,
    workflowId: started.flowId,
    verificationId: started.verificationId,
    resumeToken: new URL(started.verificationUrl).searchParams.get("token")!,
    sessionToken: await sessionTokenFor(started.verificationUrl),
    fields: (started as unknown as { inputs: { fieldName: string }[] }).inputs.map((i) => i.fieldName),
  };
}

export async function createFuzzPool(): Promise<void> {
  [account, other] = await Promise.all([
    createTestAccount({ rateLimitPerMinute: 1_000_000 }),
    createTestAccount({ rateLimitPerMinute: 1_000_000 }),
  ]);
  pool = [];
  for (const workflow of Object.keys(account.workflows)) pool.push(await poolEntry(account, workflow));
  const foreign = await poolEntry(other, "full-kyc");
  otherVerificationId = foreign.verificationId;
  otherSessionToken = foreign.sessionToken;
  realFiles.jpeg = await jpeg(64, 48, true);
  realFiles.png = await png(32, 20);
  realFiles.webm = webm();
}
