import "server-only";
import { fail, listChecks, newCheckBook, type CheckBook } from "./check-book";
import { KIND_PROFILES } from "./claim-map";
import { decryptResponse } from "./decrypt-response";
import type { PresentationVerdict, VerifiedCredential, VerifyPresentationInput } from "./types";
import { verifyMdoc } from "./verify-mdoc";
import { verifySdJwtVc } from "./verify-sd-jwt-vc";

// Verifies a wallet's answer to prepareCredentialRequest: decrypt with this verification's key, take the one
// presentation of an accepted kind, then check it (verify-mdoc.ts / verify-sd-jwt-vc.ts). Never throws on a bad
// answer: every failure is a FAILED check with its reason, and the credential is returned whenever it could be read.

export async function verifyPresentation(input: VerifyPresentationInput): Promise<PresentationVerdict> {
  const book = newCheckBook();
  const credential = await verifyInto(book, input);
  return { checks: listChecks(book, "not checked: the answer could not be read"), credential };
}

async function verifyInto(book: CheckBook, input: VerifyPresentationInput): Promise<VerifiedCredential | null> {
  const decrypted = await decryptResponse(input.response, input.responsePrivateJwk);
  if (!decrypted.ok) {
    fail(book, "RESPONSE_FORMAT", decrypted.reason);
    return null;
  }
  // one credential answers the request (credential_sets: any one accepted kind); the first accepted one is checked
  for (const kind of input.kinds) {
    const profile = KIND_PROFILES[kind];
    const presentations = decrypted.vpToken[profile.queryId];
    if (presentations === undefined) continue;
    const presentation = Array.isArray(presentations) && presentations.length === 1 ? presentations[0] : undefined;
    if (typeof presentation !== "string") {
      fail(book, "RESPONSE_FORMAT", `the answer for ${profile.queryId} is not one presentation`);
      return null;
    }
    try {
      return profile.format === "mso_mdoc"
        ? await verifyMdoc(book, presentation, profile, input, decrypted.jwkThumbprint)
        : await verifySdJwtVc(book, presentation, profile, input);
    } catch (error) {
      // a malformed structure the parsers let through: refused, never thrown at the process
      book.clear();
      fail(book, "RESPONSE_FORMAT", `the presentation could not be read: ${(error as Error).message}`);
      return null;
    }
  }
  fail(book, "RESPONSE_FORMAT", "the answer holds no credential of an accepted kind");
  return null;
}
