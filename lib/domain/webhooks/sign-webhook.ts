import { createHmac } from "node:crypto";

/**
 * Headers of one delivery attempt: the spec's scheme (hex HMAC-SHA256 of the raw body, key = the base64-decoded
 * secret) and Standard Webhooks (base64 HMAC of `id.timestamp.body`, same key), plus our event id and attempt.
 */
export function signedHeaders(input: {
  secret: string;
  eventId: string;
  body: string;
  timestamp: number;
  attempt: number;
}): Record<string, string> {
  const key = Buffer.from(input.secret, "base64");
  const timestamp = String(input.timestamp);
  return {
    "content-type": "application/json",
    "user-agent": "OpenKYC-Webhooks/1.0",
    "x-service-signature": createHmac("sha256", key).update(input.body).digest("hex"),
    "x-service-timestamp": timestamp,
    "x-service-event-id": input.eventId,
    "x-service-delivery-attempt": String(input.attempt),
    "webhook-id": input.eventId,
    "webhook-timestamp": timestamp,
    "webhook-signature": `v1,${createHmac("sha256", key).update(`${input.eventId}.${timestamp}.${input.body}`).digest("base64")}`,
  };
}
