import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { sendInputs } from "./hosted-api";

// The hosted page's uploads meet the service's per-instance cap on large uploads (503 UPLOADS_BUSY, issue 33):
// the end user should not see an error for the service's momentary load.
const busy = () =>
  new Response(JSON.stringify({ error: "UPLOADS_BUSY", message: "busy" }), {
    status: 503,
    headers: { "content-type": "application/json", "Retry-After": "0" },
  });
const ok = () => new Response(JSON.stringify({ status: "success" }), { status: 200 });
const upload = () =>
  sendInputs(
    "vst_x",
    "v1",
    { files: [{ fieldName: "SELFIE_VIDEO", file: new Blob(["x"]), filename: "s.webm" }] },
    true,
  );

// the page waits Retry-After seconds between attempts: fake timers run those waits at once
const settled = async <T>(promise: Promise<T>) => {
  const outcome = promise.then(
    (value) => ({ value }),
    (error: unknown) => ({ error }),
  );
  await vi.runAllTimersAsync();
  return outcome;
};

beforeEach(() => vi.useFakeTimers());
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe("hosted page uploads", () => {
  it("wait and send again while the service answers UPLOADS_BUSY", async () => {
    const fetch = vi.fn().mockResolvedValueOnce(busy()).mockResolvedValueOnce(busy()).mockResolvedValueOnce(ok());
    vi.stubGlobal("fetch", fetch);
    expect(await settled(upload())).toEqual({ value: { status: "success" } });
    expect(fetch).toHaveBeenCalledTimes(3);
  });

  it("give up after a few attempts, and never resend on another error", async () => {
    const always = vi.fn().mockImplementation(async () => busy());
    vi.stubGlobal("fetch", always);
    expect(await settled(upload())).toMatchObject({ error: { status: 503, code: "UPLOADS_BUSY" } });
    expect(always).toHaveBeenCalledTimes(6);

    const refused = vi
      .fn()
      .mockResolvedValue(new Response(JSON.stringify({ error: "CONSENT_REQUIRED", message: "no" }), { status: 409 }));
    vi.stubGlobal("fetch", refused);
    expect(await settled(upload())).toMatchObject({ error: { status: 409 } });
    expect(refused).toHaveBeenCalledTimes(1);
  });
});
