import Link from "next/link";
import { WebhookEndpointForm } from "@/components/dashboard/webhook-forms";
import { requireMember } from "@/lib/auth/current-member";
import { listWebhookEndpoints } from "@/lib/domain/webhooks/manage-webhook-endpoints";
import { createWebhookEndpointAction } from "@/lib/actions/webhooks/webhook-actions";
import styles from "@/components/dashboard/dashboard.module.css";

export const metadata = { title: "Webhooks" };

export default async function WebhooksPage() {
  const member = await requireMember("manageWebhooks");
  const endpoints = await listWebhookEndpoints(member);
  return (
    <>
      <h1>Webhooks</h1>
      <section className={styles.panel}>
        <h2>Endpoints</h2>
        {endpoints.length ? (
          <table className={styles.table}>
            <thead>
              <tr>
                <th>URL</th>
                <th>Events</th>
                <th>Status</th>
                <th>Last delivery</th>
              </tr>
            </thead>
            <tbody>
              {endpoints.map((e) => (
                <tr key={e.id}>
                  <td>
                    <Link href={`/dashboard/webhooks/${e.id}`}>{e.url}</Link>
                    {e.mode === "test" ? <span className={styles.badge}>test</span> : null}
                  </td>
                  <td>{e.events.length ? e.events.join(", ") : "every event"}</td>
                  <td>
                    <span className={styles.badge}>{e.enabled ? "enabled" : "disabled"}</span>
                  </td>
                  <td>
                    {e.lastDelivery ? (
                      <>
                        <span className={`${styles.badge} ${styles[e.lastDelivery.status]}`}>
                          {e.lastDelivery.status.toLowerCase()}
                        </span>{" "}
                        {e.lastDelivery.createdAt.toISOString().slice(0, 16).replace("T", " ")} UTC
                      </>
                    ) : (
                      "—"
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        ) : (
          <p className={styles.muted}>No endpoints yet.</p>
        )}
      </section>
      <h2>Add an endpoint</h2>
      <WebhookEndpointForm action={createWebhookEndpointAction} submitLabel="Add endpoint" />
    </>
  );
}
