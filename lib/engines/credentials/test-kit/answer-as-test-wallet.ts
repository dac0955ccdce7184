import "server-only";
import {
  CoseKey,
  DeviceRequest,
  DeviceResponse,
  DocRequest,
  IssuerSigned,
  ItemsRequest,
  SessionTranscript,
} from "@owf/mdoc";
import { ES256, digest, generateSalt } from "@sd-jwt/crypto-nodejs";
import { SDJwtVcInstance } from "@sd-jwt/sd-jwt-vc";
import { CompactEncrypt, calculateJwkThumbprint, importJWK, type JWK } from "jose";
import type { CredentialClaim } from "@/lib/shared/digital-credentials";
import { KIND_PROFILES, type ClaimPath } from "../claim-map";
import { mdocContext } from "../mdoc-context";
import { DC_API_PROTOCOL, RESPONSE_ENCRYPTION } from "../prepare-credential-request";
import type { DigitalCredentialRequest } from "../types";
import type { TestCredential } from "./issue-test-credential";

// What a phone's wallet does with our request, for tests and the sandbox: pick the credential query for its
// credential, disclose only the asked-for elements it holds, bind the presentation to the request (mdoc: device
// signature over the OpenID4VP DC API session transcript; SD-JWT VC: key-binding JWT with nonce, `origin:` audience
// and sd_hash), and encrypt the answer to the request's key. The result is the `data` of the browser's
// DigitalCredential. The browser's own wallet prompt cannot run headless; the e2e test injects this instead.

export type TestWalletOptions = {
  /** the origin the browser reports to the wallet (a wrong one stands for a phishing page) */
  origin: string;
  /** claims the holder declines to share */
  decline?: readonly CredentialClaim[];
  /** when the presentation is made (KB-JWT iat); now by default */
  now?: Date;
};

type RequestData = {
  nonce: string;
  dcql_query: { credentials: { id: string; claims?: { path: ClaimPath }[] }[] };
  client_metadata: { jwks: { keys: JWK[] } };
};

function readRequest(requests: readonly DigitalCredentialRequest[]): RequestData {
  const request = requests.find((candidate) => candidate.protocol === DC_API_PROTOCOL);
  if (!request) throw new Error(`the test wallet answers ${DC_API_PROTOCOL} requests only`);
  return request.data as unknown as RequestData;
}

function declinedPaths(credential: TestCredential, decline: readonly CredentialClaim[]): Set<string> {
  const paths = decline.flatMap((claim) => KIND_PROFILES[credential.kind].paths[claim]);
  return new Set(paths.map((path) => JSON.stringify(path)));
}

async function presentMdoc(
  credential: TestCredential,
  paths: ClaimPath[],
  binding: { origin: string; nonce: string; jwkThumbprint: Uint8Array },
): Promise<string> {
  const issuerSigned = IssuerSigned.fromEncodedForOid4Vci(credential.encoded);
  const namespaces: Record<string, Record<string, boolean>> = {};
  for (const [namespace, element] of paths) {
    const held = issuerSigned.getIssuerNamespace(namespace!)?.some((item) => item.elementIdentifier === element);
    // a wallet leaves out what its credential does not hold (an address without a state)
    if (!held) continue;
    (namespaces[namespace!] ??= {})[element!] = false;
  }
  const docType = KIND_PROFILES[credential.kind].type;
  const deviceRequest = DeviceRequest.create({
    docRequests: [DocRequest.create({ itemsRequest: ItemsRequest.create({ docType, namespaces }) })],
  });
  const sessionTranscript = await SessionTranscript.forOid4VpDcApi(binding, mdocContext);
  const response = await DeviceResponse.createWithDeviceRequest(
    {
      deviceRequest,
      sessionTranscript,
      issuerSigned: [issuerSigned],
      signature: { signingKey: CoseKey.fromJwk({ ...credential.holderPrivateJwk, alg: "ES256" } as never) },
    },
    mdocContext,
  );
  return response.encodedForOid4Vp;
}

async function presentSdJwt(
  credential: TestCredential,
  paths: ClaimPath[],
  binding: { origin: string; nonce: string; now: Date },
): Promise<string> {
  const sdJwt = new SDJwtVcInstance({
    hasher: digest,
    hashAlg: "sha-256",
    saltGenerator: generateSalt,
    kbSigner: await ES256.getSigner(credential.holderPrivateJwk),
    kbSignAlg: ES256.alg,
  });
  const wanted = paths.map((path) => path.join("."));
  const keys = (await sdJwt.presentableKeys(credential.encoded)).filter((key) =>
    wanted.some((path) => key === path || key.startsWith(`${path}.`)),
  );
  const frame: Record<string, unknown> = {};
  for (const key of keys) {
    const parts = key.split(".");
    let node = frame;
    for (const [index, part] of parts.entries()) {
      if (index === parts.length - 1) node[part] ??= true;
      else {
        if (typeof node[part] !== "object") node[part] = {};
        node = node[part] as Record<string, unknown>;
      }
    }
  }
  return sdJwt.present(credential.encoded, frame as never, {
    kb: {
      payload: {
        iat: Math.floor(binding.now.getTime() / 1000),
        aud: `origin:${binding.origin}`,
        nonce: binding.nonce,
      },
    },
  });
}

/** the `data` the browser's DigitalCredential would carry: `{ response: "<JWE>" }` */
export async function answerAsTestWallet(
  requests: readonly DigitalCredentialRequest[],
  credential: TestCredential,
  options: TestWalletOptions,
): Promise<{ response: string }> {
  const request = readRequest(requests);
  const queryId = KIND_PROFILES[credential.kind].queryId;
  const query = request.dcql_query.credentials.find((candidate) => candidate.id === queryId);
  if (!query) throw new Error(`the request does not accept a ${credential.kind} credential`);
  const declined = declinedPaths(credential, options.decline ?? []);
  const paths = (query.claims ?? []).map((claim) => claim.path).filter((path) => !declined.has(JSON.stringify(path)));

  const encryptionJwk = request.client_metadata.jwks.keys[0];
  if (!encryptionJwk) throw new Error("the request names no encryption key");
  const jwkThumbprint = Buffer.from(await calculateJwkThumbprint(encryptionJwk, "sha256"), "base64url");
  const presentation =
    credential.format === "mso_mdoc"
      ? await presentMdoc(credential, paths, { origin: options.origin, nonce: request.nonce, jwkThumbprint })
      : await presentSdJwt(credential, paths, {
          origin: options.origin,
          nonce: request.nonce,
          now: options.now ?? new Date(),
        });

  const plaintext = new TextEncoder().encode(JSON.stringify({ vp_token: { [queryId]: [presentation] } }));
  const jwe = await new CompactEncrypt(plaintext)
    .setProtectedHeader({ alg: RESPONSE_ENCRYPTION.alg, enc: RESPONSE_ENCRYPTION.enc, kid: encryptionJwk.kid })
    .encrypt(await importJWK(encryptionJwk, RESPONSE_ENCRYPTION.alg));
  return { response: jwe };
}
