import "server-only";
import { cborDecode, cborEncode, CoseKey, DataItem, IssuerAuth, IssuerSigned } from "@owf/mdoc";
import { mdocContext } from "../mdoc-context";
import type { TestIssuer } from "./test-issuer";

// @owf/mdoc 0.6 builds an MSO without the `status` member (ISO/IEC 18013-5 second edition, IETF Token Status List
// section on mdocs: status.status_list {idx, uri}), so the test issuer adds it to the signed MSO and signs again.

export async function addStatusToIssuerSigned(
  issued: IssuerSigned,
  status: { uri: string; index: number },
  issuer: TestIssuer,
): Promise<IssuerSigned> {
  const original = issued.issuerAuth;
  const mso = cborDecode<DataItem<Map<string, unknown>>>(original.payload!, { unwrapTopLevelDataItem: false }).data;
  mso.set(
    "status",
    new Map([
      [
        "status_list",
        new Map<string, unknown>([
          ["idx", status.index],
          ["uri", status.uri],
        ]),
      ],
    ]),
  );
  const issuerAuth = await IssuerAuth.create(
    {
      protectedHeaders: original.protectedHeaders,
      unprotectedHeaders: original.unprotectedHeaders,
      payload: cborEncode(DataItem.fromData(mso)),
      signingKey: CoseKey.fromJwk({ ...issuer.signerPrivateJwk, alg: "ES256" } as Record<string, unknown>),
    },
    mdocContext,
  );
  return IssuerSigned.create({ issuerNamespaces: issued.issuerNamespaces, issuerAuth });
}
