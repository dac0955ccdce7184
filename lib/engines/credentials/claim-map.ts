import type { CredentialClaim, CredentialKind } from "@/lib/shared/digital-credentials";
import type { CredentialFormat } from "./types";

// The workflow's claim names → each credential's own element names. mDL: ISO/IEC 18013-5 (namespace
// org.iso.18013.5.1); EU PID as mdoc: PID Rulebook (ARF annex 3.01) chapter 3 (namespace eu.europa.ec.eudi.pid.1);
// EU PID as SD-JWT VC: the same rulebook's chapter 4 (vct urn:eudi:pid:1, OIDC claim names, age_equal_or_over.18).
// docs/checks.md ("DIGITAL_CREDENTIAL: what is verified") shows this table; change both together.

export const MDL_DOCTYPE = "org.iso.18013.5.1.mDL";
export const MDL_NAMESPACE = "org.iso.18013.5.1";
export const PID_MDOC_DOCTYPE = "eu.europa.ec.eudi.pid.1";
export const PID_MDOC_NAMESPACE = "eu.europa.ec.eudi.pid.1";
export const PID_SD_JWT_VCT = "urn:eudi:pid:1";

/** a claim path as DCQL writes it: [namespace, element] for an mdoc, a JSON path for an SD-JWT VC */
export type ClaimPath = readonly string[];

export type KindProfile = {
  kind: CredentialKind;
  format: CredentialFormat;
  /** the DCQL credential query id (also the vp_token key the wallet answers under) */
  queryId: string;
  /** doctype for an mdoc, vct for an SD-JWT VC */
  type: string;
  /** the paths that carry one workflow claim (an address is several elements; any of them disclosed counts) */
  paths: Record<CredentialClaim, readonly ClaimPath[]>;
};

const ADDRESS_ELEMENTS = [
  "resident_address",
  "resident_city",
  "resident_postal_code",
  "resident_state",
  "resident_country",
] as const;

function mdocPaths(namespace: string): Record<CredentialClaim, readonly ClaimPath[]> {
  const one = (element: string) => [[namespace, element]] as const;
  return {
    given_name: one("given_name"),
    family_name: one("family_name"),
    birth_date: one("birth_date"),
    age_over_18: one("age_over_18"),
    portrait: one("portrait"),
    document_number: one("document_number"),
    expiry_date: one("expiry_date"),
    nationality: one("nationality"),
    address: ADDRESS_ELEMENTS.map((element) => [namespace, element]),
  };
}

export const KIND_PROFILES: Record<CredentialKind, KindProfile> = {
  MDL: { kind: "MDL", format: "mso_mdoc", queryId: "mdl", type: MDL_DOCTYPE, paths: mdocPaths(MDL_NAMESPACE) },
  EU_PID_MDOC: {
    kind: "EU_PID_MDOC",
    format: "mso_mdoc",
    queryId: "pid_mdoc",
    type: PID_MDOC_DOCTYPE,
    paths: mdocPaths(PID_MDOC_NAMESPACE),
  },
  EU_PID_SD_JWT: {
    kind: "EU_PID_SD_JWT",
    format: "dc+sd-jwt",
    queryId: "pid_sd_jwt",
    type: PID_SD_JWT_VCT,
    paths: {
      given_name: [["given_name"]],
      family_name: [["family_name"]],
      birth_date: [["birthdate"]],
      age_over_18: [["age_equal_or_over", "18"]],
      portrait: [["picture"]],
      document_number: [["document_number"]],
      expiry_date: [["date_of_expiry"]],
      nationality: [["nationalities"]],
      address: [["address"]],
    },
  },
};

export function profileForQueryId(queryId: string): KindProfile | undefined {
  return Object.values(KIND_PROFILES).find((profile) => profile.queryId === queryId);
}
