import "server-only";
import { prisma } from "@/lib/core/db";
import { openJson } from "@/lib/core/crypto/field-crypto";
import { eachKey } from "@/lib/core/crypto/keyring";
import { documentNumberIndex } from "@/lib/core/crypto/search-index";
import { secrets } from "@/lib/core/secrets";
import type { DocumentFingerprint, DuplicateDocument } from "@/lib/checks/types";

// DUPLICATE_DOCUMENT's lookup: DOCUMENT_VERIFICATION steps of OTHER identities of the SAME account (never another
// account: the account id is the first condition) whose data has the same issuing country + document number, or an
// image hash within IMAGE_HASH_MAX_BITS of this one. The same identity verifying again is not a duplicate.
//
// Step data is sealed: the number is compared through its blind index (VerificationStep.documentNumberIndex) and
// the issuing state after opening the few rows found; the image hash has its own column (a perceptual hash, not
// reversible to the image). The scan starts from Verification(accountId, createdAt, id) and reaches each step
// through the unique (verificationId, position) index, so its cost grows with the account's own verifications, and
// the hash distance (bit_count of the XOR of two 256-bit strings, PostgreSQL ≥ 14) is computed only on those rows.

/** 256-bit dHash distance under which two front images are the same photo (re-compressed, resized, cropped a bit). */
export const IMAGE_HASH_MAX_BITS = 20;

export async function findDuplicateDocuments(
  scope: { accountId: string; identityId: string; verificationId: string },
  print: DocumentFingerprint,
): Promise<DuplicateDocument[]> {
  const key = secrets().keyring;
  // under every key of the ring: until `npm run keys:rotate` has re-sealed a row, it keeps the index of its old key
  const numbers =
    print.documentNumber && print.country
      ? eachKey(key).flatMap((k) => documentNumberIndex(k, print.documentNumber!) ?? [])
      : [];
  const hash = /^[0-9a-f]{64}$/.test(print.imageHash) ? print.imageHash : null;
  if (!numbers.length && !hash) return [];
  const rows = await prisma.$queryRaw<
    { verificationId: string; sameNumber: boolean; sameImage: boolean; data: unknown }[]
  >`
    SELECT "verificationId", "sameNumber", "sameImage", "data" FROM (
      SELECT v."id"::text AS "verificationId", v."createdAt", s."data",
             coalesce(s."documentNumberIndex" = ANY(${numbers}::text[]), false) AS "sameNumber",
             coalesce(${hash}::text IS NOT NULL AND s."imageHash" IS NOT NULL
                      AND bit_count(('x' || s."imageHash")::bit(256) # ('x' || ${hash}::text)::bit(256)) <= ${IMAGE_HASH_MAX_BITS}, false) AS "sameImage"
      FROM "Verification" v
      JOIN "VerificationStep" s ON s."verificationId" = v."id" AND s."processType" = 'DOCUMENT_VERIFICATION'
      WHERE v."accountId" = ${scope.accountId}::uuid AND v."identityId" <> ${scope.identityId}::uuid AND v."id" <> ${scope.verificationId}::uuid
        AND v."redactedAt" IS NULL
        AND (s."documentNumberIndex" = ANY(${numbers}::text[]) OR (${hash}::text IS NOT NULL AND s."imageHash" IS NOT NULL))
    ) c
    WHERE "sameNumber" OR "sameImage"
    ORDER BY "createdAt" DESC
    LIMIT 20`;
  // the number's index leaves out the issuing state: the same number from another state is not the same document
  const sameState = (data: unknown) =>
    (openJson(key, data) as { country_of_issuance?: unknown } | null)?.country_of_issuance === print.country;
  return rows.flatMap((r): DuplicateDocument[] => {
    if (r.sameNumber && sameState(r.data)) return [{ verificationId: r.verificationId, reason: "DOCUMENT_NUMBER" }];
    return r.sameImage ? [{ verificationId: r.verificationId, reason: "IMAGE" }] : [];
  });
}
