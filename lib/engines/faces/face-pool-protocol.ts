// The messages between the face pool (face-pool.ts) and its workers (face-worker.ts). Types only.
import type { PipelineResult } from "./human-pipeline";

export type PoolImage = { data: Uint8Array; width: number; height: number };

/** What the pool asks a worker; the request carries an id its reply repeats. */
export type PoolAsk =
  | { kind: "warm" }
  | { kind: "detect"; image: PoolImage; stopNearEdge: boolean }
  | {
      kind: "describe";
      image: PoolImage;
      box: readonly [number, number, number, number];
      boxScale: number;
      refine: boolean;
    };
export type PoolRequest = PoolAsk & { id: number };

export type PoolReply =
  { id: number; ok: true; value: PipelineResult | number[] | null } | { id: number; ok: false; error: string };
