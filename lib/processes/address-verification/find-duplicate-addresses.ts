import "server-only";
import { prisma } from "@/lib/db";
import { addressKey, compactPostalCode, type AddressParts } from "./normalize-address";

// ADDRESS_DUPLICATE_DETECTION's lookup: verifications of OTHER identities of the SAME account whose submitted
// address has the same key (normalize-address.ts). Never another account: the account id is the first condition.
//
// Why this query: inputs are rows (fieldName, value) with no address column or value index, and this module may
// not change the schema. So SQL narrows the candidates with what it can compare exactly — account (index
// Verification(accountId, createdAt, id)), other identity, same COUNTRY, and the same compacted POSTAL_CODE (or,
// without one, the same lower-cased CITY) through the unique (verificationId, fieldName) index of
// VerificationInput — and only those few candidates' street lines are normalised and compared in JS, where the
// abbreviation rules live. Cost grows with the account's verifications, not the table's; a future migration can
// add an expression index on the compacted postal code (the exact expression used below) to start from it instead.
// The same identity's other verifications are not duplicates (a person verifying again); redacted ones are gone.
// Without a postal code the city must be equal case-insensitively in SQL ("Zurich" ≠ "Zürich" there): a rare case
// (ADDRESS_COMPLETENESS makes the postal code required) accepted for an exact, index-friendly condition.

export type DuplicateAddress = { verificationId: string; identityId: string };

type Candidate = { verificationId: string; identityId: string; addressLine: string | null; city: string | null; postalCode: string | null; country: string | null };

const MAX_CANDIDATES = 500;

export async function findDuplicateAddresses(scope: { accountId: string; identityId: string }, address: AddressParts): Promise<DuplicateAddress[]> {
  const key = addressKey(address);
  if (!key || !address.country) return [];
  const country = address.country.trim().toUpperCase();
  const postal = address.postalCode ? compactPostalCode(address.postalCode) : "";
  const city = address.city?.trim().toLowerCase() ?? "";

  const candidates = postal
    ? await prisma.$queryRaw<Candidate[]>`
        SELECT v."id"::text AS "verificationId", v."identityId"::text AS "identityId", line."value" AS "addressLine",
               city."value" AS "city", postal."value" AS "postalCode", country."value" AS "country"
        FROM "Verification" v
        JOIN "VerificationInput" country ON country."verificationId" = v."id" AND country."fieldName" = 'COUNTRY'
        JOIN "VerificationInput" postal ON postal."verificationId" = v."id" AND postal."fieldName" = 'POSTAL_CODE'
        JOIN "VerificationInput" line ON line."verificationId" = v."id" AND line."fieldName" = 'ADDRESS_LINE'
        LEFT JOIN "VerificationInput" city ON city."verificationId" = v."id" AND city."fieldName" = 'CITY'
        WHERE v."accountId" = ${scope.accountId}::uuid AND v."identityId" <> ${scope.identityId}::uuid AND v."redactedAt" IS NULL
          AND upper(btrim(country."value")) = ${country}
          AND upper(regexp_replace(postal."value", '[^[:alnum:]]', '', 'g')) = ${postal}
        ORDER BY v."createdAt" DESC
        LIMIT ${MAX_CANDIDATES}`
    : await prisma.$queryRaw<Candidate[]>`
        SELECT v."id"::text AS "verificationId", v."identityId"::text AS "identityId", line."value" AS "addressLine",
               city."value" AS "city", NULL AS "postalCode", country."value" AS "country"
        FROM "Verification" v
        JOIN "VerificationInput" country ON country."verificationId" = v."id" AND country."fieldName" = 'COUNTRY'
        JOIN "VerificationInput" line ON line."verificationId" = v."id" AND line."fieldName" = 'ADDRESS_LINE'
        LEFT JOIN "VerificationInput" city ON city."verificationId" = v."id" AND city."fieldName" = 'CITY'
        LEFT JOIN "VerificationInput" postal ON postal."verificationId" = v."id" AND postal."fieldName" = 'POSTAL_CODE'
        WHERE v."accountId" = ${scope.accountId}::uuid AND v."identityId" <> ${scope.identityId}::uuid AND v."redactedAt" IS NULL
          AND upper(btrim(country."value")) = ${country}
          AND (postal."value" IS NULL OR btrim(postal."value") = '')
          AND lower(btrim(coalesce(city."value", ''))) = ${city}
        ORDER BY v."createdAt" DESC
        LIMIT ${MAX_CANDIDATES}`;

  return candidates
    .filter((c) => addressKey({ addressLine: c.addressLine, city: c.city, province: null, postalCode: c.postalCode, country: c.country }) === key)
    .map(({ verificationId, identityId }) => ({ verificationId, identityId }));
}
