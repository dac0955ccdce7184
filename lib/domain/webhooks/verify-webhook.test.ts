import { describe, expect, it } from "vitest";
import { signedHeaders } from "@/lib/domain/webhooks/sign-webhook";
import { verifyWebhook } from "@/lib/domain/webhooks/verify-webhook";

const secret = Buffer.from("a-32-byte-secret-for-the-tests!!").toString("base64");
const body = JSON.stringify({ eventName: "verification_completed", eventId: "e1", verificationStatus: "SUCCESS" });
const now = 1_800_000_000_000;
const headers = signedHeaders({ secret, eventId: "e1", body, timestamp: now / 1000, attempt: 1 });

describe("verifyWebhook", () => {
  it("refuses the spec's body-only scheme alone unless asked to: its timestamp is not signed (issue 33)", () => {
    const onlyService = {
      "x-service-signature": headers["x-service-signature"],
      "x-service-timestamp": headers["x-service-timestamp"],
    };
    expect(verifyWebhook(body, onlyService, secret, { now })).toEqual({
      ok: false,
      reason: "only the body-only x-service-signature (its timestamp is not signed)",
    });
    // a delivery captured a day ago, its unsigned timestamp rewritten
    const replayed = { ...onlyService, "x-service-timestamp": String(now / 1000 + 86_400) };
    expect(verifyWebhook(body, replayed, secret, { now: now + 86_400_000 }).ok).toBe(false);
  });

  it("accepts the spec's scheme where the receiver opts in, with or without the sha256= prefix", () => {
    const onlyService = {
      "x-service-signature": headers["x-service-signature"],
      "x-service-timestamp": headers["x-service-timestamp"],
    };
    const optIn = { now, acceptBodyOnlySignature: true };
    expect(verifyWebhook(body, onlyService, secret, optIn)).toEqual({ ok: true, scheme: "service" });
    expect(
      verifyWebhook(
        Buffer.from(body),
        { ...onlyService, "x-service-signature": `sha256=${onlyService["x-service-signature"]}` },
        secret,
        optIn,
      ).ok,
    ).toBe(true);
  });

  it("accepts Standard Webhooks headers, including a list of signatures", () => {
    const std = {
      "webhook-id": headers["webhook-id"]!,
      "webhook-timestamp": headers["webhook-timestamp"]!,
      "webhook-signature": `v1,bm9wZQ== ${headers["webhook-signature"]}`,
    };
    expect(verifyWebhook(body, new Headers(std), secret, { now })).toEqual({ ok: true, scheme: "standard-webhooks" });
  });

  it("refuses a changed body, another secret, a stale or future timestamp, and missing headers", () => {
    expect(verifyWebhook(`${body} `, headers, secret, { now }).ok).toBe(false);
    expect(
      verifyWebhook(body, headers, Buffer.from("another secret of the same size!").toString("base64"), { now }).ok,
    ).toBe(false);
    expect(verifyWebhook(body, headers, secret, { now: now + 301_000 })).toEqual({
      ok: false,
      reason: "timestamp missing or outside the tolerance",
    });
    expect(verifyWebhook(body, headers, secret, { now: now - 301_000 }).ok).toBe(false);
    expect(verifyWebhook(body, headers, secret, { now: now + 299_000 }).ok).toBe(true);
    expect(verifyWebhook(body, {}, secret, { now })).toEqual({ ok: false, reason: "no signature headers" });
  });

  it("signs every attempt with the same event id and its own attempt number", () => {
    const second = signedHeaders({ secret, eventId: "e1", body, timestamp: now / 1000 + 60, attempt: 2 });
    expect(second["webhook-id"]).toBe(headers["webhook-id"]);
    expect(second["x-service-event-id"]).toBe("e1");
    expect(second["x-service-delivery-attempt"]).toBe("2");
    expect(second["x-service-signature"]).toBe(headers["x-service-signature"]);
    expect(second["webhook-signature"]).not.toBe(headers["webhook-signature"]);
  });
});
