// Test-only: calls a real route handler in-process, with a request shaped like the one our server builds
// (server/http-front.ts stamps the peer address, signed with its per-process secret: lib/http/client-ip.ts).
// Each test imports the route modules it exercises and names each one's path pattern once with `route()`, so a
// test reads as the HTTP call it makes and no list of every route has to be kept in step with app/.
import { stampHeaders } from "@/lib/http/client-ip";

type Handler = (request: Request, context: { params: Promise<Record<string, string>> }) => Promise<Response>;
type RouteModule = Partial<Record<"GET" | "POST" | "PUT" | "PATCH" | "DELETE", Handler>>;

export type Route = { pattern: string; module: RouteModule; matcher: RegExp; names: string[] };

/**
 * One route module under its Next.js path pattern, e.g.
 * `route("/api/v1/verifications/[verificationId]/status", statusModule)`: `[name]` segments become the params.
 */
export function route(pattern: string, module: RouteModule): Route {
  const names: string[] = [];
  const source = pattern
    .split("/")
    .map((segment) => {
      const param = /^\[(\w+)\]$/.exec(segment);
      if (!param) return segment.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
      names.push(param[1]!);
      return "([^/]+)";
    })
    .join("/");
  return { pattern, module, matcher: new RegExp(`^${source}$`), names };
}

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

/** Calls `target`'s handler for `path` (which must match its pattern; a query string is passed on). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- as above
export async function call<T = any>(target: Route, path: string, options: CallOptions = {}): Promise<ApiResponse<T>> {
  const method = options.method ?? (options.body === undefined ? "GET" : "POST");
  const url = new URL(path, "http://localhost:3000");
  const match = target.matcher.exec(url.pathname);
  if (!match) throw new Error(`${url.pathname} does not match the route ${target.pattern}`);
  const handler = target.module[method as keyof RouteModule];
  if (!handler) throw new Error(`${target.pattern} has no ${method} handler`);
  const params = Object.fromEntries(target.names.map((name, i) => [name, decodeURIComponent(match[i + 1]!)]));

  const response = await handler(new Request(url, { method, ...requestInit(options) }), {
    params: Promise.resolve(params),
  });
  const text = await response.text();
  let parsed: unknown;
  try {
    parsed = text ? JSON.parse(text) : undefined;
  } catch {
    parsed = text;
  }
  return { status: response.status, headers: response.headers, body: parsed as T, text };
}

function requestInit(options: CallOptions): { headers: Headers; body: BodyInit | undefined } {
  const headers = new Headers(options.headers);
  for (const [name, value] of Object.entries(
    stampHeaders(options.ip ?? "203.0.113.7", headers.get("x-forwarded-for") ?? ""),
  ))
    headers.set(name, value);
  if (options.token !== undefined) headers.set("authorization", `Bearer ${options.token}`);
  if (options.clientId !== undefined) headers.set("x-client-id", options.clientId);
  if (options.body instanceof FormData || options.body instanceof Uint8Array)
    return { headers, body: options.body as BodyInit };
  if (options.body === undefined) return { headers, body: undefined };
  if (!headers.has("content-type")) headers.set("content-type", "application/json");
  // a string is raw text, sent as JSON unless the test says otherwise (malformed-JSON cases)
  return { headers, body: typeof options.body === "string" ? options.body : JSON.stringify(options.body) };
}
