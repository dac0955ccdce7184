import "server-only";
import dns from "node:dns";
import http from "node:http";
import https from "node:https";
import { isIP, type LookupFunction } from "node:net";
import { isNonPublicIp } from "@/lib/engines/geo/ip-location";

export type PostOutcome =
  | { kind: "response"; statusCode: number; durationMs: number; excerpt: string }
  | {
      kind: "error";
      error: "timeout" | "network" | "tls" | "refused_address" | "bad_url";
      message: string;
      durationMs: number;
    };

const EXCERPT_BYTES = 1024;

/**
 * POSTs a webhook without ever reaching an internal address: the address is checked at connect time, on the
 * address actually dialled (so a DNS answer that changes between check and use — rebinding — gains nothing).
 * Redirects are not followed (a 3xx is a failed attempt). The whole exchange is bounded by `timeoutMs`.
 */
export function postJson(
  url: string,
  body: string,
  headers: Record<string, string>,
  options: { timeoutMs: number; allowPrivate: boolean },
): Promise<PostOutcome> {
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  let target: URL;
  try {
    target = new URL(url);
    if (target.protocol !== "http:" && target.protocol !== "https:") throw new Error("protocol");
  } catch {
    return Promise.resolve({ kind: "error", error: "bad_url", message: "not an http(s) URL", durationMs: 0 });
  }
  const refused = refusedLiteral(target, options.allowPrivate);
  if (refused) return Promise.resolve({ ...refused, durationMs: 0 });
  const lookup = guardedLookup(options.allowPrivate);

  return new Promise((resolve) => {
    let settled = false;
    const finish = (outcome: PostOutcome) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve(outcome);
    };
    const client = target.protocol === "https:" ? https : http;
    const request = client.request(
      target,
      { method: "POST", headers: { ...headers, "content-length": Buffer.byteLength(body) }, lookup, agent: false },
      (response) => {
        const chunks: Buffer[] = [];
        let size = 0;
        response.on("data", (chunk: Buffer) => {
          if (size < EXCERPT_BYTES) chunks.push(chunk);
          size += chunk.length;
          if (size >= EXCERPT_BYTES) response.destroy();
        });
        const done = () =>
          finish({
            kind: "response",
            statusCode: response.statusCode ?? 0,
            durationMs: elapsed(),
            excerpt: Buffer.concat(chunks).subarray(0, EXCERPT_BYTES).toString("utf8"),
          });
        response.on("end", done);
        response.on("close", done);
        response.on("error", done);
      },
    );
    const timer = setTimeout(() => {
      request.destroy(
        Object.assign(new Error(`no answer within ${options.timeoutMs} ms`), { code: "ETIMEDOUT_WEBHOOK" }),
      );
    }, options.timeoutMs);
    request.on("error", (error: NodeJS.ErrnoException) => {
      const code = error.code ?? "";
      const kind = errorKind(error, "ETIMEDOUT_WEBHOOK");
      finish({
        kind: "error",
        error: kind,
        message: `${code} ${error.message}`.trim().slice(0, 300),
        durationMs: elapsed(),
      });
    });
    request.end(body);
  });
}

/** A URL whose host is itself a non-public IP literal is refused before any connection. */
function refusedLiteral(target: URL, allowPrivate: boolean) {
  const host = target.hostname.replace(/^\[|\]$/g, "");
  if (allowPrivate || !isIP(host) || !isNonPublicIp(host)) return null;
  return { kind: "error" as const, error: "refused_address" as const, message: `${host} is not a public address` };
}

/** The DNS lookup of every request here: the addresses actually dialled are checked (no rebinding between the two). */
function guardedLookup(allowPrivate: boolean): LookupFunction {
  return (hostname, lookupOptions, callback) => {
    dns.lookup(hostname, { ...lookupOptions, all: true }, (error, addresses) => {
      if (error) return callback(error, "", 0);
      const list = addresses as dns.LookupAddress[];
      const refused = allowPrivate ? undefined : list.find((a) => isNonPublicIp(a.address));
      if (refused) {
        return callback(
          Object.assign(new Error(`${hostname} resolves to the non-public address ${refused.address}`), {
            code: "EREFUSEDADDRESS",
          }),
          "",
          0,
        );
      }
      if ((lookupOptions as { all?: boolean }).all)
        return (callback as unknown as (e: null, a: dns.LookupAddress[]) => void)(null, list);
      callback(null, list[0]!.address, list[0]!.family);
    });
  };
}

function errorKind(error: NodeJS.ErrnoException, timeoutCode: string) {
  const code = error.code ?? "";
  return code === timeoutCode
    ? ("timeout" as const)
    : code === "EREFUSEDADDRESS"
      ? ("refused_address" as const)
      : /CERT|SSL|TLS|SELF_SIGNED|UNABLE_TO_VERIFY|ERR_TLS/i.test(code + error.message)
        ? ("tls" as const)
        : ("network" as const);
}

export type GetOutcome =
  | { kind: "response"; statusCode: number; bytes: Uint8Array }
  | {
      kind: "error";
      error: "timeout" | "network" | "tls" | "refused_address" | "bad_url" | "too_large";
      message: string;
    };

/**
 * GETs a small document (a credential's status list, issue 34) with the same guard as the webhooks: no internal
 * address, checked on the address dialled; https only unless allowPrivate (tests); no redirects; at most `maxBytes`;
 * the whole exchange bounded by `timeoutMs`.
 */
export function getBytes(
  url: string,
  options: { timeoutMs: number; maxBytes: number; allowPrivate: boolean },
): Promise<GetOutcome> {
  let target: URL;
  try {
    target = new URL(url);
    const allowed = options.allowPrivate ? ["http:", "https:"] : ["https:"];
    if (!allowed.includes(target.protocol)) throw new Error("protocol");
  } catch {
    return Promise.resolve({ kind: "error", error: "bad_url", message: "not an https URL" });
  }
  const refused = refusedLiteral(target, options.allowPrivate);
  if (refused) return Promise.resolve(refused);
  const lookup = guardedLookup(options.allowPrivate);
  return new Promise((resolve) => {
    let settled = false;
    const finish = (outcome: GetOutcome) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve(outcome);
    };
    const client = target.protocol === "https:" ? https : http;
    const request = client.request(target, { method: "GET", lookup, agent: false }, (response) => {
      const chunks: Buffer[] = [];
      let size = 0;
      response.on("data", (chunk: Buffer) => {
        size += chunk.length;
        if (size > options.maxBytes) {
          finish({ kind: "error", error: "too_large", message: `over ${options.maxBytes} bytes` });
          response.destroy();
          return;
        }
        chunks.push(chunk);
      });
      response.on("end", () =>
        finish({
          kind: "response",
          statusCode: response.statusCode ?? 0,
          bytes: new Uint8Array(Buffer.concat(chunks)),
        }),
      );
      response.on("error", (error) =>
        finish({ kind: "error", error: "network", message: error.message.slice(0, 300) }),
      );
    });
    const timer = setTimeout(() => {
      request.destroy(Object.assign(new Error(`no answer within ${options.timeoutMs} ms`), { code: "ETIMEDOUT_GET" }));
    }, options.timeoutMs);
    request.on("error", (error: NodeJS.ErrnoException) =>
      finish({
        kind: "error",
        error: errorKind(error, "ETIMEDOUT_GET"),
        message: `${error.code ?? ""} ${error.message}`.trim().slice(0, 300),
      }),
    );
    request.end();
  });
}
