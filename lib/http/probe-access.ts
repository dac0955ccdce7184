import "server-only";
import { timingSafeEqual } from "node:crypto";
import { env } from "@/lib/core/env";
import { isDirectLoopback } from "@/lib/http/client-ip";

// Who may read what the operator's monitoring reads. "Direct loopback" (a TCP peer on this machine that no proxy
// forwarded) is not proof of being the operator: a reverse proxy on the same host that adds no X-Forwarded-For
// (nginx's default) makes every visitor look like one. So in production the metrics want METRICS_TOKEN (or the
// operator's explicit METRICS_PUBLIC=true); the probes' details, which say less, also go to direct loopback clients
// (a container's own health check).

/** The request carries METRICS_TOKEN as its bearer token. */
export function hasMonitoringToken(headers: Headers): boolean {
  const token = env().METRICS_TOKEN;
  if (!token) return false;
  const given = Buffer.from(/^Bearer (.+)$/i.exec(headers.get("authorization") ?? "")?.[1] ?? "");
  const expected = Buffer.from(token);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/**
 * GET /api/metrics: METRICS_PUBLIC=true answers everyone; with METRICS_TOKEN only its bearer; without a token only
 * direct loopback clients, and in production nobody (a same-host proxy cannot be told apart from loopback).
 */
export function canReadMetrics(headers: Headers): boolean {
  const config = env();
  if (config.METRICS_PUBLIC) return true;
  if (config.METRICS_TOKEN) return hasMonitoringToken(headers);
  if (config.NODE_ENV === "production") return false;
  return isDirectLoopback(headers);
}

/** GET /api/health and /api/ready: the parts, versions and failing names, or only the status. */
export function canReadProbeDetails(headers: Headers): boolean {
  return hasMonitoringToken(headers) || isDirectLoopback(headers);
}
