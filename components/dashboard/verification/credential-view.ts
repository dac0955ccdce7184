import { CREDENTIAL_CLAIMS } from "@/lib/shared/digital-credentials";

// What the detail page says about a DIGITAL_CREDENTIAL step (issue 34), read from its data: pure, so it is tested
// without rendering.

const KIND_LABELS: Record<string, string> = {
  MDL: "Mobile driving licence (ISO 18013-5 mDL)",
  EU_PID_MDOC: "EU person identification data (PID), mdoc",
  EU_PID_SD_JWT: "EU person identification data (PID), SD-JWT VC",
};

export const FAILURE_LABELS: Record<string, string> = {
  UNREADABLE_RESPONSE: "the wallet's answer could not be read with this verification's key",
  NO_REQUEST: "no credential request was made for this verification",
  UNKNOWN_ISSUER: "the issuer is not among the trust anchors",
  BAD_ISSUER_SIGNATURE: "the issuer's signature does not hold",
  TAMPERED: "an element was changed after signing",
  EXPIRED: "the credential has expired (or is not yet valid)",
  REPLAYED: "presented for another verification (replayed)",
  WRONG_AUDIENCE: "presented to another website (wrong origin)",
  REPLAYED_OR_WRONG_AUDIENCE: "not bound to this verification and website (replayed, or another origin)",
  BAD_DEVICE_SIGNATURE: "not signed by the credential's own device key",
  REVOKED: "revoked by its issuer",
  SUSPENDED: "suspended by its issuer",
  STATUS_UNAVAILABLE: "its issuer's status list could not be fetched or trusted",
  CLAIMS_MISSING: "a claim asked for was not disclosed",
};

export type CredentialView = {
  verified: boolean;
  headline: string;
  kind: string | null;
  format: string | null;
  issuer: string | null;
  validity: string | null;
  disclosed: string[];
};

function text(value: unknown): string | null {
  return typeof value === "string" && value ? value : null;
}

/** null for a step that is not a credential's; else what it proved, or why it was refused. */
export function credentialView(
  processType: string,
  result: string | null,
  data: Record<string, unknown>,
): CredentialView | null {
  if (processType !== "DIGITAL_CREDENTIAL") return null;
  const credential = (data.credential ?? null) as Record<string, unknown> | null;
  const failure = text(data.credential_failure);
  const verified = data.verified_from === "SIGNED_CREDENTIAL" && result !== "DECLINED" && !failure;
  const issuer = (credential?.issuer ?? null) as { name?: unknown; country?: unknown } | null;
  const disclosed = Array.isArray(credential?.disclosed)
    ? (credential.disclosed as unknown[]).filter((c): c is string => typeof c === "string")
    : [];
  const validFrom = text(credential?.valid_from);
  const validUntil = text(credential?.valid_until);
  return {
    verified,
    headline: verified
      ? "Verified from a signed credential"
      : failure && result === "MANUAL_REVIEW"
        ? `Signed credential to review: ${FAILURE_LABELS[failure] ?? failure}`
        : failure
          ? `Signed credential refused: ${FAILURE_LABELS[failure] ?? failure}`
          : "Signed credential not verified",
    kind: credential ? (KIND_LABELS[String(credential.kind)] ?? String(credential.kind)) : null,
    format: text(credential?.format),
    issuer: issuer ? [text(issuer.name), text(issuer.country)].filter(Boolean).join(", ") || null : null,
    validity: validFrom && validUntil ? `${validFrom.slice(0, 10)} – ${validUntil.slice(0, 10)}` : null,
    disclosed: CREDENTIAL_CLAIMS.filter((c) => disclosed.includes(c)),
  };
}
