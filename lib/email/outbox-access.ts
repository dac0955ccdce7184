import { clientIp } from "@/lib/api/client-ip";
import { env } from "@/lib/env";

const LOOPBACK = /^(127\.\d+\.\d+\.\d+|::1)$/;

/**
 * The outbox holds live one-time codes, so it is shown only when mail is not really sent (no SMTP_URL) and
 * only to a browser on this machine (the socket address, not a header a client could forge).
 */
export function canSeeOutbox(headers: Headers): boolean {
  if (env().SMTP_URL) return false;
  const ip = clientIp(headers);
  return Boolean(ip && LOOPBACK.test(ip));
}
