import { createHmac, timingSafeEqual } from "node:crypto";

// For integrators: check a delivery from this service. Self-contained (node:crypto only), so it can be copied
// into a receiver as is. The service signs every delivery with both schemes; this checks:
//  - Standard Webhooks:     webhook-id + webhook-timestamp + webhook-signature ("v1,<base64>", space-separated list),
//                           whose HMAC covers the timestamp: required by default
//  - the spec's:            x-service-signature (hex, optional "sha256=") + x-service-timestamp. The timestamp is not
//                           signed (a captured delivery replays forever with a fresh one): only with
//                           { acceptBodyOnlySignature: true }, and then deduplicate on eventId
// The key is the webhook secret base64-decoded. Timestamps more than 300 s away are refused (replays).

export type VerifyResult = { ok: true; scheme: "service" | "standard-webhooks" } | { ok: false; reason: string };

type HeaderBag = Headers | Record<string, string | string[] | undefined>;

function header(headers: HeaderBag, name: string): string | undefined {
  if (typeof (headers as Headers).get === "function") return (headers as Headers).get(name) ?? undefined;
  const bag = headers as Record<string, string | string[] | undefined>;
  const value = bag[name] ?? bag[Object.keys(bag).find((k) => k.toLowerCase() === name) ?? ""];
  return Array.isArray(value) ? value[0] : value;
}

function equal(a: Buffer, b: Buffer): boolean {
  return a.length === b.length && timingSafeEqual(a, b);
}

export function verifyWebhook(
  rawBody: string | Buffer,
  headers: HeaderBag,
  secret: string,
  options: { toleranceSeconds?: number; now?: number; acceptBodyOnlySignature?: boolean } = {},
): VerifyResult {
  const tolerance = options.toleranceSeconds ?? 300;
  const nowSeconds = Math.floor((options.now ?? Date.now()) / 1000);
  const body = typeof rawBody === "string" ? Buffer.from(rawBody) : rawBody;
  const key = Buffer.from(secret.replace(/^whsec_/, ""), "base64");
  if (key.length === 0) return { ok: false, reason: "empty secret" };

  const fresh = (timestamp: string | undefined) => {
    const seconds = Number(timestamp);
    return Number.isInteger(seconds) && Math.abs(nowSeconds - seconds) <= tolerance;
  };

  const id = header(headers, "webhook-id");
  const timestamp = header(headers, "webhook-timestamp");
  const signatures = header(headers, "webhook-signature");
  if (id && timestamp && signatures) {
    if (!fresh(timestamp)) return { ok: false, reason: "timestamp missing or outside the tolerance" };
    const expected = createHmac("sha256", key).update(`${id}.${timestamp}.`).update(body).digest();
    const match = signatures.split(" ").some((entry) => {
      const [version, value] = entry.split(",");
      return version === "v1" && Boolean(value) && equal(expected, Buffer.from(value!, "base64"));
    });
    return match ? { ok: true, scheme: "standard-webhooks" } : { ok: false, reason: "signature mismatch" };
  }

  const serviceSignature = header(headers, "x-service-signature");
  if (serviceSignature) {
    if (!options.acceptBodyOnlySignature)
      return { ok: false, reason: "only the body-only x-service-signature (its timestamp is not signed)" };
    if (!fresh(header(headers, "x-service-timestamp")))
      return { ok: false, reason: "timestamp missing or outside the tolerance" };
    const expected = createHmac("sha256", key).update(body).digest();
    const received = Buffer.from(serviceSignature.trim().replace(/^sha256=/, ""), "hex");
    return equal(expected, received) ? { ok: true, scheme: "service" } : { ok: false, reason: "signature mismatch" };
  }
  return { ok: false, reason: "no signature headers" };
}
