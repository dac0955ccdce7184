import "server-only";

// Which version of a workflow this process last saw as current, so that a start can skip reading the workflow.
// Never trusted on its own: the start statement (lib/domain/verifications/start-verification.ts) writes only when
// the version is still the workflow's current one, unarchived, of that account, and a start that finds it stale
// reads the workflow again. So a publish or an archive made by any instance takes effect on the next start, as
// before. Bounded, oldest first out.

const MAX_WORKFLOWS = 1000;
const globalCache = globalThis as unknown as { currentVersionCache?: Map<string, string> };

function cache(): Map<string, string> {
  return (globalCache.currentVersionCache ??= new Map());
}

const keyOf = (accountId: string, workflowId: string) => `${accountId}/${workflowId}`;

export function knownCurrentVersion(accountId: string, workflowId: string): string | null {
  return cache().get(keyOf(accountId, workflowId)) ?? null;
}

export function rememberCurrentVersion(accountId: string, workflowId: string, versionId: string): void {
  const versions = cache();
  versions.set(keyOf(accountId, workflowId), versionId);
  if (versions.size > MAX_WORKFLOWS) versions.delete(versions.keys().next().value!);
}

export function forgetCurrentVersion(accountId: string, workflowId: string): void {
  cache().delete(keyOf(accountId, workflowId));
}
