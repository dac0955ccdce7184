import "server-only";
import { prisma } from "@/lib/core/db";
import { openText } from "@/lib/core/crypto/field-crypto";
import { eachKey } from "@/lib/core/crypto/keyring";
import { inputIndex } from "@/lib/core/crypto/search-index";
import { secrets } from "@/lib/core/secrets";
import type { DuplicateAddress } from "@/lib/checks/types";
import { addressKey, type AddressParts } from "@/lib/engines/address/normalize-address";

// ADDRESS_DUPLICATE_DETECTION's lookup: verifications of OTHER identities of the SAME account whose submitted
// address has the same key (normalize-address.ts). Never another account: the account id is the first condition.
//
// Why this query: inputs are rows (fieldName, value) whose values are sealed. SQL narrows the candidates with what
// it can compare exactly — account (index Verification(accountId, createdAt, id)), other identity, same COUNTRY,
// and the same compacted POSTAL_CODE (or, without one, the same lower-cased CITY), all through blind indexes
// (VerificationInput.valueIndex) — and only those few candidates' values are opened and their street lines
// normalised and compared in JS, where the abbreviation rules live. Cost grows with the account's verifications.
// The same identity's other verifications are not duplicates (a person verifying again); redacted ones are gone.
// Without a postal code the city must be equal case-insensitively in SQL ("Zurich" ≠ "Zürich" there): a rare case
// (ADDRESS_COMPLETENESS makes the postal code required) accepted for an exact, index-friendly condition.

type Candidate = {
  verificationId: string;
  identityId: string;
  addressLine: string | null;
  city: string | null;
  postalCode: string | null;
  country: string | null;
};

const MAX_CANDIDATES = 500;

export async function findDuplicateAddresses(
  scope: { accountId: string; identityId: string },
  address: AddressParts,
): Promise<DuplicateAddress[]> {
  const wanted = addressKey(address);
  if (!wanted || !address.country) return [];
  const key = secrets().keyring;
  // input values are sealed: SQL compares blind indexes (lib/core/crypto/search-index.ts normalises as addressKey does)
  // under every key of the ring: until `npm run keys:rotate` has re-sealed a row, it keeps the index of its old key
  const each = (field: string, value: string | null | undefined) =>
    eachKey(key).flatMap((k) => inputIndex(k, field, value) ?? []);
  const country = each("COUNTRY", address.country);
  const postal = address.postalCode ? each("POSTAL_CODE", address.postalCode) : [];
  const city = each("CITY", address.city);

  const candidates = postal.length
    ? await prisma.$queryRaw<Candidate[]>`
        SELECT v."id"::text AS "verificationId", v."identityId"::text AS "identityId", line."value" AS "addressLine",
               city."value" AS "city", postal."value" AS "postalCode", country."value" AS "country"
        FROM "Verification" v
        JOIN "VerificationInput" country ON country."verificationId" = v."id" AND country."fieldName" = 'COUNTRY'
        JOIN "VerificationInput" postal ON postal."verificationId" = v."id" AND postal."fieldName" = 'POSTAL_CODE'
        JOIN "VerificationInput" line ON line."verificationId" = v."id" AND line."fieldName" = 'ADDRESS_LINE'
        LEFT JOIN "VerificationInput" city ON city."verificationId" = v."id" AND city."fieldName" = 'CITY'
        WHERE v."accountId" = ${scope.accountId}::uuid AND v."identityId" <> ${scope.identityId}::uuid AND v."redactedAt" IS NULL
          AND country."valueIndex" = ANY(${country}::text[])
          AND postal."valueIndex" = ANY(${postal}::text[])
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
          AND country."valueIndex" = ANY(${country}::text[])
          AND postal."valueIndex" IS NULL
          AND (city."valueIndex" = ANY(${city}::text[]) OR (cardinality(${city}::text[]) = 0 AND city."valueIndex" IS NULL))
        ORDER BY v."createdAt" DESC
        LIMIT ${MAX_CANDIDATES}`;

  return candidates
    .map((c) => ({
      ...c,
      addressLine: openText(key, c.addressLine),
      city: openText(key, c.city),
      postalCode: openText(key, c.postalCode),
      country: openText(key, c.country),
    }))
    .filter(
      (c) =>
        addressKey({
          addressLine: c.addressLine,
          city: c.city,
          province: null,
          postalCode: c.postalCode,
          country: c.country,
        }) === wanted,
    )
    .map(({ verificationId, identityId }) => ({ verificationId, identityId }));
}
