import "server-only";
import { randomBytes } from "node:crypto";
import { openWith, sealWith } from "@/lib/core/crypto/keyring";
import { secrets } from "@/lib/core/secrets";

// The spec's webhook secret is base64; deliveries sign with its decoded bytes, so it is kept encrypted, not hashed.
export function generateWebhookSecret(): string {
  return randomBytes(32).toString("base64");
}

export function encryptWebhookSecret(secret: string): string {
  return sealWith(secrets().keyring, "root", Buffer.from(secret), "webhook-secret").toString("base64");
}

export function decryptWebhookSecret(encrypted: string): string {
  return openWith(secrets().keyring, "root", Buffer.from(encrypted, "base64"), "webhook-secret").toString();
}
