import "server-only";
import { z } from "zod";
import { prisma } from "@/lib/core/db";
import { Prisma } from "@/generated/prisma/client";
import { isUuid } from "@/lib/core/ids";
import { openJson } from "@/lib/core/crypto/field-crypto";
import { eachKey } from "@/lib/core/crypto/keyring";
import {
  documentNumberIndex,
  emailIndex,
  inputIndex,
  nameWordIndexes,
  REFERENCE_PREFIX_MAX,
  REFERENCE_PREFIX_MIN,
  referenceIndex,
  referencePrefixIndex,
} from "@/lib/core/crypto/search-index";
import { secrets } from "@/lib/core/secrets";
import { canViewPersonalData, type Member } from "@/lib/auth/permissions";

// The dashboard's verification list: filters + keyset pagination on (createdAt, id), newest first. Every plan
// starts from an index whose leading column is accountId, so a page costs the same at row 20 and row 1,000,000:
//   no filter / workflow / dates → (accountId, createdAt DESC, id)
//   status → (accountId, status, createdAt DESC, id); result → (accountId, result, createdAt DESC, id)
//   search → a small id set from blind indexes (reference and its prefixes, e-mail, document number, name words;
//   lib/core/crypto/search-index.ts), then sorted: never a scan of the account's rows.

export const PAGE_SIZE = 25;
const STATUSES = ["PENDING", "INITIATED", "PROCESSING", "COMPLETED", "FAILED", "ABANDONED", "EXPIRED"] as const;
const RESULTS = ["APPROVED", "DECLINED", "MANUAL_REVIEW"] as const;
const DAY = /^\d{4}-\d{2}-\d{2}$/;
const CURSOR = /^(\d{1,15})\.([0-9a-f-]{36})$/i;

const optional = <T extends z.ZodType>(schema: T) => schema.optional().catch(undefined);

/** The list's query string. A malformed parameter is ignored, never an error page. */
export const ListFiltersSchema = z.object({
  status: optional(z.enum(STATUSES)),
  result: optional(z.enum(RESULTS)),
  workflowId: optional(z.string().refine(isUuid)),
  from: optional(z.string().regex(DAY)),
  to: optional(z.string().regex(DAY)),
  q: optional(z.string().trim().min(1).max(200)),
  after: optional(z.string().regex(CURSOR)),
  before: optional(z.string().regex(CURSOR)),
  // live or the sandbox's test data, never both (docs/sandbox.md)
  mode: optional(z.enum(["live", "test"])),
});

export type ListFilters = z.infer<typeof ListFiltersSchema>;

export type VerificationRow = {
  id: string;
  status: string;
  result: string | null;
  createdAt: Date;
  completedAt: Date | null;
  redactedAt: Date | null;
  workflowName: string;
  reference: string | null;
};

export type VerificationPage = { rows: VerificationRow[]; nextCursor: string | null; prevCursor: string | null };

export function encodeCursor(row: { createdAt: Date; id: string }): string {
  return `${row.createdAt.getTime()}.${row.id}`;
}

function decodeCursor(cursor: string): { createdAt: Date; id: string } {
  const [, ms, id] = CURSOR.exec(cursor)!;
  return { createdAt: new Date(Number(ms)), id: id! };
}

/**
 * The ids the search box matches: a UUID is the verification id; an e-mail is matched exactly (metadata.email or
 * the EMAIL input); other text is the reference (exactly, or a prefix of 3–64 characters), a document number, or
 * words of the document's full name (each word whole, case and accents ignored). Personal data is sealed, so each
 * comparison is between blind indexes (lib/core/crypto/search-index.ts), never plaintext.
 * Without the personal-data permission (`personalSearch` false) only the id and the reference are searched: a match
 * on an e-mail, a name or a document number would tell such a reviewer whose case it is (issue 33).
 */
function searchCondition(accountId: string, q: string, personalSearch: boolean): Prisma.Sql {
  if (isUuid(q)) return Prisma.sql`v."id" = ${q}::uuid`;
  // under every key of the ring: until `npm run keys:rotate` has re-sealed a row, it keeps the index of its old key
  const keys = eachKey(secrets().keyring);
  const each = <T>(index: (key: (typeof keys)[number]) => T | null): T[] =>
    keys.map(index).filter((i): i is T => i !== null);
  const length = [...q].length;
  const prefixes =
    length >= REFERENCE_PREFIX_MIN && length <= REFERENCE_PREFIX_MAX ? each((k) => referencePrefixIndex(k, q)) : [];
  const byReference = Prisma.sql`v."id" IN (
    SELECT "id" FROM "Verification" WHERE "accountId" = ${accountId}::uuid
      AND ("referenceIndex" = ANY(${each((k) => referenceIndex(k, q))}::text[]) OR (cardinality(${prefixes}::text[]) > 0 AND "referencePrefixes" && ${prefixes}::text[])))`;
  if (!personalSearch) return byReference;
  if (q.includes("@")) {
    const emails = each((k) => emailIndex(k, q));
    const inputs = each((k) => inputIndex(k, "EMAIL", q));
    return Prisma.sql`v."id" IN (
      SELECT "id" FROM "Verification" WHERE "accountId" = ${accountId}::uuid AND "emailIndex" = ANY(${emails}::text[])
      UNION
      SELECT "verificationId" FROM "VerificationInput" WHERE "fieldName" = 'EMAIL' AND "valueIndex" = ANY(${inputs}::text[]))`;
  }
  const numbers = each((k) => documentNumberIndex(k, q));
  const words = each((k) => nameWordIndexes(k, q)).filter((w) => w.length > 0);
  const nameMatch = words.length
    ? Prisma.join(
        words.map((w) => Prisma.sql`"nameWords" @> ${w}::text[]`),
        " OR ",
      )
    : Prisma.sql`false`;
  return Prisma.sql`v."id" IN (
    SELECT "id" FROM "Verification" WHERE "accountId" = ${accountId}::uuid
      AND ("referenceIndex" = ANY(${each((k) => referenceIndex(k, q))}::text[]) OR (cardinality(${prefixes}::text[]) > 0 AND "referencePrefixes" && ${prefixes}::text[]))
    UNION
    SELECT "verificationId" FROM "VerificationStep"
    WHERE "processType" IN ('DOCUMENT_VERIFICATION', 'DIGITAL_CREDENTIAL')
      AND ("documentNumberIndex" = ANY(${numbers}::text[]) OR ${nameMatch}))`;
}

/**
 * The SQL of one page (exported for the benchmark's EXPLAIN). Fetches one row more than a page to know whether another
 * follows. `personalSearch`: whether `q` may match personal data (canViewPersonalData of the member who asks).
 */
export function listVerificationsSql(
  accountId: string,
  filters: ListFilters,
  personalSearch: boolean,
  pageSize = PAGE_SIZE,
): Prisma.Sql {
  const where: Prisma.Sql[] = [
    Prisma.sql`v."accountId" = ${accountId}::uuid`,
    Prisma.sql`v."mode" = ${filters.mode ?? "live"}::"DataMode"`,
  ];
  if (filters.status) where.push(Prisma.sql`v."status" = ${filters.status}::"VerificationStatus"`);
  if (filters.result) where.push(Prisma.sql`v."result" = ${filters.result}::"VerificationResult"`);
  if (filters.workflowId) where.push(Prisma.sql`v."workflowId" = ${filters.workflowId}::uuid`);
  if (filters.from) where.push(Prisma.sql`v."createdAt" >= ${new Date(`${filters.from}T00:00:00Z`)}`);
  if (filters.to)
    where.push(Prisma.sql`v."createdAt" < ${new Date(new Date(`${filters.to}T00:00:00Z`).getTime() + 86_400_000)}`);
  if (filters.q) where.push(searchCondition(accountId, filters.q, personalSearch));
  const backwards = !filters.after && Boolean(filters.before);
  const cursor = filters.after ?? filters.before;
  if (cursor) {
    const c = decodeCursor(cursor);
    where.push(
      backwards
        ? Prisma.sql`(v."createdAt", v."id") > (${c.createdAt}, ${c.id}::uuid)`
        : Prisma.sql`(v."createdAt", v."id") < (${c.createdAt}, ${c.id}::uuid)`,
    );
  }
  const order = backwards ? Prisma.sql`v."createdAt" ASC, v."id" ASC` : Prisma.sql`v."createdAt" DESC, v."id" DESC`;
  return Prisma.sql`
    SELECT p."id", p."status"::text AS "status", p."result"::text AS "result", p."createdAt", p."completedAt", p."redactedAt",
           w."name" AS "workflowName", p."metadata"
    FROM (
      SELECT v."id", v."status", v."result", v."createdAt", v."completedAt", v."redactedAt", v."workflowId", v."metadata"
      FROM "Verification" v
      WHERE ${Prisma.join(where, " AND ")}
      ORDER BY ${order}
      LIMIT ${pageSize + 1}
    ) p JOIN "Workflow" w ON w."id" = p."workflowId"
    ORDER BY p."createdAt" DESC, p."id" DESC`;
}

/** One page of this member's account, newest first; `after` pages to older rows, `before` to newer ones. */
export async function listVerifications(
  member: Pick<Member, "accountId" | "role" | "personalData">,
  filters: ListFilters,
  pageSize = PAGE_SIZE,
): Promise<VerificationPage> {
  const key = secrets().keyring;
  const fetched = (
    await prisma.$queryRaw<(Omit<VerificationRow, "reference"> & { metadata: unknown })[]>(
      listVerificationsSql(member.accountId, filters, canViewPersonalData(member), pageSize),
    )
  ).map(({ metadata, ...row }): VerificationRow => {
    const reference = (openJson(key, metadata) as { reference?: unknown } | null)?.reference;
    return {
      ...row,
      reference: typeof reference === "string" || typeof reference === "number" ? String(reference) : null,
    };
  });
  const backwards = !filters.after && Boolean(filters.before);
  const hasMore = fetched.length > pageSize;
  // newest first after the outer ORDER BY: going backwards, the extra row is the newest one
  const rows = hasMore ? (backwards ? fetched.slice(1) : fetched.slice(0, pageSize)) : fetched;
  const first = rows[0];
  const last = rows.at(-1);
  const hasOlder = backwards ? Boolean(filters.before) : hasMore;
  const hasNewer = backwards ? hasMore : Boolean(filters.after);
  return {
    rows,
    nextCursor: hasOlder && last ? encodeCursor(last) : null,
    prevCursor: hasNewer && first ? encodeCursor(first) : null,
  };
}

/** The account's workflows, for the filter's options. */
export async function listWorkflowOptions(member: { accountId: string }) {
  return prisma.workflow.findMany({
    where: { accountId: member.accountId },
    select: { id: true, name: true },
    orderBy: { name: "asc" },
  });
}
