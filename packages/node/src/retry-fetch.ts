// The fetch every call goes through: retries a 429 after its Retry-After, and a network failure when the call is
// idempotent (a read, or a write carrying an Idempotency-Key), with exponential backoff and jitter.

export type RetryOptions = {
  /** retries after the first attempt (default 2) */
  maxRetries: number;
  /** a Retry-After longer than this is not waited for: the RateLimitError is thrown (default 60 s) */
  maxRetryAfterMs: number;
  /** per attempt (default 60 s: uploads of large videos take a while) */
  timeoutMs: number;
  fetch: typeof fetch;
  sleep?: (ms: number) => Promise<void>;
};

const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

function isIdempotent(request: Request): boolean {
  return request.method === "GET" || request.method === "HEAD" || request.headers.has("idempotency-key");
}

function backoffMs(attempt: number): number {
  const base = Math.min(8_000, 500 * 2 ** attempt);
  return base / 2 + Math.random() * (base / 2);
}

export function retryingFetch(options: RetryOptions): (request: Request) => Promise<Response> {
  const sleep = options.sleep ?? wait;
  return async (request) => {
    for (let attempt = 0; ; attempt++) {
      const canRetry = attempt < options.maxRetries;
      let response: Response;
      try {
        // a Request's body can be read once: every attempt sends a copy
        response = await options.fetch(request.clone(), { signal: AbortSignal.timeout(options.timeoutMs) });
      } catch (error) {
        if (!canRetry || !isIdempotent(request)) throw error;
        await sleep(backoffMs(attempt));
        continue;
      }
      if (response.status !== 429 || !canRetry) return response;
      const retryAfterMs = Number(response.headers.get("retry-after") ?? 1) * 1000;
      if (!Number.isFinite(retryAfterMs) || retryAfterMs > options.maxRetryAfterMs) return response;
      await response.body?.cancel().catch(() => undefined);
      await sleep(Math.max(retryAfterMs, 100));
    }
  };
}
