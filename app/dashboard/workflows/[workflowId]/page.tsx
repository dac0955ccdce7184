import Link from "next/link";
import { notFound } from "next/navigation";
import { ActionButton } from "@/components/dashboard/action-button";
import { CopyField } from "@/components/dashboard/copy-button";
import { WorkflowBuilder } from "@/components/dashboard/workflow-builder";
import { allCountries } from "@/lib/shared/countries";
import { automationTable } from "@/lib/domain/flows/document-types/catalog";
import { requireMember } from "@/lib/auth/current-member";
import { workflowDetail } from "@/lib/domain/flows/list-workflows";
import { NotFoundError } from "@/lib/core/errors";
import { workflowVerifyUrl } from "@/lib/domain/verifications/verify-url";
import { PROCESS_LABELS } from "@/lib/shared/process-labels";
import type { ProcessType } from "@/lib/shared/process-types";
import { SignedLinkForm } from "@/components/dashboard/signed-link-form";
import {
  duplicateWorkflowAction,
  mintSignedLinkAction,
  saveWorkflowAction,
  setWorkflowArchivedAction,
} from "@/lib/actions/flows/workflow-actions";
import styles from "@/components/dashboard/dashboard.module.css";

export const metadata = { title: "Workflow" };

async function detailOrNotFound(...args: Parameters<typeof workflowDetail>) {
  try {
    return await workflowDetail(...args);
  } catch (error) {
    if (error instanceof NotFoundError) notFound();
    throw error;
  }
}

export default async function WorkflowPage({ params }: { params: Promise<{ workflowId: string }> }) {
  const member = await requireMember("manageWorkflows");
  const workflow = await detailOrNotFound(member, (await params).workflowId);
  const when = (d: Date) => `${d.toISOString().slice(0, 16).replace("T", " ")} UTC`;
  return (
    <>
      <p className={styles.muted}>
        <Link href="/dashboard/workflows">Workflows</Link> /
      </p>
      <div className={styles.row} style={{ justifyContent: "space-between" }}>
        <h1>
          {workflow.name} {workflow.archived ? <span className={styles.badge}>archived</span> : null}
        </h1>
        <span className={styles.row}>
          <ActionButton label="Duplicate" action={duplicateWorkflowAction.bind(null, workflow.id)} />
          {workflow.archived ? (
            <ActionButton label="Unarchive" action={setWorkflowArchivedAction.bind(null, workflow.id, false)} />
          ) : (
            <ActionButton
              variant="danger"
              label="Archive"
              confirm="Archive this workflow? It will start no new verifications; those in progress finish."
              action={setWorkflowArchivedAction.bind(null, workflow.id, true)}
            />
          )}
        </span>
      </div>

      <section className={styles.panel} aria-label="Identifiers">
        <div className={styles.field}>
          <span className={styles.muted}>flowId (current version v{workflow.currentVersion})</span>
          <CopyField value={workflow.id} label="flowId" />
        </div>
        {workflow.definition.acceptUnsignedLinks ? (
          <div className={styles.field}>
            <span className={styles.muted}>
              Verify link for client id {member.clientId}: each visit starts a new verification
              {workflow.archived ? " (not while archived)" : ""}. Anyone can append metadata to it; from an unsigned
              link, userId and email are dropped, a redirectUrl must be on the allowed hosts (Settings), and the
              verification says linkSigned: false
            </span>
            <CopyField value={workflowVerifyUrl(workflow.id, member.clientId)} label="verify link" />
          </div>
        ) : (
          <p className={styles.muted}>
            This workflow accepts signed links only (Edit → Settings → Accept unsigned links): create one below or with
            POST /api/v1/workflows/{"{id}"}/links.
          </p>
        )}
        {workflow.archived ? null : <SignedLinkForm action={mintSignedLinkAction.bind(null, workflow.id)} />}
      </section>

      <h2>Edit</h2>
      <p className={styles.muted}>
        Saving publishes version {workflow.currentVersion + 1}; verifications already started keep the version they
        began with.
      </p>
      <WorkflowBuilder
        workflowId={workflow.id}
        initial={workflow.definition}
        countries={allCountries().map(({ code, name }) => ({ code, name }))}
        automation={automationTable()}
        save={saveWorkflowAction}
      />

      <section className={styles.panel}>
        <h2>What the end user is asked for (v{workflow.currentVersion})</h2>
        <table className={styles.table}>
          <thead>
            <tr>
              <th>Step</th>
              <th>Input</th>
              <th>Type</th>
              <th>Required</th>
              <th>Description</th>
            </tr>
          </thead>
          <tbody>
            {workflow.inputs.map((input) => (
              <tr key={input.fieldName}>
                <td>
                  {input.group + 1}. {PROCESS_LABELS[workflow.definition.processes[input.group] as ProcessType]}
                </td>
                <td>
                  <span className={styles.code}>{input.fieldName}</span>
                </td>
                <td>{input.fieldType}</td>
                <td>
                  {input.optional
                    ? input.fieldName === "DOCUMENT_BACK"
                      ? "when the document has a back"
                      : "optional"
                    : "required"}
                </td>
                <td>
                  {input.description}
                  {typeof input.data?.instruction === "string" ? (
                    <div className={styles.muted}>“{input.data.instruction}”</div>
                  ) : null}
                  {typeof input.data?.statement === "string" ? (
                    <div className={styles.muted}>“{input.data.statement}”</div>
                  ) : null}
                  {Array.isArray(input.data?.options) ? (
                    <div className={styles.muted}>
                      {(input.data.options as string[]).length} options
                      {(input.data.options as string[]).length <= 12
                        ? `: ${(input.data.options as string[]).join(", ")}`
                        : ""}
                    </div>
                  ) : null}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
        {workflow.inputs.length === 0 ? (
          <p className={styles.muted}>No inputs: every step runs on data the workflow already has.</p>
        ) : null}
      </section>

      <section className={styles.panel}>
        <h2>Version history</h2>
        <table className={styles.table}>
          <thead>
            <tr>
              <th>Version</th>
              <th>Published</th>
              <th>Processes</th>
              <th>Settings</th>
              <th>Decision rules</th>
              <th>Verifications pinned</th>
            </tr>
          </thead>
          <tbody>
            {workflow.versions.map((v) => (
              <tr key={v.version}>
                <td>
                  v{v.version} {v.isCurrent ? <span className={styles.badge}>current</span> : null}
                </td>
                <td>{when(v.createdAt)}</td>
                <td>{v.processes.map((p) => PROCESS_LABELS[p as ProcessType] ?? p).join(" → ")}</td>
                <td>{v.settingCount}</td>
                <td>{v.ruleCount}</td>
                <td>{v.verifications}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </section>
    </>
  );
}
