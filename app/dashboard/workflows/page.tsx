import Link from "next/link";
import { ActionButton } from "@/components/dashboard/action-button";
import { requireMember } from "@/lib/auth/current-member";
import { listWorkflows } from "@/lib/domain/flows/list-workflows";
import { PROCESS_LABELS } from "@/lib/shared/process-labels";
import type { ProcessType } from "@/lib/shared/process-types";
import { duplicateWorkflowAction, setWorkflowArchivedAction } from "@/lib/actions/flows/workflow-actions";
import styles from "@/components/dashboard/dashboard.module.css";

export const metadata = { title: "Workflows" };

export default async function WorkflowsPage({ searchParams }: { searchParams: Promise<{ archived?: string }> }) {
  const member = await requireMember("manageWorkflows");
  const archived = (await searchParams).archived === "1";
  const workflows = await listWorkflows(member, { archived });
  return (
    <>
      <div className={styles.row} style={{ justifyContent: "space-between" }}>
        <h1>Workflows</h1>
        <Link href="/dashboard/workflows/new" className={styles.primary} style={{ textDecoration: "none" }}>
          New workflow
        </Link>
      </div>
      <nav className={styles.tabs} aria-label="Workflow filter">
        <Link href="/dashboard/workflows" aria-current={archived ? undefined : "page"}>
          Active
        </Link>
        <Link href="/dashboard/workflows?archived=1" aria-current={archived ? "page" : undefined}>
          Archived
        </Link>
      </nav>
      <section className={styles.panel}>
        {workflows.length ? (
          <table className={styles.table}>
            <thead>
              <tr>
                <th>Name</th>
                <th>Processes</th>
                <th>Version</th>
                <th>Updated</th>
                <th>
                  <span className={styles.srOnly}>Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {workflows.map((w) => (
                <tr key={w.id}>
                  <td>
                    <Link href={`/dashboard/workflows/${w.id}`}>{w.name}</Link>
                  </td>
                  <td>{w.processes.map((p) => PROCESS_LABELS[p as ProcessType] ?? p).join(" → ")}</td>
                  <td>v{w.version ?? "—"}</td>
                  <td>
                    <time dateTime={w.updatedAt.toISOString()}>
                      {w.updatedAt.toISOString().slice(0, 16).replace("T", " ")} UTC
                    </time>
                  </td>
                  <td>
                    <span className={styles.row}>
                      <ActionButton
                        variant="small"
                        label="Duplicate"
                        action={duplicateWorkflowAction.bind(null, w.id)}
                      />
                      {w.archived ? (
                        <ActionButton
                          variant="small"
                          label="Unarchive"
                          action={setWorkflowArchivedAction.bind(null, w.id, false)}
                        />
                      ) : (
                        <ActionButton
                          variant="small"
                          label="Archive"
                          confirm={`Archive “${w.name}”? It will start no new verifications; those in progress finish.`}
                          action={setWorkflowArchivedAction.bind(null, w.id, true)}
                        />
                      )}
                    </span>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        ) : (
          <p className={styles.muted}>
            {archived ? "No archived workflows." : "No workflows yet. Create one to get a flowId and a verify link."}
          </p>
        )}
      </section>
    </>
  );
}
