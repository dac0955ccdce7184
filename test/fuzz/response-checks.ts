// Test-only: what every fuzzed answer must look like (a 2xx in the endpoint's documented shape or a 4xx
// `{error, message, details?}` whose code agrees with ERROR_STATUS), and the call that checks it.
import { randomInt } from "node:crypto";
import { z } from "zod";
import { ERROR_STATUS } from "@/lib/core/errors";
import {
  DocumentTypeList,
  ErrorResponse,
  HostedSessionResponse,
  SendInputsResponse,
  StartVerificationResponse,
  VerificationRecord,
  VerificationStatusResponse,
} from "@/lib/http/schemas";
import * as startModule from "@/app/api/v1/verifications/route";
import * as verificationModule from "@/app/api/v1/verifications/[verificationId]/route";
import * as statusModule from "@/app/api/v1/verifications/[verificationId]/status/route";
import * as sendInputsModule from "@/app/api/v1/verifications/[verificationId]/send-inputs/route";
import * as emailOtpModule from "@/app/api/v1/workflows/[workflowId]/email-otp/route";
import * as documentTypesModule from "@/app/api/v1/workflows/[workflowId]/document-types/route";
import * as supportedTypesModule from "@/app/api/v1/workflows/supported-document-types/route";
import * as sessionModule from "@/app/api/hosted/session/route";
import { call, route, type ApiResponse, type CallOptions, type Route } from "@/test/api-client";

export type Endpoint =
  "start" | "get" | "status" | "sendInputs" | "emailOtp" | "documentTypes" | "supportedTypes" | "hostedSession";

// Each fuzzed endpoint: the route it calls, and its documented success.
const ENDPOINTS: Record<Endpoint, { route: Route; status: number; schema: z.ZodType | null }> = {
  start: { route: route("/api/v1/verifications", startModule), status: 201, schema: StartVerificationResponse },
  get: {
    route: route("/api/v1/verifications/[verificationId]", verificationModule),
    status: 200,
    schema: VerificationRecord,
  },
  status: {
    route: route("/api/v1/verifications/[verificationId]/status", statusModule),
    status: 200,
    schema: VerificationStatusResponse,
  },
  sendInputs: {
    route: route("/api/v1/verifications/[verificationId]/send-inputs", sendInputsModule),
    status: 200,
    schema: SendInputsResponse,
  },
  emailOtp: { route: route("/api/v1/workflows/[workflowId]/email-otp", emailOtpModule), status: 204, schema: null },
  documentTypes: {
    route: route("/api/v1/workflows/[workflowId]/document-types", documentTypesModule),
    status: 200,
    schema: DocumentTypeList,
  },
  supportedTypes: {
    route: route("/api/v1/workflows/supported-document-types", supportedTypesModule),
    status: 200,
    schema: DocumentTypeList,
  },
  hostedSession: { route: route("/api/hosted/session", sessionModule), status: 200, schema: HostedSessionResponse },
};

const StrictError = ErrorResponse.strict();

export function problemsOf(endpoint: Endpoint, response: ApiResponse): string[] {
  const problems: string[] = [];
  const { status } = response;
  if (status < 200 || status >= 500) problems.push(`status ${status} (expected 2xx or 4xx)`);
  if (status === 204) {
    if (response.text !== "") problems.push("204 with a body");
    if (endpoint !== "emailOtp") problems.push("unexpected 204");
    return problems;
  }
  let body: unknown;
  try {
    body = JSON.parse(response.text);
  } catch {
    return [...problems, "the body is not JSON"];
  }
  if (!/^application\/json\b/i.test(response.headers.get("content-type") ?? ""))
    problems.push(`content-type ${response.headers.get("content-type")}`);
  if (status >= 400) {
    const parsed = StrictError.safeParse(body);
    if (!parsed.success)
      return [...problems, `error body is not {error, message, details?}: ${z.prettifyError(parsed.error)}`];
    const expected = (ERROR_STATUS as Record<string, number>)[parsed.data.error];
    if (expected === undefined) problems.push(`unknown error code ${parsed.data.error}`);
    else if (expected !== status)
      problems.push(`${parsed.data.error} came with HTTP ${status}; ERROR_STATUS says ${expected}`);
    if (!parsed.data.message) problems.push("empty message");
    if (status === 429 && !response.headers.get("retry-after")) problems.push("429 without Retry-After");
    return problems;
  }
  const success = ENDPOINTS[endpoint];
  if (status !== success.status) problems.push(`success status ${status}, expected ${success.status}`);
  const parsed = success.schema?.safeParse(body);
  if (parsed && !parsed.success)
    problems.push(`success body does not match its schema: ${z.prettifyError(parsed.error)}`);
  return problems;
}

// The server logs unknown failures (name, code, stack frames) with console.error: keep it for the report.
let serverLog: string[] = [];

/** console.error's replacement while fuzzing (installed in beforeAll). */
export function recordServerLog(...args: unknown[]): void {
  serverLog.push(args.map((a) => (a instanceof Error ? (a.stack ?? a.message) : String(a))).join(" "));
}

/** Every failed credential counts against the caller's address (300/min): each request comes from a new one. */
export function randomIp(): string {
  return `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`;
}

// FUZZ_STATS=1 prints how often each endpoint answered each status and code (is validation being reached?).
const outcomes = new Map<string, number>();

export function outcomeSummary(): string {
  return [...outcomes]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([k, n]) => `${k}: ${n}`)
    .join("\n");
}

function describeBody(body: unknown): string {
  if (body === undefined) return "(none)";
  if (body instanceof FormData) {
    return [...body.entries()]
      .map(
        ([name, part]) =>
          `${JSON.stringify(name)}=${typeof part === "string" ? JSON.stringify(part.slice(0, 300)) : `<file ${part.size} bytes>`}`,
      )
      .join(", ");
  }
  if (body instanceof Uint8Array)
    return `${body.length} bytes: ${JSON.stringify(Buffer.from(body.subarray(0, 600)).toString("utf8"))}`;
  return JSON.stringify(body)?.slice(0, 600) ?? String(body);
}

export async function fuzzCall(endpoint: Endpoint, path: string, options: CallOptions): Promise<ApiResponse> {
  serverLog = [];
  const response = await call(ENDPOINTS[endpoint].route, path, { ...options, ip: randomIp() });
  const outcome =
    `${endpoint} ${response.status} ${(response.body as { error?: string } | undefined)?.error ?? ""}`.trim();
  outcomes.set(outcome, (outcomes.get(outcome) ?? 0) + 1);
  const problems = problemsOf(endpoint, response);
  if (problems.length) {
    throw new Error(
      [
        `${options.method ?? (options.body === undefined ? "GET" : "POST")} ${path.slice(0, 300)} → ${response.status}`,
        ...problems.map((p) => `  - ${p}`),
        `  request headers: ${JSON.stringify({ ...options.headers, ...(options.token === undefined ? {} : { authorization: `Bearer ${options.token}` }), ...(options.clientId === undefined ? {} : { "x-client-id": options.clientId }) }).slice(0, 600)}`,
        `  request body: ${describeBody(options.body)}`,
        `  response body: ${response.text.slice(0, 600)}`,
        serverLog.length ? `  server log:\n${serverLog.join("\n")}` : "  server log: (empty)",
      ].join("\n"),
    );
  }
  return response;
}
