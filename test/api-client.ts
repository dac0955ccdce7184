// Test-only: calls the real route handlers in-process, with a request shaped like the one our server builds
// (server/http-front.ts stamps the peer address, signed with its per-process secret: lib/http/client-ip.ts).
import { stampHeaders } from "@/lib/http/client-ip";

type Handler = (request: Request, context: { params: Promise<Record<string, string>> }) => Promise<Response>;
type Route = { method: string; pattern: RegExp; names: string[]; load: () => Promise<Record<string, unknown>> };

const ROUTES: Route[] = [
  {
    method: "POST",
    pattern: /^\/api\/v1\/verifications$/,
    names: [],
    load: () => import("@/app/api/v1/verifications/route"),
  },
  {
    method: "GET",
    pattern: /^\/api\/v1\/verifications\/([^/]+)$/,
    names: ["verificationId"],
    load: () => import("@/app/api/v1/verifications/[verificationId]/route"),
  },
  {
    method: "GET",
    pattern: /^\/api\/v1\/verifications\/([^/]+)\/status$/,
    names: ["verificationId"],
    load: () => import("@/app/api/v1/verifications/[verificationId]/status/route"),
  },
  {
    method: "POST",
    pattern: /^\/api\/v1\/verifications\/([^/]+)\/send-inputs$/,
    names: ["verificationId"],
    load: () => import("@/app/api/v1/verifications/[verificationId]/send-inputs/route"),
  },
  {
    method: "POST",
    pattern: /^\/api\/v1\/sandbox\/verifications\/([^/]+)\/fast-forward$/,
    names: ["verificationId"],
    load: () => import("@/app/api/v1/sandbox/verifications/[verificationId]/fast-forward/route"),
  },
  {
    method: "GET",
    pattern: /^\/api\/v1\/workflows\/supported-document-types$/,
    names: [],
    load: () => import("@/app/api/v1/workflows/supported-document-types/route"),
  },
  {
    method: "POST",
    pattern: /^\/api\/v1\/workflows\/([^/]+)\/email-otp$/,
    names: ["workflowId"],
    load: () => import("@/app/api/v1/workflows/[workflowId]/email-otp/route"),
  },
  {
    method: "POST",
    pattern: /^\/api\/v1\/workflows\/([^/]+)\/links$/,
    names: ["workflowId"],
    load: () => import("@/app/api/v1/workflows/[workflowId]/links/route"),
  },
  {
    method: "GET",
    pattern: /^\/api\/v1\/workflows\/([^/]+)\/document-types$/,
    names: ["workflowId"],
    load: () => import("@/app/api/v1/workflows/[workflowId]/document-types/route"),
  },
  {
    method: "GET",
    pattern: /^\/api\/v1\/openapi\.json$/,
    names: [],
    load: () => import("@/app/api/v1/openapi.json/route"),
  },
  {
    method: "POST",
    pattern: /^\/api\/hosted\/session$/,
    names: [],
    load: () => import("@/app/api/hosted/session/route"),
  },
  { method: "POST", pattern: /^\/api\/hosted\/start$/, names: [], load: () => import("@/app/api/hosted/start/route") },
  { method: "GET", pattern: /^\/api\/hosted\/state$/, names: [], load: () => import("@/app/api/hosted/state/route") },
  {
    method: "POST",
    pattern: /^\/api\/hosted\/consent$/,
    names: [],
    load: () => import("@/app/api/hosted/consent/route"),
  },
  {
    method: "POST",
    pattern: /^\/api\/hosted\/handoff$/,
    names: [],
    load: () => import("@/app/api/hosted/handoff/route"),
  },
  {
    method: "POST",
    pattern: /^\/api\/hosted\/handoff\/redeem$/,
    names: [],
    load: () => import("@/app/api/hosted/handoff/redeem/route"),
  },
  {
    method: "GET",
    pattern: /^\/api\/hosted\/logo\/([^/]+)$/,
    names: ["clientId"],
    load: () => import("@/app/api/hosted/logo/[clientId]/route"),
  },
  {
    method: "GET",
    pattern: /^\/api\/hosted\/address-format\/([^/]+)$/,
    names: ["country"],
    load: () => import("@/app/api/hosted/address-format/[country]/route"),
  },
];

export type CallOptions = {
  method?: string;
  /** Bearer token (API key or session token) */
  token?: string;
  clientId?: string;
  /** object → JSON; string/Uint8Array/FormData → sent as is */
  body?: unknown;
  headers?: Record<string, string>;
  ip?: string;
};

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests read any field of a JSON answer
export type ApiResponse<T = any> = { status: number; headers: Headers; body: T; text: string };

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- as above
export async function call<T = any>(path: string, options: CallOptions = {}): Promise<ApiResponse<T>> {
  const method = options.method ?? (options.body === undefined ? "GET" : "POST");
  const url = new URL(path, "http://localhost:3000");
  const route = ROUTES.find((r) => r.method === method && r.pattern.test(url.pathname));
  if (!route) throw new Error(`no route for ${method} ${url.pathname}`);
  const match = route.pattern.exec(url.pathname)!;
  const params = Object.fromEntries(route.names.map((name, i) => [name, decodeURIComponent(match[i + 1]!)]));

  const headers = new Headers(options.headers);
  for (const [name, value] of Object.entries(
    stampHeaders(options.ip ?? "203.0.113.7", headers.get("x-forwarded-for") ?? ""),
  ))
    headers.set(name, value);
  if (options.token !== undefined) headers.set("authorization", `Bearer ${options.token}`);
  if (options.clientId !== undefined) headers.set("x-client-id", options.clientId);
  let body: BodyInit | undefined;
  if (options.body instanceof FormData || options.body instanceof Uint8Array) {
    body = options.body as BodyInit;
  } else if (typeof options.body === "string") {
    // raw text: sent as JSON unless the test says otherwise (malformed-JSON cases)
    body = options.body;
    if (!headers.has("content-type")) headers.set("content-type", "application/json");
  } else if (options.body !== undefined) {
    body = JSON.stringify(options.body);
    if (!headers.has("content-type")) headers.set("content-type", "application/json");
  }
  const request = new Request(url, { method, headers, body });
  const handler = (await route.load())[method] as Handler;
  const response = await handler(request, { params: Promise.resolve(params) });
  const text = await response.text();
  let parsed: unknown;
  try {
    parsed = text ? JSON.parse(text) : undefined;
  } catch {
    parsed = text;
  }
  return { status: response.status, headers: response.headers, body: parsed as T, text };
}
