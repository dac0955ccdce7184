import "server-only";
import { getListFromStatusListJWT } from "@sd-jwt/jwt-status-list";
import { compactVerify, decodeProtectedHeader, importX509 } from "jose";
import { verifyChain } from "./trust-chain";
import type { PresentationCheck } from "./types";

// IETF Token Status List: the credential names a list (uri) and its entry (idx); the list is a token signed by the
// issuer. We accept the JWT form (typ statuslist+jwt) signed under one of the same trust anchors as the credential,
// whose `sub` is the uri we fetched. The bits are read by @sd-jwt/jwt-status-list. The CWT form is not read yet: a
// credential naming one fails this check with that reason rather than passing unchecked.

export type StatusReference = { uri: string; idx: number };

const STATUS_ALGS = ["ES256", "ES384", "ES512"];
const STATUS_WORDS: Record<number, string> = { 1: "revoked (INVALID)", 2: "suspended" };

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
  const token = new TextDecoder().decode(bytes).trim();
  if (!/^[\w-]+\.[\w-]+\.[\w-]+$/.test(token)) {
    return result(false, `the status list ${reference.uri} is not a JWT status list (CWT status lists are not read)`);
  }
  let header: { alg?: string; typ?: string; x5c?: string[] };
  try {
    header = decodeProtectedHeader(token) as typeof header;
  } catch {
    return result(false, `the status list ${reference.uri} does not parse`);
  }
  if (header.typ !== "statuslist+jwt") return result(false, `the status list token's typ is ${header.typ ?? "absent"}`);
  if (!header.alg || !STATUS_ALGS.includes(header.alg))
    return result(false, "the status list's signature algorithm is not accepted");
  const chain = await verifyChain(
    (header.x5c ?? []).map((cert) => new Uint8Array(Buffer.from(cert, "base64"))),
    options.trustAnchors,
  );
  if (!chain.trusted) return result(false, `the status list's signer is not trusted: ${chain.reason}`);
  let payload: { sub?: string; exp?: number };
  try {
    const key = await importX509(chain.leaf.toString("pem"), header.alg);
    payload = JSON.parse(new TextDecoder().decode((await compactVerify(token, key)).payload));
  } catch {
    return result(false, "the status list's signature does not hold");
  }
  if (payload.sub !== reference.uri) return result(false, `the status list at ${reference.uri} is for ${payload.sub}`);
  if (typeof payload.exp === "number" && payload.exp * 1000 < options.now.getTime()) {
    return result(false, "the status list has expired (the issuer has not published a fresh one)");
  }
  let status: number;
  try {
    status = getListFromStatusListJWT(token).getStatus(reference.idx);
  } catch {
    return result(false, `entry ${reference.idx} is not in the status list ${reference.uri}`);
  }
  if (status === 0) return result(true, `valid in the issuer's status list (entry ${reference.idx})`);
  return result(
    false,
    `the issuer's status list says ${STATUS_WORDS[status] ?? `status ${status}`} (entry ${reference.idx})`,
  );
}
