import "server-only";
import { hmacHex, safeEqual } from "@/lib/core/crypto/hash";
import { secrets } from "@/lib/core/secrets";

// A shareable /verify link is just a URL: anyone can edit it. Links minted by the account (the dashboard, or
// POST /api/v1/workflows/{id}/links) carry `sig`, an HMAC with a key derived from APP_SECRET over the three values
// exactly as they appear in the link; only such links may name a user (userId, email). The key never leaves the
// server, so a link can be minted only by someone holding the account's dashboard session or an API key.

function payload(flowId: string, clientId: string, metadata: string | null): string {
  return `v1\n${flowId}\n${clientId}\n${metadata ?? ""}`;
}

export function signLink(flowId: string, clientId: string, metadata: string | null): string {
  return hmacHex(`${secrets().appSecret}:shareable-link`, payload(flowId, clientId, metadata));
}

export function isValidLinkSignature(flowId: string, clientId: string, metadata: string | null, sig: string): boolean {
  return /^[0-9a-f]{64}$/.test(sig) && safeEqual(sig, signLink(flowId, clientId, metadata));
}
