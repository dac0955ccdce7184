"use client";
import { useCallback, useEffect, useRef } from "react";
import type { QualityRequest, QualityResponse } from "@/components/verify/capture/quality/quality-protocol";

export type JudgeResult = Extract<QualityResponse, { ok: true }>;

/**
 * The quality worker, started on first use and ended with the component. `judge` resolves to null when the
 * browser has no Worker/OffscreenCanvas or the worker fails: the page then takes the photo unjudged (the server
 * still examines it), rather than blocking anyone on a judgement it cannot make.
 */
export function useQualityJudge() {
  const worker = useRef<Worker | null>(null);
  const broken = useRef(false);
  const pending = useRef(new Map<number, (result: JudgeResult | null) => void>());
  const nextId = useRef(1);

  useEffect(
    () => () => {
      worker.current?.terminate();
      worker.current = null;
      for (const resolve of pending.current.values()) resolve(null);
      pending.current.clear();
    },
    [],
  );

  const judge = useCallback((request: Omit<QualityRequest, "id">): Promise<JudgeResult | null> => {
    if (broken.current || typeof Worker === "undefined" || typeof OffscreenCanvas === "undefined") {
      if (request.picture instanceof ImageBitmap) request.picture.close();
      return Promise.resolve(null);
    }
    if (!worker.current) {
      try {
        worker.current = new Worker(new URL("./quality.worker.ts", import.meta.url), { type: "module" });
      } catch {
        broken.current = true;
        return Promise.resolve(null);
      }
      worker.current.onmessage = (event: MessageEvent<QualityResponse>) => {
        const resolve = pending.current.get(event.data.id);
        pending.current.delete(event.data.id);
        resolve?.(event.data.ok ? event.data : null);
      };
      worker.current.onerror = () => {
        broken.current = true;
        for (const resolve of pending.current.values()) resolve(null);
        pending.current.clear();
      };
    }
    const id = nextId.current++;
    return new Promise((resolve) => {
      pending.current.set(id, resolve);
      const transfer = request.picture instanceof ImageBitmap ? [request.picture] : [];
      worker.current!.postMessage({ ...request, id } satisfies QualityRequest, transfer);
    });
  }, []);

  return judge;
}
