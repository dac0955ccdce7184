import { createHmac, timingSafeEqual } from "node:crypto";

// Checks a delivery from the service before trusting it. The service signs every delivery with both schemes:
//  - Standard Webhooks: webhook-id + webhook-timestamp + webhook-signature ("v1,<base64>" entries, space-separated),
//    an HMAC over `id.timestamp.body`: the timestamp is signed. Required by default.
//  - the spec's:        x-service-signature (hex HMAC-SHA256 of the raw body, optional "sha256=") + x-service-timestamp.
//    The timestamp is NOT signed: whoever captured one delivery can resend it forever with a fresh timestamp. Accepted
//    alone only with `{ acceptBodyOnlySignature: true }`, for a receiver behind something that strips the others.
// The key is the endpoint's secret, base64-decoded (a "whsec_" prefix is ignored). A timestamp more than
// `toleranceSeconds` (300) from now is refused, so a captured Standard Webhooks delivery cannot be replayed later.

export type WebhookEventName =
  | "verification_started"
  | "verification_inputs_completed"
  | "verification_completed"
  | "verification_data_updated"
  | "verification_abandoned"
  | "step_completed"
  // ongoing screening: payload in openapi.json, webhooks.identity_watchlist_hit (IdentityWatchlistHitEvent)
  | "identity_watchlist_hit"
  | "webhook_test";

/** The envelope every event shares (docs/api.md, "Events"); each event adds its own fields. */
export type WebhookEvent = {
  eventName: WebhookEventName | (string & {});
  eventId: string;
  flowId: string | null;
  verificationId?: string;
  timeStamp: string;
  resource: string | null;
  metadata: Record<string, unknown>;
  [field: string]: unknown;
};

export type WebhookHeaders = Headers | Record<string, string | string[] | undefined>;

export class WebhookVerificationError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "WebhookVerificationError";
  }
}

function header(headers: WebhookHeaders, name: string): string | undefined {
  if (typeof (headers as Headers).get === "function") return (headers as Headers).get(name) ?? undefined;
  const bag = headers as Record<string, string | string[] | undefined>;
  const key = Object.keys(bag).find((k) => k.toLowerCase() === name);
  const value = key === undefined ? undefined : bag[key];
  return Array.isArray(value) ? value[0] : value;
}

function equal(a: Buffer, b: Buffer): boolean {
  return a.length === b.length && timingSafeEqual(a, b);
}

export type VerifyWebhookOptions = {
  /** How far the delivery's timestamp may be from now, in seconds (300). */
  toleranceSeconds?: number;
  now?: Date;
  /**
   * Accept a delivery that carries only the spec's body-only `x-service-signature` (false). Its timestamp is not
   * signed, so a captured delivery can be replayed with a new one: deduplicate on `eventId` if you turn this on.
   */
  acceptBodyOnlySignature?: boolean;
};

/**
 * The event of a delivery whose signature and timestamp check out; throws WebhookVerificationError otherwise.
 * Pass the body exactly as received (a string or the raw bytes), never a re-serialised JSON object.
 */
export function verifyWebhook(
  rawBody: string | Uint8Array,
  headers: WebhookHeaders,
  secret: string,
  options: VerifyWebhookOptions = {},
): WebhookEvent {
  const tolerance = options.toleranceSeconds ?? 300;
  const nowSeconds = Math.floor((options.now ?? new Date()).getTime() / 1000);
  const body = typeof rawBody === "string" ? Buffer.from(rawBody, "utf8") : Buffer.from(rawBody);
  const key = Buffer.from(secret.replace(/^whsec_/, ""), "base64");
  if (key.length === 0) throw new WebhookVerificationError("The webhook secret is empty.");

  const checkFresh = (timestamp: string | undefined) => {
    const seconds = Number(timestamp);
    if (!timestamp || !Number.isInteger(seconds))
      throw new WebhookVerificationError("The delivery carries no timestamp.");
    if (Math.abs(nowSeconds - seconds) > tolerance)
      throw new WebhookVerificationError(`The delivery's timestamp is more than ${tolerance} s away.`);
  };

  const serviceSignature = header(headers, "x-service-signature");
  const id = header(headers, "webhook-id");
  const timestamp = header(headers, "webhook-timestamp");
  const signatures = header(headers, "webhook-signature");
  let valid: boolean;
  // Standard Webhooks first when present: its signature covers the timestamp, the spec's covers the body only
  if (id && timestamp && signatures) {
    checkFresh(timestamp);
    const expected = createHmac("sha256", key).update(`${id}.${timestamp}.`).update(body).digest();
    valid = signatures.split(" ").some((entry) => {
      const [version, value] = entry.split(",");
      return version === "v1" && Boolean(value) && equal(expected, Buffer.from(value!, "base64"));
    });
  } else if (serviceSignature) {
    if (!options.acceptBodyOnlySignature)
      throw new WebhookVerificationError(
        "The delivery carries only the body-only x-service-signature, whose timestamp is not signed (a captured " +
          "delivery replays forever): expected webhook-id, webhook-timestamp and webhook-signature " +
          "(or pass { acceptBodyOnlySignature: true }).",
      );
    checkFresh(header(headers, "x-service-timestamp"));
    const expected = createHmac("sha256", key).update(body).digest();
    valid = equal(expected, Buffer.from(serviceSignature.trim().replace(/^sha256=/, ""), "hex"));
  } else {
    throw new WebhookVerificationError("The delivery carries no signature headers.");
  }
  if (!valid) throw new WebhookVerificationError("The signature does not match the body.");
  try {
    return JSON.parse(body.toString("utf8")) as WebhookEvent;
  } catch {
    throw new WebhookVerificationError("The signed body is not JSON.");
  }
}
