// Types of prune-install.mjs (a plain Node script: postinstall runs it before any TypeScript tooling is in place).
export type PruneOptions = { platform?: string; arch?: string };
export function pruneTargets(root: string, options?: PruneOptions): string[] | null;
export function prune(root: string, options?: PruneOptions): { targets: number; freedKb: number } | null;
