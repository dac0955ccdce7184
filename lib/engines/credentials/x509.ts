import "server-only";
// @peculiar/x509 2.x resolves its algorithm providers through tsyringe, which needs the Reflect metadata API before
// the library loads: every file of this engine imports X.509 from here, never from the package directly.
import "reflect-metadata";

import { X509Certificate } from "@peculiar/x509";

export * from "@peculiar/x509";

/** a certificate from DER bytes of any backing buffer (COSE / CBOR decoders hand out views) */
export function certificateFromDer(der: Uint8Array): X509Certificate {
  return new X509Certificate(new Uint8Array(der));
}
