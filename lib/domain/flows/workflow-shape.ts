import type { WorkflowShape } from "@/lib/domain/flows/inputs";
import { parseSettings } from "@/lib/shared/workflow-settings";

export type VersionRow = {
  processes: string[];
  documentTypes: string[];
  countries: string[];
  settings: { id: number; fieldName: string; type: string; value: string; createdAt: Date; updatedAt: Date }[];
};

/** Prisma select for everything the API needs of a pinned workflow version. */
export const versionSelect = {
  processes: true,
  documentTypes: true,
  countries: true,
  settings: {
    select: { id: true, fieldName: true, type: true, value: true, createdAt: true, updatedAt: true },
    orderBy: { id: "asc" },
  },
} as const;

export function toWorkflowShape(version: VersionRow): WorkflowShape {
  return {
    processes: version.processes,
    documentTypes: version.documentTypes,
    countries: version.countries,
    settings: parseSettings(version.settings),
  };
}

/** Settings as the API shows them (spec "Setting"). */
export function serializeSettings(version: VersionRow) {
  return version.settings.map((s) => ({
    id: s.id,
    createdAt: s.createdAt.toISOString(),
    updatedAt: s.updatedAt.toISOString(),
    value: s.value,
    fieldName: s.fieldName,
    type: s.type,
  }));
}
