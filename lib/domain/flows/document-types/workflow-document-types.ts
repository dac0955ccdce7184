import "server-only";
import { DomainError } from "@/lib/core/errors";
import { isCountryCode } from "@/lib/shared/countries";
import { prisma } from "@/lib/core/db";
import { listDocumentTypes } from "@/lib/domain/flows/document-types/catalog";
import { isUuid } from "@/lib/core/ids";

/**
 * GET /workflows/{workflowId}/document-types?country=&step= — the document types the workflow's current version
 * accepts, optionally for one issuing country. `step` is the index of the DOCUMENT_VERIFICATION step.
 */
export async function workflowDocumentTypes(workflowId: string, query: { country?: string; step?: number }) {
  if (query.country !== undefined && !isCountryCode(query.country)) {
    throw new DomainError(
      "INVALID_COUNTRY_CODE",
      `"${query.country.slice(0, 10)}" is not an ISO 3166-1 alpha-2 country code.`,
    );
  }
  const workflow = isUuid(workflowId)
    ? await prisma.workflow.findFirst({
        where: { id: workflowId, archivedAt: null },
        select: { currentVersion: { select: { processes: true, documentTypes: true, countries: true } } },
      })
    : null;
  if (!workflow?.currentVersion) throw new DomainError("WORKFLOW_NOT_FOUND", "No workflow with this id exists.");
  const { processes, documentTypes, countries } = workflow.currentVersion;

  if (query.step !== undefined && processes[query.step] !== "DOCUMENT_VERIFICATION") {
    throw new DomainError("VALIDATION_ERROR", `Step ${query.step} of this workflow is not DOCUMENT_VERIFICATION.`, {
      details: [
        {
          field: "step",
          message: processes.includes("DOCUMENT_VERIFICATION")
            ? `Document selection happens at step ${processes.indexOf("DOCUMENT_VERIFICATION")}`
            : "This workflow has no DOCUMENT_VERIFICATION step",
        },
      ],
    });
  }
  if (!processes.includes("DOCUMENT_VERIFICATION")) return [];

  const country = query.country?.toUpperCase();
  if (country && countries.length && !countries.includes(country)) return [];
  return listDocumentTypes({ types: documentTypes, countries: country ? [country] : countries });
}
