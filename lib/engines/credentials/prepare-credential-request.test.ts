import { parseAuthorizationRequestVersion, parseOpenid4vpAuthorizationRequest } from "@openid4vc/openid4vp";
import { calculateJwkThumbprint, type JWK } from "jose";
import { describe, expect, it } from "vitest";
import { prepareCredentialRequest } from "./prepare-credential-request";

const ORIGIN = "https://kyc.example.test";

type RequestData = {
  dcql_query: {
    credentials: { id: string; format: string; meta: unknown; claims: unknown[] }[];
    credential_sets: unknown;
  };
  client_metadata: {
    jwks: { keys: JWK[] };
    encrypted_response_enc_values_supported: string[];
    vp_formats_supported: object;
  };
  [key: string]: unknown;
};

describe("prepareCredentialRequest", () => {
  it("builds one unsigned OpenID4VP 1.0 DC API request with an encrypted response", async () => {
    const prepared = await prepareCredentialRequest({
      nonce: "n-1",
      origin: ORIGIN,
      kinds: ["MDL"],
      claims: ["age_over_18"],
    });
    expect(prepared.requests).toHaveLength(1);
    const [request] = prepared.requests;
    expect(request!.protocol).toBe("openid4vp-v1-unsigned");
    const data = request!.data as RequestData;
    expect(data).toMatchObject({ response_type: "vp_token", response_mode: "dc_api.jwt", nonce: "n-1" });
    // no client_id: an unsigned DC API request is identified by the page's origin
    expect(data).not.toHaveProperty("client_id");
    // what a wallet built on @openid4vc/openid4vp reads it as
    const parsed = parseOpenid4vpAuthorizationRequest({ authorizationRequest: request!.data });
    expect(parsed.type).toBe("openid4vp_dc_api");
    expect(parseAuthorizationRequestVersion(parsed.params as never)).toBeGreaterThanOrEqual(100);
  });

  it("asks for exactly the requested claims, by each format's names, and accepts any one kind", async () => {
    const prepared = await prepareCredentialRequest({
      nonce: "n-2",
      origin: ORIGIN,
      kinds: ["MDL", "EU_PID_MDOC", "EU_PID_SD_JWT"],
      claims: ["birth_date", "portrait", "address"],
    });
    const { dcql_query: query } = prepared.requests[0]!.data as RequestData;
    expect(query.credentials).toEqual([
      {
        id: "mdl",
        format: "mso_mdoc",
        meta: { doctype_value: "org.iso.18013.5.1.mDL" },
        claims: [
          "birth_date",
          "portrait",
          "resident_address",
          "resident_city",
          "resident_postal_code",
          "resident_state",
          "resident_country",
        ].map((element) => ({ path: ["org.iso.18013.5.1", element], intent_to_retain: true })),
      },
      expect.objectContaining({ id: "pid_mdoc", meta: { doctype_value: "eu.europa.ec.eudi.pid.1" } }),
      {
        id: "pid_sd_jwt",
        format: "dc+sd-jwt",
        meta: { vct_values: ["urn:eudi:pid:1"] },
        claims: [{ path: ["birthdate"] }, { path: ["picture"] }, { path: ["address"] }],
      },
    ]);
    expect(query.credential_sets).toEqual([{ options: [["mdl"], ["pid_mdoc"], ["pid_sd_jwt"]], required: true }]);
  });

  it("publishes only the public half of a fresh encryption key per request", async () => {
    const options = {
      nonce: "n-3",
      origin: ORIGIN,
      kinds: ["EU_PID_SD_JWT"] as const,
      claims: ["given_name"] as const,
    };
    const first = await prepareCredentialRequest(options);
    const second = await prepareCredentialRequest(options);
    const published = (first.requests[0]!.data as RequestData).client_metadata;
    expect(published.jwks.keys).toHaveLength(1);
    const [key] = published.jwks.keys;
    expect(key).toMatchObject({ kty: "EC", crv: "P-256", use: "enc", alg: "ECDH-ES" });
    expect(key).not.toHaveProperty("d");
    expect(first.responsePrivateJwk.d).toEqual(expect.any(String));
    expect(await calculateJwkThumbprint(key!)).toBe(await calculateJwkThumbprint(first.responsePrivateJwk as JWK));
    expect(second.responsePrivateJwk.d).not.toBe(first.responsePrivateJwk.d);
    expect(published.encrypted_response_enc_values_supported).toEqual(["A128GCM"]);
    expect(Object.keys(published.vp_formats_supported)).toEqual(["dc+sd-jwt"]);
  });

  it("refuses a request with nothing to ask for", async () => {
    await expect(
      prepareCredentialRequest({ nonce: "n", origin: ORIGIN, kinds: [], claims: ["given_name"] }),
    ).rejects.toThrow();
    await expect(
      prepareCredentialRequest({ nonce: "n", origin: ORIGIN, kinds: ["MDL"], claims: [] }),
    ).rejects.toThrow();
    await expect(
      prepareCredentialRequest({ nonce: "", origin: ORIGIN, kinds: ["MDL"], claims: ["given_name"] }),
    ).rejects.toThrow();
  });
});
