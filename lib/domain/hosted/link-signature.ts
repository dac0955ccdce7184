import "server-only";
import { hmacHex, safeEqual } from "@/lib/core/crypto/hash";
import { secrets } from "@/lib/core/secrets";

// A shareable /verify link is just a URL: anyone can edit it. Links minted by the account (the dashboard, or
// POST /api/v1/workflows/{id}/links) carry `sig`, an HMAC with a key derived from APP_SECRET over the values exactly
// as they appear in the link; only such links may name a user (userId, email). The key never leaves the server, so a
// link can be minted only by someone holding the account's dashboard session or an API key.
// v2 (issue 33) signs the link's mode and expiry too: a test key's link starts test verifications (it cannot reach
// live data), and a link stops working at `exp` (unix seconds). v1 signatures (no mode, no expiry) are not accepted.

export type LinkMode = "live" | "test";

export type SignedLinkValues = {
  flowId: string;
  clientId: string;
  metadata: string | null;
  mode: LinkMode;
  /** unix seconds, as written in the link */
  exp: string;
};

function payload(link: SignedLinkValues): string {
  return `v2\n${link.flowId}\n${link.clientId}\n${link.metadata ?? ""}\n${link.mode}\n${link.exp}`;
}

export function signLink(link: SignedLinkValues): string {
  return hmacHex(`${secrets().appSecret}:shareable-link`, payload(link));
}

export function isValidLinkSignature(link: SignedLinkValues, sig: string): boolean {
  return /^[0-9a-f]{64}$/.test(sig) && safeEqual(sig, signLink(link));
}
