import "server-only";
import { existsSync } from "node:fs";
import { createRequire } from "node:module";
import os from "node:os";
import path from "node:path";
import { Worker } from "node:worker_threads";
import { setting } from "@/lib/core/env";
import type { PipelineResult } from "./human-pipeline";
import type { PoolAsk, PoolImage, PoolReply } from "./face-pool-protocol";

// The face models' worker pool (issue 35): onnxruntime-node's session.run blocks the thread it is called on, so the
// frames of a video awaited together still run one after the other. FACE_WORKERS threads ("auto": one per core; 0,
// the default, runs no pool: on 2 cores it made the full KYC ~9 % faster for ~0.36 GB, docs/benchmarks.md), each
// with its own sessions (face-worker.ts), answer "detect this frame" and "describe this face" with the functions
// this thread would run, so the answers are the same; under FACE_RUNTIME=onnx-exact the caller (human-engine.ts) keeps
// the hand-over to Human on TF.js, which only this thread loads. Started warm with the engine (warmFaceEngine), not per verification. A worker
// that dies fails its requests with FacePoolError and leaves the pool; the caller answers those on its own thread,
// as it does when the pool is closed or cannot start (no tsx to load the worker's source: facePoolStatus says why).

/** The pool cannot answer (closed, its worker died, or it never started): the caller answers on its own thread. */
export class FacePoolError extends Error {
  override name = "FacePoolError";
}

type Pending = { resolve: (value: unknown) => void; reject: (error: Error) => void };
type Slot = { worker: Worker; pending: Map<number, Pending>; alive: boolean };

export type FacePool = {
  size(): number;
  warm(): Promise<void>;
  detect(image: PoolImage, stopNearEdge?: boolean): Promise<PipelineResult>;
  describe(
    image: PoolImage,
    box: readonly [number, number, number, number],
    boxScale: number,
    refine: boolean,
  ): Promise<number[] | null>;
  close(): Promise<void>;
};

/** The worker's source, from the app root at run time (like the models: the server build rewrites literal paths). */
export function faceWorkerFile(): string {
  return path.join(process.cwd(), "lib", "engines", "faces", "face-worker.ts");
}

/** How many workers: FACE_WORKERS (0 by default: docs/benchmarks.md "Liveness" has why), "auto" = the cores. */
export function facePoolSize(): number {
  const workers = setting("FACE_WORKERS");
  return workers === "auto" ? os.availableParallelism() : workers;
}

/** Starts `size` workers on the worker source (tsx loads the TypeScript, with the server's react-server condition). */
export function createFacePool(size: number, file = faceWorkerFile()): FacePool {
  // tsx's require hook (as `npm start` and `npm run worker` load the server), resolved from the app root: it throws
  // here when tsx is not installed. A worker's own --import hooks do not apply to its entry file on Node 20, so the
  // entry is a line of CommonJS that installs the hook and requires the TypeScript source.
  const hook = createRequire(path.join(process.cwd(), "package.json")).resolve("tsx/cjs");
  const entry = `require(${JSON.stringify(hook)}); require(${JSON.stringify(file)});`;
  let nextId = 1;
  let closed = false;
  const slots: Slot[] = [];
  const fail = (slot: Slot, why: string) => {
    slot.alive = false;
    for (const { reject } of slot.pending.values()) reject(new FacePoolError(why));
    slot.pending.clear();
  };
  for (let i = 0; i < size; i++) {
    const worker = new Worker(entry, { eval: true, execArgv: ["--conditions=react-server"] });
    const slot: Slot = { worker, pending: new Map(), alive: true };
    worker.on("message", (reply: PoolReply) => {
      const waiting = slot.pending.get(reply.id);
      if (!waiting) return;
      slot.pending.delete(reply.id);
      if (!slot.pending.size) worker.unref();
      if (reply.ok) waiting.resolve(reply.value);
      else waiting.reject(new Error(`face worker: ${reply.error}`));
    });
    worker.on("error", (error) => fail(slot, `a face worker failed: ${error.message}`));
    worker.on("exit", (code) => fail(slot, `a face worker exited (code ${code})`));
    // an idle pool never keeps a script's process alive (a busy one does: send refs it): after the listeners, since
    // adding one refs the port again
    worker.unref();
    slots.push(slot);
  }
  const send = <T>(request: PoolAsk, slot?: Slot): Promise<T> => {
    if (closed) return Promise.reject(new FacePoolError("the face pool is closed"));
    const alive = slots.filter((s) => s.alive);
    // the least busy worker: requests sent together spread over the cores
    const to = slot ?? alive.sort((a, b) => a.pending.size - b.pending.size)[0];
    if (!to?.alive) return Promise.reject(new FacePoolError("no face worker is running"));
    const id = nextId++;
    return new Promise<T>((resolve, reject) => {
      if (!to.pending.size) to.worker.ref();
      to.pending.set(id, { resolve: resolve as (value: unknown) => void, reject });
      to.worker.postMessage({ ...request, id });
    });
  };
  return {
    size: () => slots.filter((s) => s.alive).length,
    async warm() {
      // a worker that cannot start has left the pool (its error is in FacePoolError's message): not fatal here
      const started = await Promise.allSettled(slots.filter((s) => s.alive).map((s) => send({ kind: "warm" }, s)));
      const failed = started.find((r) => r.status === "rejected");
      if (failed && !slots.some((s) => s.alive)) status = `off: ${(failed.reason as Error).message}`;
    },
    detect: (image, stopNearEdge = true) => send<PipelineResult>({ kind: "detect", image, stopNearEdge }),
    describe: (image, box, boxScale, refine) =>
      send<number[] | null>({ kind: "describe", image, box, boxScale, refine }),
    async close() {
      closed = true;
      await Promise.all(slots.map((s) => s.worker.terminate()));
    },
  };
}

let shared: FacePool | null | undefined;
let status = "not started";

/** The process's pool (started on first use, FACE_WORKERS workers), or null: FACE_WORKERS=0, or it cannot start. */
export function facePool(): FacePool | null {
  if (shared !== undefined) return shared?.size() ? shared : null;
  const size = facePoolSize();
  if (size === 0) {
    status = "off (FACE_WORKERS=0)";
    return (shared = null);
  }
  if (!existsSync(faceWorkerFile())) {
    status = `off: ${faceWorkerFile()} is not there to load`;
    return (shared = null);
  }
  try {
    shared = createFacePool(size);
    status = `${size} workers`;
  } catch (error) {
    status = `off: ${(error as Error).message}`;
    shared = null;
  }
  return shared?.size() ? shared : null;
}

/** Why the pool runs or not, for the engine's start log and the benchmarks. */
export function facePoolStatus(): string {
  return status;
}

/** Stops the workers; later requests are answered on the calling thread (a new pool is not started). */
export async function closeFacePool(): Promise<void> {
  const pool = shared;
  shared = null;
  status = "closed";
  await pool?.close();
}
