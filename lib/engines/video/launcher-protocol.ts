// The messages between launcher.ts (the service) and launcher-child.ts (its helper process).

export type LauncherRequest =
  { type: "run"; id: number; command: string; args: string[]; stderrTail: number } | { type: "kill"; id: number };

export type LauncherReply =
  | { type: "exit"; id: number; code: number | null; signal: NodeJS.Signals | null; stdout: Uint8Array; stderr: string }
  | { type: "error"; id: number; message: string; code?: string };
