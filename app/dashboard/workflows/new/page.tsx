import { WorkflowBuilder } from "@/components/dashboard/workflow-builder";
import { allCountries } from "@/lib/shared/countries";
import { automationTable } from "@/lib/domain/flows/document-types/catalog";
import { requireMember } from "@/lib/auth/current-member";
import { saveWorkflowAction } from "@/lib/actions/flows/workflow-actions";

export const metadata = { title: "New workflow" };

export default async function NewWorkflowPage() {
  await requireMember("manageWorkflows");
  return (
    <>
      <h1>New workflow</h1>
      <WorkflowBuilder
        countries={allCountries().map(({ code, name }) => ({ code, name }))}
        automation={automationTable()}
        save={saveWorkflowAction}
      />
    </>
  );
}
