import "server-only";
import { randomBytes } from "node:crypto";
import { open, seal } from "@/lib/crypto/aead";
import { secrets } from "@/lib/secrets";

// The spec's webhook secret is base64; deliveries sign with its decoded bytes, so it is kept encrypted, not hashed.
export function generateWebhookSecret(): string {
  return randomBytes(32).toString("base64");
}

export function encryptWebhookSecret(secret: string): string {
  return seal(Buffer.from(secret), secrets().storageKey, "webhook-secret").toString("base64");
}

export function decryptWebhookSecret(encrypted: string): string {
  return open(Buffer.from(encrypted, "base64"), secrets().storageKey, "webhook-secret").toString();
}
