// Helpers for the end-to-end specs: the seeded demo account (written by e2e/server.ts), the public API with its
// keys, accessibility checks (axe-core) and screenshots attached to the report.
import { readFileSync } from "node:fs";
import path from "node:path";
import AxeBuilder from "@axe-core/playwright";
import { expect, type APIRequestContext, type APIResponse, type Page, type TestInfo } from "@playwright/test";

// written by e2e/server.ts: seed.json, or seed-<port>.json when E2E_PORT is not the default 3210
const PORT = Number(process.env.E2E_PORT ?? 3210);
export const SEED_FILE = path.resolve(__dirname, `.state/${PORT === 3210 ? "seed" : `seed-${PORT}`}.json`);

/** What server/seed.ts printed for the e2e database (lib/domain/accounts/seed-demo.ts). */
export interface Seed {
  /** `${PUBLIC_URL}/api/v1` */
  baseUrl: string;
  /** `${PUBLIC_URL}/verify` */
  verifyUrl: string;
  dashboard: { email: string; password: string };
  clientId: string;
  /** scopes verification:create, verification:read, verification:inputs */
  apiKey: string;
  /** scope verification:read */
  readOnlyApiKey: string;
  /** workflow name (lib/domain/flows/demo-workflows.ts: "full-kyc", "address-only", one per process type) → id */
  workflows: Record<string, string>;
  webhook: { url: string; secret: string } | null;
}

let cachedSeed: Seed | undefined;

export function readSeed(): Seed {
  cachedSeed ??= JSON.parse(readFileSync(SEED_FILE, "utf8")) as Seed;
  return cachedSeed;
}

/** The id of a demo workflow by name; fails loudly on a name the seed does not have. */
export function workflowId(flowName: string): string {
  const seed = readSeed();
  const id = seed.workflows[flowName];
  if (!id) throw new Error(`no demo workflow "${flowName}" (have: ${Object.keys(seed.workflows).join(", ")})`);
  return id;
}

/** POST /api/v1/verifications answer (lib/http/schemas.ts StartVerificationResponse). */
export interface StartedVerification {
  verificationId: string;
  identityId: string;
  flowId: string;
  metadata: Record<string, unknown>;
  ipAddress: string | null;
  inputs: {
    fieldName: string;
    description: string;
    group: number;
    fieldType: "FILE" | "DROPDOWN" | "TEXT" | "LOCATION";
    data?: Record<string, unknown>;
    optional: boolean;
  }[];
  settings: { fieldName: string; type: string; value: string }[];
  id: string;
  status: "pending";
  createdAt: string;
  verificationUrl: string;
}

type VerificationStatus = "PENDING" | "INITIATED" | "PROCESSING" | "COMPLETED" | "FAILED" | "ABANDONED" | "EXPIRED";
type VerificationResult = "APPROVED" | "DECLINED" | "MANUAL_REVIEW";

/** GET /api/v1/verifications/{id}/status answer (lib/http/schemas.ts VerificationStatusResponse). */
export interface VerificationStatusBody {
  verificationId: string;
  status: VerificationStatus;
  result?: VerificationResult;
  completedAt?: string;
  steps: {
    processType: string;
    status: "PENDING" | "RUNNING" | "COMPLETED" | "FAILED";
    result?: VerificationResult;
    completedAt?: string;
  }[];
  missingInputs: StartedVerification["inputs"];
}

/** GET /api/v1/verifications/{id} answer (lib/http/schemas.ts VerificationRecord). */
export interface VerificationRecordBody {
  id: string;
  flowId: string;
  identityId: string;
  status: VerificationStatus;
  result?: VerificationResult;
  metadata: unknown;
  ipAddress: string | null;
  createdAt: string;
  completedAt?: string;
  steps: { stepId: string; status: number; data: unknown }[];
}

/** The demo account's full-access key, as the API wants it. */
export function apiHeaders(key: "full" | "readOnly" = "full"): Record<string, string> {
  const seed = readSeed();
  return {
    authorization: `Bearer ${key === "full" ? seed.apiKey : seed.readOnlyApiKey}`,
    "x-client-id": seed.clientId,
  };
}

async function jsonOf<T>(response: APIResponse, expected: number, what: string): Promise<T> {
  if (response.status() !== expected)
    throw new Error(
      `${what}: HTTP ${response.status()} (expected ${expected}): ${(await response.text()).slice(0, 500)}`,
    );
  return (await response.json()) as T;
}

/** Starts a verification of the demo workflow `flowName` through the public API (POST /api/v1/verifications). */
export async function apiStart(
  request: APIRequestContext,
  flowName: string,
  metadata?: Record<string, unknown>,
): Promise<StartedVerification> {
  const response = await request.post("/api/v1/verifications", {
    headers: apiHeaders(),
    data: { flowId: workflowId(flowName), ...(metadata ? { metadata } : {}) },
  });
  return jsonOf<StartedVerification>(response, 201, `POST /api/v1/verifications (${flowName})`);
}

/**
 * A watchlist screening through the public API with the given key: starts a verification of `flowId`, sends a name
 * and a birth date, and waits until it has a result (the engine runs in the background). Returns its id and result.
 */
export async function screenThroughApi(
  request: APIRequestContext,
  headers: Record<string, string>,
  input: { flowId: string; fullName: string; dateOfBirth: string; metadata?: Record<string, unknown> },
  timeout = 30_000,
): Promise<{ verificationId: string; result: string }> {
  const data = { flowId: input.flowId, ...(input.metadata ? { metadata: input.metadata } : {}) };
  const started = await jsonOf<StartedVerification>(
    await request.post("/api/v1/verifications", { headers, data }),
    201,
    "POST /api/v1/verifications",
  );
  const { verificationId } = started;
  const inputs = [
    { fieldName: "FULL_NAME", type: "TEXT", value: input.fullName },
    { fieldName: "DATE_OF_BIRTH", type: "TEXT", value: input.dateOfBirth },
  ];
  const sent = await request.post(`/api/v1/verifications/${verificationId}/send-inputs`, { headers, data: { inputs } });
  expect(sent.status(), await sent.text()).toBe(200);
  let result: string | undefined;
  await expect
    .poll(
      async () => {
        const status = await request.get(`/api/v1/verifications/${verificationId}/status`, { headers });
        result = ((await status.json()) as { result?: string }).result;
        return result;
      },
      { timeout },
    )
    .toBeTruthy();
  return { verificationId, result: result! };
}

/** GET /api/v1/verifications/{id}/status */
export async function apiStatus(request: APIRequestContext, verificationId: string): Promise<VerificationStatusBody> {
  const response = await request.get(`/api/v1/verifications/${verificationId}/status`, { headers: apiHeaders() });
  return jsonOf<VerificationStatusBody>(response, 200, `GET /api/v1/verifications/${verificationId}/status`);
}

/** GET /api/v1/verifications/{id} */
export async function apiRecord(request: APIRequestContext, verificationId: string): Promise<VerificationRecordBody> {
  const response = await request.get(`/api/v1/verifications/${verificationId}`, { headers: apiHeaders() });
  return jsonOf<VerificationRecordBody>(response, 200, `GET /api/v1/verifications/${verificationId}`);
}

/**
 * Runs axe-core on the page as it is now and fails on any violation of impact "serious" or "critical" (all of
 * them are printed, minor ones too, so they can be seen in the log). `exclude`: selectors left out of the scan.
 */
export async function expectNoSeriousA11yViolations(page: Page, options: { exclude?: string[] } = {}): Promise<void> {
  let builder = new AxeBuilder({ page });
  for (const selector of options.exclude ?? []) builder = builder.exclude(selector);
  const { violations } = await builder.analyze();
  for (const v of violations) {
    const targets = v.nodes.map((n) => n.target.join(" ")).slice(0, 5);
    console.log(
      `[axe] ${v.impact ?? "unknown"} ${v.id}: ${v.help} (${v.helpUrl})\n        ${targets.join("\n        ")}${v.nodes.length > 5 ? `\n        …and ${v.nodes.length - 5} more` : ""}`,
    );
  }
  const serious = violations.filter((v) => v.impact === "serious" || v.impact === "critical");
  expect(
    serious.map((v) => ({ id: v.id, impact: v.impact, help: v.help, nodes: v.nodes.map((n) => n.target.join(" ")) })),
    `serious or critical accessibility violations on ${page.url()}`,
  ).toEqual([]);
}

/** A full-page screenshot attached to the test (shown in the HTML report, test-results/e2e-report). */
export async function snap(page: Page, testInfo: TestInfo, name: string): Promise<void> {
  await testInfo.attach(name, { body: await page.screenshot({ fullPage: true }), contentType: "image/png" });
}
