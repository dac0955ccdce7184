import type { AsyncLocalStorage } from "node:async_hooks";
import type { Logger } from "pino";
import type client from "prom-client";

export declare const REDACTED_PATHS: string[];
export declare function rootLogger(): Logger;
export declare function setLogDestination(stream: { write(line: string): void } | undefined): void;
export declare function errorFields(error: unknown): { name: string; code?: string; frames?: string[] };
export declare function requestContext(): AsyncLocalStorage<{ requestId: string }>;
export declare function currentRequestId(): string | null;
export declare function withRequestId<T>(requestId: string | null | undefined, fn: () => T): T;
export declare function metric<M>(
  // each prom-client metric class takes its own configuration type
  Kind: new (config: never) => M,
  config: { name: string; help: string } & Record<string, unknown>,
): M;
export declare const promClient: typeof client;
export declare function routeLabel(pathname: string): string;
export declare function httpMetrics(): {
  requests: client.Counter<"method" | "route" | "status">;
  duration: client.Histogram<"method" | "route" | "status">;
  rateLimited: client.Counter<"route">;
};
export declare function onShutdown(name: string, order: number, fn: (deadline: number) => Promise<void> | void): void;
export declare function isShuttingDown(): boolean;
export declare function markShuttingDown(): void;
export declare function runShutdownHooks(deadline: number): Promise<void>;
export declare function shutdownGraceMs(): number;
