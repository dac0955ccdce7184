import { createHmac } from "node:crypto";
import { describe, expect, it } from "vitest";
import { verifyWebhook, WebhookVerificationError } from "../src/webhooks.js";

// Deliveries signed as lib/domain/webhooks/sign-webhook.ts signs them; the integration test checks a real one.
const secret = Buffer.alloc(32, 9).toString("base64");
const key = Buffer.from(secret, "base64");
const body = JSON.stringify({ eventName: "verification_completed", eventId: "e1", verificationId: "v1" });
const ts = 1_900_000_000;
const now = new Date(ts * 1000);
const standard = {
  "webhook-id": "e1",
  "webhook-timestamp": String(ts),
  "webhook-signature": `v1,${createHmac("sha256", key).update(`e1.${ts}.${body}`).digest("base64")}`,
};
const service = {
  "x-service-signature": createHmac("sha256", key).update(body).digest("hex"),
  "x-service-timestamp": String(ts),
};

describe("verifyWebhook", () => {
  it("accepts Standard Webhooks (alone or beside the spec's headers) and returns the event", () => {
    expect(verifyWebhook(body, standard, secret, { now }).eventName).toBe("verification_completed");
    expect(verifyWebhook(body, new Headers({ ...service, ...standard }), `whsec_${secret}`, { now }).eventId).toBe(
      "e1",
    );
  });

  it("refuses the spec's body-only signature alone by default: its timestamp is unsigned (issue 33)", () => {
    expect(() => verifyWebhook(body, service, secret, { now })).toThrow(/body-only x-service-signature/);
    // a captured delivery with a fresh, unsigned timestamp: accepted only where the receiver opted in
    const replayed = { ...service, "x-service-timestamp": String(ts + 86_400) };
    const later = new Date((ts + 86_400) * 1000);
    expect(() => verifyWebhook(body, replayed, secret, { now: later })).toThrow(WebhookVerificationError);
    expect(
      verifyWebhook(Buffer.from(body), service, secret, { now, acceptBodyOnlySignature: true }).verificationId,
    ).toBe("v1");
  });

  it("accepts one of several Standard Webhooks signatures (secret rotation)", () => {
    const rotated = { ...standard, "webhook-signature": `v1,AAAA ${standard["webhook-signature"]}` };
    expect(() => verifyWebhook(body, rotated, secret, { now })).not.toThrow();
  });

  it("refuses a changed body, a stale timestamp, a re-signed timestamp and missing headers", () => {
    const bodyOnly = { acceptBodyOnlySignature: true };
    for (const headers of [standard, service])
      expect(() => verifyWebhook(body.replace("v1", "v2"), headers, secret, { now, ...bodyOnly })).toThrow(
        WebhookVerificationError,
      );
    expect(() => verifyWebhook(body, standard, secret, { now: new Date((ts + 301) * 1000) })).toThrow(/300 s/);
    const stale = new Date((ts - 301) * 1000);
    expect(() => verifyWebhook(body, service, secret, { now: stale, ...bodyOnly })).toThrow(/300 s/);
    // a fresh timestamp swapped into a captured Standard Webhooks delivery breaks its signature
    const replayed = { ...standard, "webhook-timestamp": String(ts + 600) };
    expect(() => verifyWebhook(body, replayed, secret, { now: new Date((ts + 600) * 1000) })).toThrow(/signature/);
    expect(() => verifyWebhook(body, {}, secret, { now })).toThrow(/no signature/);
    expect(() => verifyWebhook(body, standard, "", { now })).toThrow(/empty/);
  });
});
