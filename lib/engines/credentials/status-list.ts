import "server-only";
import { cborDecode, Header, Sign1 } from "@owf/mdoc";
import { getListFromStatusListJWT, StatusList } from "@sd-jwt/jwt-status-list";
import { compactVerify, decodeJwt, decodeProtectedHeader, importX509 } from "jose";
import { mdocContext } from "./mdoc-context";
import { verifyChain } from "./trust-chain";
import type { PresentationCheck } from "./types";
import type { X509Certificate } from "./x509";

// IETF Token Status List: the credential names a list (uri) and its entry (idx); the list is a token signed by the
// issuer, as a JWT (typ statuslist+jwt; SD-JWT VC issuers) or a CWT (COSE_Sign1, typ application/statuslist+cwt;
// mdoc issuers). Either must be signed under one of the same trust anchors as the credential (x5c / x5chain), name
// the uri we fetched as its `sub`, and not have expired. The bits are read by @sd-jwt/jwt-status-list.

export type StatusReference = { uri: string; idx: number };

// COSE header `typ` (RFC 9596) and the CWT claim keys of a status list token
export const COSE_TYP = 16;
export const CWT_SUB = 2;
export const CWT_EXP = 4;
export const CWT_IAT = 6;
export const CWT_TTL = 65534;
export const CWT_STATUS_LIST = 65533;

const STATUS_ALGS = ["ES256", "ES384", "ES512"];
const STATUS_WORDS: Record<number, string> = { 1: "revoked (INVALID)", 2: "suspended" };

type StatusToken = {
  chain: Uint8Array[];
  sub: unknown;
  exp: unknown;
  verifySignature(leaf: X509Certificate): Promise<boolean>;
  statusAt(idx: number): number;
};

function result(passed: boolean, detail: string): PresentationCheck {
  return { name: "STATUS", result: passed ? "PASSED" : "FAILED", detail };
}

export function readStatusReference(status: unknown): StatusReference | "malformed" | null {
  if (status === undefined || status === null) return null;
  const list = (status as { status_list?: { uri?: unknown; idx?: unknown } }).status_list;
  if (!list) return null;
  if (typeof list.uri !== "string" || !Number.isInteger(list.idx) || (list.idx as number) < 0) return "malformed";
  return { uri: list.uri, idx: list.idx as number };
}

function jwtToken(token: string): StatusToken | string {
  const header = decodeProtectedHeader(token) as { alg?: string; typ?: string; x5c?: string[] };
  if (header.typ !== "statuslist+jwt") return `the status list token's typ is ${header.typ ?? "absent"}`;
  if (!header.alg || !STATUS_ALGS.includes(header.alg)) return "the status list's signature algorithm is not accepted";
  const alg = header.alg;
  const payload = decodeJwt(token);
  return {
    chain: (header.x5c ?? []).map((cert) => new Uint8Array(Buffer.from(cert, "base64"))),
    sub: payload.sub,
    exp: payload.exp,
    verifySignature: async (leaf) => {
      const key = await importX509(leaf.toString("pem"), alg);
      return compactVerify(token, key, { algorithms: [alg] }).then(
        () => true,
        () => false,
      );
    },
    statusAt: (idx) => getListFromStatusListJWT(token).getStatus(idx),
  };
}

function cwtToken(bytes: Uint8Array): StatusToken | string {
  const sign1 = Sign1.decode(bytes);
  const typ = sign1.protectedHeaders.headers?.get(COSE_TYP as never);
  if (typ !== "application/statuslist+cwt") return `the status list token's typ is ${String(typ ?? "absent")}`;
  const claims = cborDecode<Map<number, unknown>>(sign1.payload ?? new Uint8Array());
  const list = claims.get(CWT_STATUS_LIST) as Map<string, unknown> | undefined;
  const bits = list?.get("bits");
  const lst = list?.get("lst");
  if (!(lst instanceof Uint8Array) || ![1, 2, 4, 8].includes(bits as number)) return "the status list has no list";
  const x5chain =
    sign1.protectedHeaders.headers?.get(Header.X5Chain) ?? sign1.unprotectedHeaders.headers?.get(Header.X5Chain);
  const chain = x5chain instanceof Uint8Array ? [x5chain] : Array.isArray(x5chain) ? (x5chain as Uint8Array[]) : [];
  return {
    chain,
    sub: claims.get(CWT_SUB),
    exp: claims.get(CWT_EXP),
    verifySignature: async (leaf) => {
      const key = await mdocContext.x509.getPublicKey({ certificate: new Uint8Array(leaf.rawData), alg: "ES256" });
      return sign1.verifySignature({ key }, mdocContext).catch(() => false);
    },
    statusAt: (idx) =>
      StatusList.decompressStatusList(Buffer.from(lst).toString("base64url"), bits as 1 | 2 | 4 | 8).getStatus(idx),
  };
}

function parseToken(bytes: Uint8Array): StatusToken | string {
  const text = new TextDecoder().decode(bytes).trim();
  try {
    return /^[\w-]+\.[\w-]+\.[\w-]+$/.test(text) ? jwtToken(text) : cwtToken(bytes);
  } catch {
    return "it is neither a status list JWT nor a status list CWT";
  }
}

export async function checkStatusList(
  reference: StatusReference,
  options: {
    trustAnchors: readonly string[];
    now: Date;
    fetchStatusList(uri: string): Promise<Uint8Array>;
  },
): Promise<PresentationCheck> {
  let bytes: Uint8Array;
  try {
    bytes = await options.fetchStatusList(reference.uri);
  } catch (error) {
    return result(false, `the status list ${reference.uri} could not be fetched: ${(error as Error).message}`);
  }
  const token = parseToken(bytes);
  if (typeof token === "string") return result(false, `the status list ${reference.uri} is refused: ${token}`);
  const chain = await verifyChain(token.chain, options.trustAnchors);
  if (!chain.trusted) return result(false, `the status list's signer is not trusted: ${chain.reason}`);
  if (!(await token.verifySignature(chain.leaf))) return result(false, "the status list's signature does not hold");
  if (token.sub !== reference.uri)
    return result(false, `the status list at ${reference.uri} is for ${String(token.sub)}`);
  if (typeof token.exp === "number" && token.exp * 1000 < options.now.getTime()) {
    return result(false, "the status list has expired (the issuer has not published a fresh one)");
  }
  let status: number;
  try {
    status = token.statusAt(reference.idx);
  } catch {
    return result(false, `entry ${reference.idx} is not in the status list ${reference.uri}`);
  }
  if (status === 0) return result(true, `valid in the issuer's status list (entry ${reference.idx})`);
  const word = STATUS_WORDS[status] ?? `status ${status}`;
  return result(false, `the issuer's status list says ${word} (entry ${reference.idx})`);
}
