import "server-only";
import { createHeaderAndPayload, StatusList } from "@sd-jwt/jwt-status-list";
import { importJWK, SignJWT } from "jose";
import type { TestIssuer } from "./test-issuer";

// An IETF Token Status List in JWT form, signed by the test issuer: one bit per credential, 1 = revoked.

export type TestStatusList = {
  uri: string;
  /** the token a status endpoint would serve (application/statuslist+jwt) */
  token: string;
  bytes: Uint8Array;
};

export async function createTestStatusList(
  issuer: TestIssuer,
  options: { uri: string; size?: number; revoked?: readonly number[]; now?: Date; ttlSeconds?: number },
): Promise<TestStatusList> {
  const size = options.size ?? 1024;
  const list = new StatusList(new Array<number>(size).fill(0), 1);
  for (const index of options.revoked ?? []) list.setStatus(index, 1);
  const iat = Math.floor((options.now ?? new Date()).getTime() / 1000);
  const ttl = options.ttlSeconds ?? 86_400;
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
