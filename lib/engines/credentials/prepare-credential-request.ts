import "server-only";
import { exportJWK, generateKeyPair } from "jose";
import { randomUUID } from "node:crypto";
import { KIND_PROFILES } from "./claim-map";
import type { CredentialRequestOptions, DigitalCredentialRequest, PreparedCredentialRequest } from "./types";

// OpenID for Verifiable Presentations 1.0 over the W3C Digital Credentials API (OpenID4VP 1.0 appendix A), unsigned:
// the browser tells the wallet our origin, which the wallet binds into its answer (mdoc session transcript, KB-JWT
// `aud`), so a signed request object adds nothing a self-hosted service could anchor. The answer is encrypted to a
// fresh P-256 key (`dc_api.jwt`): the presentation carries personal data through the page's JavaScript.

export const DC_API_PROTOCOL = "openid4vp-v1-unsigned";
/** the content encryption we accept; OpenID4VP 1.0's default when the verifier names none */
export const RESPONSE_ENCRYPTION = { alg: "ECDH-ES", enc: "A128GCM" } as const;

// the signature algorithms the verifier checks (COSE -7 and JOSE ES256: ECDSA P-256 with SHA-256)
const FORMATS = {
  mso_mdoc: { issuerauth_alg_values: [-7], deviceauth_alg_values: [-7] },
  "dc+sd-jwt": { "sd-jwt_alg_values": ["ES256"], "kb-jwt_alg_values": ["ES256"] },
} as const;

export async function prepareCredentialRequest(options: CredentialRequestOptions): Promise<PreparedCredentialRequest> {
  if (options.kinds.length === 0) throw new Error("a credential request needs at least one accepted kind");
  if (options.claims.length === 0) throw new Error("a credential request needs at least one claim");
  if (!options.nonce) throw new Error("a credential request needs a nonce");

  const { publicKey, privateKey } = await generateKeyPair(RESPONSE_ENCRYPTION.alg, { crv: "P-256", extractable: true });
  const kid = randomUUID();
  const publicJwk = { ...(await exportJWK(publicKey)), kid, use: "enc", alg: RESPONSE_ENCRYPTION.alg };
  const responsePrivateJwk = { ...(await exportJWK(privateKey)), kid, alg: RESPONSE_ENCRYPTION.alg } as JsonWebKey;

  const kinds = [...new Set(options.kinds)];
  const claims = [...new Set(options.claims)];
  const credentials = kinds.map((kind) => {
    const profile = KIND_PROFILES[kind];
    const paths = claims.flatMap((claim) => profile.paths[claim]);
    const meta = profile.format === "mso_mdoc" ? { doctype_value: profile.type } : { vct_values: [profile.type] };
    return {
      id: profile.queryId,
      format: profile.format,
      meta,
      // mdoc elements: we keep what the workflow stores (the verification record), so say so to the holder
      claims: paths.map((path) => (profile.format === "mso_mdoc" ? { path, intent_to_retain: true } : { path })),
    };
  });

  const data = {
    response_type: "vp_token",
    response_mode: "dc_api.jwt",
    nonce: options.nonce,
    dcql_query: {
      credentials,
      // any one accepted kind satisfies the request
      credential_sets: [{ options: credentials.map((credential) => [credential.id]), required: true }],
    },
    client_metadata: {
      jwks: { keys: [publicJwk] },
      encrypted_response_enc_values_supported: [RESPONSE_ENCRYPTION.enc],
      vp_formats_supported: Object.fromEntries(
        [...new Set(credentials.map((credential) => credential.format))].map((format) => [format, FORMATS[format]]),
      ),
    },
  };
  const request: DigitalCredentialRequest = { protocol: DC_API_PROTOCOL, data };
  return { requests: [request], responsePrivateJwk };
}
