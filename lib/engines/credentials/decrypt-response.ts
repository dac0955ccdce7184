import "server-only";
import { parseDcqlVpToken, parseOpenid4VpAuthorizationResponsePayload } from "@openid4vc/openid4vp";
import { calculateJwkThumbprint, compactDecrypt, importJWK, type JWK } from "jose";
import { RESPONSE_ENCRYPTION } from "./prepare-credential-request";

// The DC API answer of a `dc_api.jwt` request: `{ response: "<JWE>" }`, encrypted to this verification's key. A JWE
// that does not open with it was made for another request (or is garbage); only ECDH-ES with A128GCM/A256GCM is
// accepted (no key wrapping: the key is ephemeral and single-use).

export type DecryptedResponse =
  { ok: true; vpToken: Record<string, unknown>; jwkThumbprint: Uint8Array } | { ok: false; reason: string };

const ENCRYPTIONS = [RESPONSE_ENCRYPTION.enc, "A256GCM"];
// a credential with its portrait is tens of kilobytes; the cap keeps a hostile answer from costing more than that
const MAX_RESPONSE_CHARS = 2_000_000;

export async function decryptResponse(response: unknown, privateJwk: JsonWebKey): Promise<DecryptedResponse> {
  const jwe = (response as { response?: unknown } | null)?.response;
  if (typeof jwe !== "string") {
    return { ok: false, reason: "the answer is not an encrypted OpenID4VP response ({ response: JWE })" };
  }
  if (jwe.length > MAX_RESPONSE_CHARS) return { ok: false, reason: "the answer is larger than any credential" };
  const { d: _private, ...publicJwk } = privateJwk as JWK;
  let plaintext: Uint8Array;
  try {
    const key = await importJWK(privateJwk as JWK, RESPONSE_ENCRYPTION.alg);
    const opened = await compactDecrypt(jwe, key, {
      keyManagementAlgorithms: [RESPONSE_ENCRYPTION.alg],
      contentEncryptionAlgorithms: ENCRYPTIONS,
    });
    plaintext = opened.plaintext;
  } catch {
    return {
      ok: false,
      reason: "the answer does not decrypt with this verification's key (made for another request, or damaged)",
    };
  }
  let payload: unknown;
  try {
    payload = JSON.parse(new TextDecoder().decode(plaintext));
  } catch {
    return { ok: false, reason: "the decrypted answer is not JSON" };
  }
  let vpToken: Record<string, unknown[]>;
  try {
    // @openid4vc/openid4vp's schemas: an authorization response whose vp_token is a DCQL answer (query id → list)
    vpToken = parseDcqlVpToken(parseOpenid4VpAuthorizationResponsePayload(payload as Record<string, unknown>).vp_token);
  } catch {
    return { ok: false, reason: "the answer holds no vp_token object (an OpenID4VP 1.0 DCQL answer)" };
  }
  const thumbprint = await calculateJwkThumbprint(
    { kty: publicJwk.kty, crv: publicJwk.crv, x: publicJwk.x, y: publicJwk.y },
    "sha256",
  );
  return { ok: true, vpToken, jwkThumbprint: Buffer.from(thumbprint, "base64url") };
}
