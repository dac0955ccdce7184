import "server-only";
import { prisma } from "@/lib/core/db";
import type { InputField, WorkflowShape } from "@/lib/domain/flows/inputs";
import { buildInputs } from "@/lib/domain/flows/inputs";
import { serializeSettings, toWorkflowShape, versionSelect, type VersionRow } from "@/lib/domain/flows/workflow-shape";

// A workflow version never changes once written (an edit writes a new version; a verification stays pinned to
// the one it started on), so what the API derives from it is computed once per process and kept. Measured
// (bench:api, 2026-11-25): reading the version and its settings cost two Prisma queries per start and per status
// read, and building its input list another ~0.1 ms. Bounded, oldest first out.

export type CachedVersion = {
  row: VersionRow;
  shape: WorkflowShape;
  /** the start response's `inputs` (the spec's list, every field) */
  inputs: InputField[];
  /** the start response's `settings` */
  settings: ReturnType<typeof serializeSettings>;
};

const MAX_VERSIONS = 1000;
const globalCache = globalThis as unknown as { workflowVersionCache?: Map<string, Promise<CachedVersion | null>> };

function cache(): Map<string, Promise<CachedVersion | null>> {
  return (globalCache.workflowVersionCache ??= new Map());
}

async function load(versionId: string): Promise<CachedVersion | null> {
  const row = await prisma.workflowVersion.findUnique({ where: { id: versionId }, select: versionSelect });
  if (!row) return null;
  const shape = toWorkflowShape(row);
  return { row, shape, inputs: buildInputs(shape), settings: serializeSettings(row) };
}

/** The version with this id (null when there is none: nothing is cached for an id that does not exist). */
export async function workflowVersion(versionId: string): Promise<CachedVersion | null> {
  const versions = cache();
  const hit = versions.get(versionId);
  if (hit) return hit;
  const loading = load(versionId);
  versions.set(versionId, loading);
  if (versions.size > MAX_VERSIONS) versions.delete(versions.keys().next().value!);
  const version = await loading.catch((error: unknown) => {
    versions.delete(versionId);
    throw error;
  });
  if (!version) versions.delete(versionId);
  return version;
}
