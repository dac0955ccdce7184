import { env } from "@/lib/core/env";

/** Which mail /outbox may show: every mail, one account's, or none (404). */
export type OutboxScope = { all: true } | { all: false; accountId: string } | null;

/**
 * The outbox holds live one-time codes, so it exists only when mail is not really sent (no SMTP_URL), and it is
 * never opened by an address from a header: it needs a dashboard session (and shows that account's mail only), or
 * OUTBOX_ENABLED=true for a local demo where whoever reaches the server may read it.
 */
export function outboxScope(member: { accountId: string } | null): OutboxScope {
  const config = env();
  if (config.SMTP_URL) return null;
  if (config.OUTBOX_ENABLED) return { all: true };
  return member ? { all: false, accountId: member.accountId } : null;
}
