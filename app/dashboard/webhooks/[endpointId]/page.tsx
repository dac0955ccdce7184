import Link from "next/link";
import { notFound } from "next/navigation";
import { ActionButton } from "@/components/dashboard/action-button";
import { CopyField } from "@/components/dashboard/copy-button";
import { RotateSecretButton, WebhookEndpointForm } from "@/components/dashboard/webhook-forms";
import { requireMember } from "@/lib/auth/current-member";
import { NotFoundError } from "@/lib/core/errors";
import { webhookDeliveryLog } from "@/lib/domain/webhooks/webhook-deliveries";
import {
  resendDeliveryAction,
  rotateWebhookSecretAction,
  sendTestWebhookAction,
  updateWebhookEndpointAction,
} from "@/lib/actions/webhooks/webhook-actions";
import styles from "@/components/dashboard/dashboard.module.css";

export const metadata = { title: "Webhook endpoint" };

const when = (d: Date | null) => (d ? `${d.toISOString().slice(0, 19).replace("T", " ")} UTC` : "—");

async function logOrNotFound(...args: Parameters<typeof webhookDeliveryLog>) {
  try {
    return await webhookDeliveryLog(...args);
  } catch (error) {
    if (error instanceof NotFoundError) notFound();
    throw error;
  }
}

export default async function WebhookEndpointPage({ params }: { params: Promise<{ endpointId: string }> }) {
  const member = await requireMember("manageWebhooks");
  const { endpoint, deliveries } = await logOrNotFound(member, (await params).endpointId);
  return (
    <>
      <p className={styles.muted}>
        <Link href="/dashboard/webhooks">Webhooks</Link> /
      </p>
      <h1>{endpoint.url}</h1>
      <section className={styles.panel} aria-label="Endpoint">
        <div className={styles.field}>
          <span className={styles.muted}>Endpoint id</span>
          <CopyField value={endpoint.id} label="endpoint id" />
        </div>
        <div className={styles.row}>
          <ActionButton
            label="Send test event"
            pendingLabel="Sending…"
            action={sendTestWebhookAction.bind(null, endpoint.id)}
          />
          <RotateSecretButton rotate={rotateWebhookSecretAction.bind(null, endpoint.id)} />
        </div>
        <p className={styles.muted}>
          The test event (<span className={styles.code}>webhook_test</span>) goes to this endpoint only, signed and
          retried like any event; it appears in the log below within seconds (reload).
        </p>
      </section>

      <h2>Settings</h2>
      <WebhookEndpointForm
        key={endpoint.updatedAt.toISOString()}
        action={updateWebhookEndpointAction.bind(null, endpoint.id)}
        initial={endpoint}
        submitLabel="Save endpoint"
      />

      <section className={styles.panel}>
        <h2>Deliveries (latest {deliveries.length})</h2>
        {deliveries.length ? (
          <table className={styles.table}>
            <thead>
              <tr>
                <th>Event</th>
                <th>Status</th>
                <th>Attempts</th>
                <th>Next retry</th>
                <th>
                  <span className={styles.srOnly}>Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {deliveries.map((d) => (
                <tr key={d.id}>
                  <td>
                    <span className={styles.code}>{d.event.name}</span>
                    <div className={styles.muted}>{when(d.createdAt)}</div>
                    <div className={styles.muted}>event {d.event.id}</div>
                    {d.event.verificationId ? (
                      <Link href={`/dashboard/verifications/${d.event.verificationId}`}>verification</Link>
                    ) : null}
                  </td>
                  <td>
                    <span className={`${styles.badge} ${styles[d.status]}`}>{d.status.toLowerCase()}</span>
                    {d.deliveredAt ? <div className={styles.muted}>{when(d.deliveredAt)}</div> : null}
                  </td>
                  <td>
                    {d.attemptsLog.length ? (
                      <ol className={styles.attempts}>
                        {d.attemptsLog.map((a) => (
                          <li key={a.id}>
                            {when(a.createdAt)} · {a.statusCode ? `HTTP ${a.statusCode}` : "no response"} ·{" "}
                            {a.durationMs} ms
                            {a.error ? <div className={styles.fieldError}>{a.error}</div> : null}
                            {a.responseExcerpt ? (
                              <pre className={styles.excerpt}>{a.responseExcerpt.slice(0, 500)}</pre>
                            ) : null}
                          </li>
                        ))}
                      </ol>
                    ) : (
                      <span className={styles.muted}>not attempted yet</span>
                    )}
                  </td>
                  <td>{d.status === "PENDING" ? when(d.nextAttemptAt) : "—"}</td>
                  <td>
                    {d.status !== "PENDING" ? (
                      <ActionButton
                        variant="small"
                        label="Resend"
                        action={resendDeliveryAction.bind(null, endpoint.id, d.id)}
                      />
                    ) : null}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        ) : (
          <p className={styles.muted}>No deliveries yet. Send a test event to try the endpoint.</p>
        )}
      </section>
    </>
  );
}
