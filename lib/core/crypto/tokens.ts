import "server-only";
import { clock } from "@/lib/core/clock";
import { hmacHex, safeEqual } from "@/lib/core/crypto/hash";
import { secrets } from "@/lib/core/secrets";

// Signed, expiring tokens scoped to one verification:
//  - "resume": carried in verificationUrl, opens the hosted page for THIS verification;
//  - "session": issued to the hosted page, authenticates send-inputs and email-otp for that verification.
// Format: vst_<base64url(JSON payload)>.<hex HMAC>. Stateless: any instance with APP_SECRET verifies it.
export type TokenPurpose = "resume" | "session";

type Payload = { v: string; p: TokenPurpose; e: number };

const PREFIX = "vst_";

function sign(body: string) {
  return hmacHex(`${secrets().appSecret}:verification-token`, body);
}

export function issueVerificationToken(verificationId: string, purpose: TokenPurpose, expiresAt: Date): string {
  const payload: Payload = { v: verificationId, p: purpose, e: Math.floor(expiresAt.getTime() / 1000) };
  const body = Buffer.from(JSON.stringify(payload)).toString("base64url");
  return `${PREFIX}${body}.${sign(body)}`;
}

export function isVerificationToken(value: string): boolean {
  return value.startsWith(PREFIX);
}

/** Returns the verification id, or null when the token is malformed, forged, expired or of another purpose. */
export function readVerificationToken(token: string, purpose: TokenPurpose, now = clock.now()): string | null {
  if (!token.startsWith(PREFIX) || token.length > 512) return null;
  const [body, signature] = token.slice(PREFIX.length).split(".");
  if (!body || !signature || !safeEqual(signature, sign(body))) return null;
  try {
    const payload = JSON.parse(Buffer.from(body, "base64url").toString("utf8")) as Payload;
    if (payload.p !== purpose || typeof payload.v !== "string") return null;
    if (payload.e * 1000 <= now.getTime()) return null;
    return payload.v;
  } catch {
    return null;
  }
}
