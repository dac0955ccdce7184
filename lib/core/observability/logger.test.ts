import { afterEach, describe, expect, it } from "vitest";
import { captureLogs } from "@/test/capture-logs";
import { currentRequestId, routeLabel, withRequestId } from "@/lib/core/observability/core";
import { log } from "@/lib/core/observability/logger";

let capture: ReturnType<typeof captureLogs>;
afterEach(() => capture?.restore());

describe("the structured logger", () => {
  it("writes one JSON line per call, with the component and the request id of the context", () => {
    capture = captureLogs();
    withRequestId("req-1234", () => log("engine").error({ jobId: "j-1" }, "job failed"));
    expect(capture.parsed()).toEqual([
      expect.objectContaining({
        level: 50,
        component: "engine",
        requestId: "req-1234",
        jobId: "j-1",
        msg: "job failed",
      }),
    ]);
    expect(currentRequestId()).toBeNull();
  });

  it("redacts secrets and personal fields whatever the call site passes, at the top and one level down", () => {
    capture = captureLogs();
    log("api").error(
      {
        authorization: "Bearer sk_live_abc123",
        token: "vst_secret",
        otp: "482913",
        email: "jane@example.com",
        metadata: { reference: "order-42" },
        inputs: [{ value: "742 Evergreen Terrace" }],
        request: { headers: { cookie: "session=abc" }, body: "{}", apiKey: "sk_2" },
        verificationId: "01a2-kept",
      },
      "failed",
    );
    const line = capture.lines.join("");
    for (const leaked of [
      "sk_live_abc123",
      "vst_secret",
      "482913",
      "jane@example.com",
      "order-42",
      "Evergreen",
      "session=abc",
      "sk_2",
    ])
      expect(line).not.toContain(leaked);
    expect(line).toContain("01a2-kept");
    expect(line).toContain("[redacted]");
  });

  it("shows an error's class, code and frames, never its message", () => {
    capture = captureLogs();
    const error = Object.assign(new Error("jane@example.com has\na multi-line message"), { code: "E_X" });
    log("engine").error({ err: error }, "step failed");
    const [line] = capture.parsed();
    expect(line!.err).toMatchObject({ name: "Error", code: "E_X", frames: expect.any(Array) });
    expect(JSON.stringify(line)).not.toContain("jane@example.com");
    expect(JSON.stringify(line)).not.toContain("multi-line");
  });
});

describe("route labels of the HTTP metrics", () => {
  it("replace ids with :id", () => {
    expect(routeLabel("/api/v1/verifications/0193b2c4-7d1e-7a2b-8c3d-4e5f60718293/send-inputs")).toBe(
      "/api/v1/verifications/:id/send-inputs",
    );
    expect(routeLabel("/api/v1/workflows/supported-document-types")).toBe("/api/v1/workflows/supported-document-types");
    expect(routeLabel("/dashboard/verifications/abc123")).toBe("/dashboard/verifications/:id");
  });
});
