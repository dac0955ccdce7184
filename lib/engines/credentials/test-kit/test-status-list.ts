import "server-only";
import { createHeaderAndPayload, StatusList } from "@sd-jwt/jwt-status-list";
import { cborEncode, CoseKey, Header, Sign1, SignatureAlgorithm } from "@owf/mdoc";
import { importJWK, SignJWT } from "jose";
import { mdocContext } from "../mdoc-context";
import { COSE_TYP, CWT_EXP, CWT_IAT, CWT_STATUS_LIST, CWT_SUB, CWT_TTL } from "../status-list";
import type { TestIssuer } from "./test-issuer";

// An IETF Token Status List, signed by the test issuer: one bit per credential, 1 = revoked; as a JWT
// (statuslist+jwt) or a CWT (COSE_Sign1, application/statuslist+cwt), the form mdoc issuers publish.

export type TestStatusList = {
  uri: string;
  /** the JWT a status endpoint would serve (application/statuslist+jwt); empty for a CWT */
  token: string;
  bytes: Uint8Array;
};

export async function createTestStatusList(
  issuer: TestIssuer,
  options: {
    uri: string;
    size?: number;
    revoked?: readonly number[];
    now?: Date;
    ttlSeconds?: number;
    format?: "jwt" | "cwt";
  },
): Promise<TestStatusList> {
  const size = options.size ?? 1024;
  const list = new StatusList(new Array<number>(size).fill(0), 1);
  for (const index of options.revoked ?? []) list.setStatus(index, 1);
  const iat = Math.floor((options.now ?? new Date()).getTime() / 1000);
  const ttl = options.ttlSeconds ?? 86_400;
  if (options.format === "cwt") return cwtStatusList(issuer, list, { uri: options.uri, iat, ttl });
  const { header, payload } = createHeaderAndPayload(
    list,
    { iss: "https://test-issuer.invalid", sub: options.uri, iat, exp: iat + ttl, ttl },
    { alg: "ES256", typ: "statuslist+jwt" },
  );
  const token = await new SignJWT(payload as Record<string, unknown>)
    .setProtectedHeader({
      ...header,
      alg: "ES256",
      x5c: issuer.signerChain.map((der) => Buffer.from(der).toString("base64")),
    })
    .sign(await importJWK(issuer.signerPrivateJwk as never, "ES256"));
  return { uri: options.uri, token, bytes: new TextEncoder().encode(token) };
}

async function cwtStatusList(
  issuer: TestIssuer,
  list: StatusList,
  claims: { uri: string; iat: number; ttl: number },
): Promise<TestStatusList> {
  const lst = Buffer.from(list.compressStatusList(), "base64url");
  const payload = new Map<number, unknown>([
    [CWT_SUB, claims.uri],
    [CWT_IAT, claims.iat],
    [CWT_EXP, claims.iat + claims.ttl],
    [CWT_TTL, claims.ttl],
    [
      CWT_STATUS_LIST,
      new Map<string, unknown>([
        ["bits", list.getBitsPerStatus()],
        ["lst", new Uint8Array(lst)],
      ]),
    ],
  ]);
  const sign1 = await Sign1.create(
    {
      protectedHeaders: new Map<number, unknown>([
        [Header.Algorithm, SignatureAlgorithm.ES256],
        [COSE_TYP, "application/statuslist+cwt"],
      ]),
      unprotectedHeaders: new Map<number, unknown>([[Header.X5Chain, issuer.signerChain[0]]]),
      payload: cborEncode(payload),
      signingKey: CoseKey.fromJwk({ ...issuer.signerPrivateJwk, alg: "ES256" } as Record<string, unknown>),
    },
    mdocContext,
  );
  return { uri: claims.uri, token: "", bytes: sign1.encode() };
}
