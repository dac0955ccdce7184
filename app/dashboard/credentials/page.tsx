import { ActionButton } from "@/components/dashboard/action-button";
import { CopyField } from "@/components/dashboard/copy-button";
import { CreateApiKeyForm } from "@/components/dashboard/create-api-key-form";
import { clock } from "@/lib/core/clock";
import { requireMember } from "@/lib/auth/current-member";
import { listApiKeys } from "@/lib/auth/api-keys/manage-api-keys";
import { createApiKeyAction, revokeApiKeyAction } from "@/lib/actions/api-keys/api-key-actions";
import styles from "@/components/dashboard/dashboard.module.css";

export const metadata = { title: "API keys" };

const when = (d: Date | null) => (d ? `${d.toISOString().slice(0, 16).replace("T", " ")} UTC` : "—");

export default async function CredentialsPage() {
  const member = await requireMember("manageCredentials");
  const keys = await listApiKeys(member);
  const now = clock.now();
  return (
    <>
      <h1>API keys</h1>
      <section className={styles.panel} aria-label="client id">
        <p className={styles.muted}>
          Client id: send it as <span className={styles.code}>X-CLIENT-ID</span> with every API request, next to a key
          as the bearer token.
        </p>
        <CopyField value={member.clientId} label="client id" />
      </section>
      <CreateApiKeyForm action={createApiKeyAction} />
      <section className={styles.panel}>
        <h2>Keys</h2>
        {keys.length ? (
          <table className={styles.table}>
            <thead>
              <tr>
                <th>Name</th>
                <th>Prefix</th>
                <th>Scopes</th>
                <th>Rate limit</th>
                <th>Created</th>
                <th>Last used</th>
                <th>Expires</th>
                <th>Status</th>
              </tr>
            </thead>
            <tbody>
              {keys.map((k) => {
                const expired = k.expiresAt !== null && k.expiresAt <= now;
                return (
                  <tr key={k.id}>
                    <td>{k.name}</td>
                    <td>
                      <span className={styles.code}>{k.keyPrefix}…</span>
                    </td>
                    <td>{k.scopes.join(", ")}</td>
                    <td>{k.rateLimitPerMinute ? `${k.rateLimitPerMinute}/min` : "default"}</td>
                    <td>{when(k.createdAt)}</td>
                    <td>{when(k.lastUsedAt)}</td>
                    <td>{when(k.expiresAt)}</td>
                    <td>
                      {k.revokedAt ? (
                        <span className={`${styles.badge} ${styles.REVOKED}`} title={when(k.revokedAt)}>
                          revoked {when(k.revokedAt)}
                        </span>
                      ) : (
                        <span className={styles.row}>
                          <span className={`${styles.badge} ${expired ? styles.FAILED : styles.DELIVERED}`}>
                            {expired ? "expired" : "active"}
                          </span>
                          <ActionButton
                            variant="small"
                            label="Revoke"
                            confirm={`Revoke “${k.name}” (${k.keyPrefix}…)? Requests with it fail from now on. This cannot be undone.`}
                            action={revokeApiKeyAction.bind(null, k.id)}
                          />
                        </span>
                      )}
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        ) : (
          <p className={styles.muted}>No keys yet.</p>
        )}
      </section>
    </>
  );
}
