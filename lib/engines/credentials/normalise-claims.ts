import { isCountryCode } from "@/lib/shared/country-codes";
import type { CredentialClaim } from "@/lib/shared/digital-credentials";
import type { ClaimPath, KindProfile } from "./claim-map";
import type { CredentialClaims, VerifiedCredential } from "./types";

// A credential's disclosed values → the workflow's claims, the same shape for mdoc and SD-JWT VC: ISO dates
// (YYYY-MM-DD), alpha-2 countries, the portrait as bytes. Only the claims the workflow asked for are read, whatever
// else a wallet sent (data minimisation holds on our side too).

export type ClaimReader = (path: ClaimPath) => unknown;

function isoDate(value: unknown): string | undefined {
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? undefined : value.toISOString().slice(0, 10);
  // @owf/mdoc's DateOnly (full-date, tag 1004) and tdate strings both print as ISO
  const text = typeof value === "string" ? value : typeof value === "object" && value ? String(value) : "";
  const match = /^(\d{4}-\d{2}-\d{2})/.exec(text);
  return match?.[1];
}

function text(value: unknown): string | undefined {
  return typeof value === "string" && value.trim() ? value.trim() : undefined;
}

function country(value: unknown): string | undefined {
  const first = Array.isArray(value) ? value[0] : value;
  return typeof first === "string" && isCountryCode(first) ? first.toUpperCase() : undefined;
}

const DATA_URL = /^data:(image\/[\w.+-]+);base64,([A-Za-z0-9+/=\s]+)$/;

function portraitOf(value: unknown): VerifiedCredential["portrait"] {
  if (value instanceof Uint8Array) {
    const bytes = Buffer.from(value);
    // ISO 18013-5 portraits are JPEG or JPEG 2000
    const contentType = bytes[0] === 0xff && bytes[1] === 0xd8 ? "image/jpeg" : "image/jp2";
    return bytes.length > 0 ? { bytes, contentType } : null;
  }
  const match = typeof value === "string" ? DATA_URL.exec(value) : null;
  if (!match) return null;
  return { bytes: Buffer.from(match[2]!, "base64"), contentType: match[1]! };
}

function addressOf(read: ClaimReader, profile: KindProfile): CredentialClaims["address"] {
  if (profile.format === "dc+sd-jwt") {
    const address = read(["address"]) as Record<string, unknown> | undefined;
    if (!address || typeof address !== "object") return undefined;
    const line = text(address.street_address) ?? text(address.formatted);
    const house = text(address.house_number);
    return {
      line: line && house ? `${line} ${house}` : line,
      city: text(address.locality),
      postalCode: text(address.postal_code),
      region: text(address.region),
      country: country(address.country),
    };
  }
  const [namespace] = profile.paths.address[0]!;
  const element = (name: string) => read([namespace!, name]);
  const address = {
    line: text(element("resident_address")),
    city: text(element("resident_city")),
    postalCode: text(element("resident_postal_code")),
    region: text(element("resident_state")),
    country: country(element("resident_country")),
  };
  return Object.values(address).some(Boolean) ? address : undefined;
}

function readOne(read: ClaimReader, profile: KindProfile, claim: CredentialClaim): unknown {
  for (const path of profile.paths[claim]) {
    const value = read(path);
    if (value !== undefined && value !== null) return value;
  }
  return undefined;
}

export function normaliseClaims(
  read: ClaimReader,
  profile: KindProfile,
  requested: readonly CredentialClaim[],
): Pick<VerifiedCredential, "claims" | "disclosed" | "portrait"> {
  const claims: CredentialClaims = {};
  const disclosed: CredentialClaim[] = [];
  let portrait: VerifiedCredential["portrait"] = null;
  for (const claim of requested) {
    const value = claim === "address" ? addressOf(read, profile) : readOne(read, profile, claim);
    if (value === undefined) continue;
    disclosed.push(claim);
    if (claim === "given_name") claims.givenName = text(value);
    if (claim === "family_name") claims.familyName = text(value);
    if (claim === "birth_date") claims.birthDate = isoDate(value);
    if (claim === "age_over_18" && typeof value === "boolean") claims.ageOver18 = value;
    if (claim === "document_number") claims.documentNumber = text(value);
    if (claim === "expiry_date") claims.expiryDate = isoDate(value);
    if (claim === "nationality") claims.nationality = country(value);
    if (claim === "address") claims.address = value as CredentialClaims["address"];
    if (claim === "portrait") portrait = portraitOf(value);
  }
  return { claims, disclosed, portrait };
}
