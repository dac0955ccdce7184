import "server-only";
import { randomUUID } from "node:crypto";
import { z } from "zod";
import type { KeyRider } from "@/lib/auth/api-keys/key-rider";
import { authenticate, type ApiKeyPrincipal, type Principal } from "@/lib/http/authenticate";
import { clientIp } from "@/lib/http/client-ip";
import { errorBody } from "@/lib/http/errors";
import { DomainError } from "@/lib/core/errors";
import { parseWith } from "@/lib/http/body";
import { rateLimitHeaders } from "@/lib/http/rate-limit";
import { consumeRateLimit, rateLimitState, type RateLimitState } from "@/lib/core/rate-limit";
import { env } from "@/lib/core/env";
import type { Scope } from "@/lib/auth/api-keys/scopes";
import { currentRequestId } from "@/lib/core/observability/core";
import { log } from "@/lib/core/observability/logger";

type AuthMode =
  | {
      scope: Scope;
      allowSession?: boolean;
      /** a read to run in the key's own statement (lib/http/authenticate.ts, KeyRider), from the raw path params */
      rider?: (params: Record<string, string | string[] | undefined>) => KeyRider | null;
    }
  | "public";

type RouteContext = { params: Promise<Record<string, string | string[] | undefined>> };

export type HandlerContext<P, Q, A extends AuthMode> = {
  request: Request;
  params: P;
  query: Q;
  /** narrowed by the route's config: none for public routes, an API key unless the route allows sessions */
  principal: A extends "public" ? null : A extends { allowSession: boolean } ? Principal : ApiKeyPrincipal;
  ip: string | null;
};

/**
 * The one wrapper every /api/v1 route goes through: authenticate (key + client id + scope, or a session token),
 * rate-limit in PostgreSQL, validate path and query with zod, map errors to `{error, message, details?}`.
 * The body is read by the handler (JSON or multipart) with lib/http/body.ts.
 */
export function apiRoute<
  PS extends z.ZodType = z.ZodUnknown,
  QS extends z.ZodType = z.ZodUnknown,
  A extends AuthMode = AuthMode,
>(
  config: { auth: A; params?: PS; query?: QS },
  handle: (ctx: HandlerContext<z.output<PS>, z.output<QS>, A>) => Promise<Response>,
) {
  return async (request: Request, route?: RouteContext): Promise<Response> => {
    // the id server/http-front.ts gave this request (X-Request-Id), or one of our own when called without it (tests)
    const requestId = currentRequestId() ?? randomUUID();
    const ip = clientIp(request.headers);
    let rate: RateLimitState | undefined;
    let response: Response;
    try {
      let principal: Principal | null = null;
      if (config.auth === "public") {
        rate = await limitOrThrow(`ip:${ip ?? "unknown"}`, env().PUBLIC_RATE_LIMIT_PER_MINUTE);
      } else {
        try {
          principal = await authenticate(request.headers, {
            scope: config.auth.scope,
            allowSession: Boolean(config.auth.allowSession),
            rider: config.auth.rider?.((await route?.params) ?? {}),
          });
        } catch (error) {
          // failed credentials count against the caller's address, so keys cannot be guessed at full speed
          rate = await limitOrThrow(`ip:${ip ?? "unknown"}`, env().PUBLIC_RATE_LIMIT_PER_MINUTE);
          throw error;
        }
        rate =
          principal.kind === "apiKey"
            ? limitedOrThrow(keyLimit(principal), principal.rate)
            : await limitOrThrow(`session:${principal.verificationId}`, env().SESSION_RATE_LIMIT_PER_MINUTE);
      }
      const rawParams = (await route?.params) ?? {};
      const params = config.params ? parseWith(config.params, rawParams) : rawParams;
      const query = config.query ? parseWith(config.query, Object.fromEntries(new URL(request.url).searchParams)) : {};
      response = await handle({ request, params, query, principal, ip } as HandlerContext<
        z.output<PS>,
        z.output<QS>,
        A
      >);
    } catch (error) {
      response = errorResponse(error, request, requestId);
    }
    response.headers.set("X-Request-Id", requestId);
    if (rate) for (const [name, value] of Object.entries(rateLimitHeaders(rate))) response.headers.set(name, value);
    return response;
  };
}

function keyLimit(principal: ApiKeyPrincipal): number {
  return principal.rateLimitPerMinute ?? env().API_RATE_LIMIT_PER_MINUTE;
}

async function limitOrThrow(key: string, limit: number): Promise<RateLimitState> {
  return throwIfExceeded(await consumeRateLimit(key, limit));
}

/** An API key's bucket was counted by the statement that authenticated it (lib/http/authenticate.ts). */
function limitedOrThrow(limit: number, counted: ApiKeyPrincipal["rate"]): RateLimitState {
  return throwIfExceeded(rateLimitState(limit, counted.count, counted.windowStart, counted.now));
}

function throwIfExceeded(state: RateLimitState): RateLimitState {
  if (state.exceeded) {
    const error = new DomainError(
      "RATE_LIMITED",
      `Too many requests: the limit is ${state.limit} per minute. Retry after ${state.resetSeconds} s.`,
      {
        retryAfter: state.resetSeconds,
      },
    );
    throw Object.assign(error, { rate: state });
  }
  return state;
}

export function errorResponse(error: unknown, request: Request, requestId: string): Response {
  if (error instanceof DomainError) {
    const response = Response.json(errorBody(error), { status: error.status });
    if (error.retryAfter) response.headers.set("Retry-After", String(error.retryAfter));
    const rate = (error as DomainError & { rate?: RateLimitState }).rate;
    if (rate) for (const [name, value] of Object.entries(rateLimitHeaders(rate))) response.headers.set(name, value);
    return response;
  }
  // The client went away mid-request (e.g. while its body was being read): nobody reads this answer; no alarm.
  if (request.signal.aborted || (error as { code?: string })?.code === "ECONNRESET") {
    return Response.json({ error: "VALIDATION_ERROR", message: "The request was aborted." }, { status: 400 });
  }
  // Unknown failure: log what helps an operator (no message text: it may carry personal data), answer generically.
  log("api").error({ requestId, method: request.method, path: new URL(request.url).pathname, err: error }, "failed");
  return Response.json(
    { error: "INTERNAL_ERROR", message: `Something went wrong on our side (request ${requestId}).` },
    { status: 500 },
  );
}

export function json(data: unknown, status = 200): Response {
  return Response.json(data, { status });
}
