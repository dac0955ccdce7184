import "server-only";
import { createHmac } from "node:crypto";
import { readdir, readFile, stat } from "node:fs/promises";
import path from "node:path";
import { env } from "@/lib/core/env";
import { secrets } from "@/lib/core/secrets";
import type { DataMode } from "@/lib/shared/data-mode";
import { testIssuerFromSecret, type TestIssuer } from "@/lib/engines/credentials/test-kit/test-issuer";

// Whose signatures a DIGITAL_CREDENTIAL step accepts (issue 34, docs/checks.md "Trust anchors"): the PEM
// certificates in CREDENTIAL_TRUST_ANCHORS_DIR (IACA roots for mdocs, issuer CAs for SD-JWT VCs), none by default.
// A test verification also trusts the sandbox's test issuer; a live one never does, whatever the directory holds.

const PEM_BLOCK = /-----BEGIN CERTIFICATE-----[\s\S]+?-----END CERTIFICATE-----/g;

let cachedIssuer: { appSecret: string; issuer: Promise<TestIssuer> } | undefined;

/** The sandbox issuer, derived from the app secret: the same on every instance sharing it, unknown to anyone else. */
export function sandboxIssuer(): Promise<TestIssuer> {
  const { appSecret } = secrets();
  if (cachedIssuer?.appSecret !== appSecret) {
    const secret = createHmac("sha256", appSecret).update("sandbox-credential-issuer:v1").digest("hex");
    cachedIssuer = { appSecret, issuer: testIssuerFromSecret(secret, { name: "Sandbox test issuer" }) };
  }
  return cachedIssuer.issuer;
}

/** Every certificate of every *.pem / *.crt / *.cer file of the directory, read at each call (no restart needed). */
export async function operatorTrustAnchors(dir = env().CREDENTIAL_TRUST_ANCHORS_DIR): Promise<string[]> {
  if (!dir) return [];
  const info = await stat(dir).catch(() => null);
  if (!info?.isDirectory())
    throw new Error(`CREDENTIAL_TRUST_ANCHORS_DIR (${dir}) is not a readable directory of PEM files`);
  const names = (await readdir(dir)).filter((n) => /\.(pem|crt|cer)$/i.test(n)).sort();
  const anchors: string[] = [];
  for (const name of names) {
    const text = await readFile(path.join(dir, name), "utf8");
    anchors.push(...(text.match(PEM_BLOCK) ?? []));
  }
  return anchors;
}

/** The anchors of a verification of this mode. */
export async function trustAnchorsFor(mode: DataMode): Promise<string[]> {
  const operator = await operatorTrustAnchors();
  if (mode !== "test") return operator;
  return [...operator, (await sandboxIssuer()).rootPem];
}
