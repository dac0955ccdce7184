import "server-only";
import { prisma } from "@/lib/db";
import type { Duplicate } from "./decide";

// DUPLICATE_DOCUMENT's lookup: DOCUMENT_VERIFICATION steps of OTHER identities of the SAME account (never another
// account: the account id is the first condition) whose data has the same issuing country + document number, or an
// image hash within IMAGE_HASH_MAX_BITS of this one. The same identity verifying again is not a duplicate.
//
// Why no new index: the scan starts from Verification(accountId, createdAt, id) and reaches each step through the
// unique (verificationId, position) index, so its cost grows with the account's own verifications, and the hash
// distance (bit_count of the XOR of two 256-bit strings, PostgreSQL ≥ 14) is computed only on those rows. A
// very large account would want an expression index on (data->>'document_number'); not needed yet.

/** 256-bit dHash distance under which two front images are the same photo (re-compressed, resized, cropped a bit). */
export const IMAGE_HASH_MAX_BITS = 20;

type Fingerprint = { documentNumber: string | null; country: string | null; imageHash: string };

export async function findDuplicateDocuments(scope: { accountId: string; identityId: string; verificationId: string }, print: Fingerprint): Promise<Duplicate[]> {
  const number = print.documentNumber && print.country ? print.documentNumber : null;
  const hash = /^[0-9a-f]{64}$/.test(print.imageHash) ? print.imageHash : null;
  if (!number && !hash) return [];
  const rows = await prisma.$queryRaw<{ verificationId: string; sameNumber: boolean }[]>`
    SELECT v."id"::text AS "verificationId",
           coalesce(s."data"->>'document_number' = ${number} AND s."data"->>'country_of_issuance' = ${print.country}, false) AS "sameNumber"
    FROM "Verification" v
    JOIN "VerificationStep" s ON s."verificationId" = v."id" AND s."processType" = 'DOCUMENT_VERIFICATION'
    WHERE v."accountId" = ${scope.accountId}::uuid AND v."identityId" <> ${scope.identityId}::uuid AND v."id" <> ${scope.verificationId}::uuid
      AND v."redactedAt" IS NULL
      AND (
        (${number}::text IS NOT NULL AND s."data"->>'document_number' = ${number} AND s."data"->>'country_of_issuance' = ${print.country})
        OR (${hash}::text IS NOT NULL AND s."data"->>'image_hash' ~ '^[0-9a-f]{64}$'
            AND bit_count(('x' || (s."data"->>'image_hash'))::bit(256) # ('x' || ${hash}::text)::bit(256)) <= ${IMAGE_HASH_MAX_BITS})
      )
    ORDER BY v."createdAt" DESC
    LIMIT 20`;
  return rows.map((r) => ({ verificationId: r.verificationId, reason: r.sameNumber ? "DOCUMENT_NUMBER" : "IMAGE" }));
}

/** The facts normalize-upload kept from the original file's metadata (editing software, camera), or null. */
export async function storedFileMeta(accountId: string, fileId: string): Promise<Record<string, unknown> | null> {
  const file = await prisma.storedFile.findFirst({ where: { id: fileId, accountId }, select: { meta: true } });
  const meta = file?.meta;
  return meta && typeof meta === "object" && !Array.isArray(meta) ? (meta as Record<string, unknown>) : null;
}
