import type { Check } from "@/lib/checks/types";
import type { PresentationCheck, PresentationCheckName, VerifiedCredential } from "@/lib/engines/credentials/types";

// From the engine's verdict to the step's checks and `data` (docs/checks.md "DIGITAL_CREDENTIAL"). The data names
// the fields as DOCUMENT_VERIFICATION's do, so the face matches, WATCHLIST_CHECK, ADDRESS_VERIFICATION and the
// decision rules read a credential as they read a document.

/** Why a presentation was refused, one reason per check (the API's data.credential_failure). */
export const FAILURE_REASONS: Record<PresentationCheckName, string> = {
  RESPONSE_FORMAT: "UNREADABLE_RESPONSE",
  ISSUER_TRUSTED: "UNKNOWN_ISSUER",
  ISSUER_SIGNATURE: "BAD_ISSUER_SIGNATURE",
  ELEMENTS_INTACT: "TAMPERED",
  VALIDITY: "EXPIRED",
  NONCE: "REPLAYED",
  AUDIENCE: "WRONG_AUDIENCE",
  DEVICE_BINDING: "BAD_DEVICE_SIGNATURE",
  STATUS: "REVOKED",
  CLAIMS_DISCLOSED: "CLAIMS_MISSING",
};

/**
 * Each presentation check as a step check. Every failure is a decline with its own reason, except a claim the
 * holder did not disclose: the credential is genuine, a person decides whether what is there is enough.
 */
export function toStepCheck(check: PresentationCheck): Check {
  if (check.result === "FAILED" && check.name === "CLAIMS_DISCLOSED")
    return { name: check.name, result: "REVIEW", detail: check.detail };
  // a status list that could not be fetched or trusted proves nothing either way: a person decides, not a decline
  if (check.result === "FAILED" && check.name === "STATUS" && statusReason(check.detail) === "STATUS_UNAVAILABLE")
    return { name: check.name, result: "REVIEW", detail: check.detail };
  return { name: check.name, result: check.result, detail: check.detail };
}

/**
 * The first failure's reason, in the engine's order of checks; null when none failed. An mdoc's device signature
 * covers the nonce and the origin in one session transcript: when it does not hold, both checks fail and nobody can
 * tell a replay from a wrong origin, so the reason says both (REPLAYED_OR_WRONG_AUDIENCE). An SD-JWT VC's key-binding
 * JWT names each apart, so its reasons stay REPLAYED or WRONG_AUDIENCE.
 */
export function failureReason(checks: readonly PresentationCheck[]): string | null {
  const failed = checks.find((c) => c.result === "FAILED");
  if (!failed) return null;
  const failedToo = (name: PresentationCheckName) => checks.some((c) => c.name === name && c.result === "FAILED");
  if ((failed.name === "NONCE" || failed.name === "AUDIENCE") && failedToo("NONCE") && failedToo("AUDIENCE"))
    return "REPLAYED_OR_WRONG_AUDIENCE";
  // the engine fails STATUS also when the list cannot be fetched or trusted: that is not a revocation
  if (failed.name === "STATUS") return statusReason(failed.detail);
  return FAILURE_REASONS[failed.name];
}

/** The engine names the entry's state in its detail ("says revoked (INVALID)", "says suspended"). */
function statusReason(detail: string): "REVOKED" | "SUSPENDED" | "STATUS_UNAVAILABLE" {
  if (/\bsuspended\b/i.test(detail)) return "SUSPENDED";
  if (/\brevoked\b/i.test(detail)) return "REVOKED";
  return "STATUS_UNAVAILABLE";
}

const DOCUMENT_TYPE: Record<VerifiedCredential["kind"], string> = {
  MDL: "DRIVERS_LICENSE",
  EU_PID_MDOC: "NATIONAL_ID",
  EU_PID_SD_JWT: "NATIONAL_ID",
};

/** The step's data: the document fields, and what was presented (`credential`). */
export function credentialData(
  credential: VerifiedCredential | null,
  portraitFileId: string | null,
  failure: string | null,
): Record<string, unknown> {
  if (!credential) return { full_name: null, date_of_birth: null, credential: null, credential_failure: failure };
  const c = credential.claims;
  const fullName = [c.givenName, c.familyName].filter(Boolean).join(" ") || null;
  const address = c.address
    ? {
        address_line: c.address.line ?? null,
        city: c.address.city ?? null,
        province: c.address.region ?? null,
        postal_code: c.address.postalCode ?? null,
        country: c.address.country ?? null,
      }
    : null;
  return {
    full_name: fullName,
    surname: c.familyName ?? null,
    given_names: c.givenName ?? null,
    date_of_birth: c.birthDate ?? null,
    age_over_18: c.ageOver18 ?? null,
    // the closest printed equivalent: an mDL is a driving licence, a PID stands for the national identity
    document_type: DOCUMENT_TYPE[credential.kind],
    country_of_issuance: c.issuingCountry ?? credential.issuer.country ?? null,
    document_number: c.documentNumber ?? null,
    expiry_date: c.expiryDate ?? null,
    nationality: c.nationality ?? null,
    address,
    portrait_file_id: portraitFileId,
    credential: {
      kind: credential.kind,
      format: credential.format,
      issuer: credential.issuer,
      valid_from: credential.validFrom,
      valid_until: credential.validUntil,
      disclosed: credential.disclosed,
    },
    credential_failure: failure,
    verified_from: "SIGNED_CREDENTIAL",
  };
}
