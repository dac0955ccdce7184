import "server-only";
import { stringify } from "csv-stringify/sync";
import { prisma } from "@/lib/core/db";
import { openJson } from "@/lib/core/crypto/field-crypto";
import { secrets } from "@/lib/core/secrets";
import { assertCan, canViewPersonalData, type Member } from "@/lib/auth/permissions";
import {
  encodeCursor,
  listVerificationsSql,
  type ListFilters,
  type VerificationRow,
} from "@/lib/domain/verifications/list-verifications";
import { byMember, recordAudit } from "@/lib/domain/audit/record-audit";
import { log } from "@/lib/core/observability/logger";

// CSV and JSON export of the dashboard's filtered verification list (docs/exports.md). The rows are those the list
// shows for the same filters (the same SQL: list-verifications.ts), read in keyset-paginated batches as the client
// reads the stream: no row limit, no temporary file, memory bounded by one batch. Personal columns only for a member
// with the personal-data permission. Each export is audit-logged when it starts and again when it ends.

export const EXPORT_FORMATS = ["csv", "json"] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];
export const EXPORT_BATCH_SIZE = 500;

export const BASE_COLUMNS = [
  "id",
  "created_at",
  "completed_at",
  "status",
  "result",
  "mode",
  "workflow",
  "reference",
  "redacted_at",
  "steps",
  "failed_checks",
] as const;

/** Columns that identify the person: only with the personal-data permission (docs/security.md). */
export const PERSONAL_COLUMNS = [
  "user_id",
  "email",
  "full_name",
  "date_of_birth",
  "document_number",
  "document_country",
  "nationality",
  "address_line",
  "city",
  "postal_code",
  "country",
  "ip_address",
] as const;

type Column = (typeof BASE_COLUMNS)[number] | (typeof PERSONAL_COLUMNS)[number];
export type ExportRow = Partial<Record<Column, string | null>>;

// the list's row, with the sealed metadata itself instead of the reference read from it
type ListRow = Omit<VerificationRow, "reference"> & { metadata: unknown };

const iso = (d: Date | null) => (d ? d.toISOString() : null);
const str = (v: unknown) =>
  typeof v === "string" && v.trim() ? v : typeof v === "number" || typeof v === "boolean" ? String(v) : null;

/** The filters an export runs with: the list's, without its page cursor (an export is the whole filtered list). */
function exportFilters(filters: ListFilters): ListFilters {
  const { after: _after, before: _before, ...kept } = filters;
  return kept;
}

/** The filters as the audit log keeps them: the search text may be a name or an e-mail, so only its presence. */
function auditFilters(filters: ListFilters) {
  const { q, ...rest } = exportFilters(filters);
  return { ...rest, mode: filters.mode ?? "live", ...(q ? { search: true } : {}) };
}

/** One batch of rows after the cursor, newest first, with the columns this member may see. */
async function batchAfter(
  accountId: string,
  filters: ListFilters,
  after: string | undefined,
  size: number,
  personal: boolean,
): Promise<{ rows: ExportRow[]; next: string | undefined }> {
  const fetched = await prisma.$queryRaw<ListRow[]>(
    listVerificationsSql(accountId, { ...filters, after }, personal, size),
  );
  const list = fetched.slice(0, size);
  const ids = list.map((r) => r.id);
  if (!ids.length) return { rows: [], next: undefined };
  const [steps, extra] = await Promise.all([
    prisma.verificationStep.findMany({
      where: { verificationId: { in: ids } },
      select: {
        verificationId: true,
        processType: true,
        result: true,
        failedChecks: true,
        ...(personal ? { data: true } : {}),
      },
      orderBy: { position: "asc" },
    }),
    personal
      ? prisma.verification.findMany({
          where: { id: { in: ids }, accountId },
          select: { id: true, ipAddress: true, inputs: { select: { fieldName: true, value: true } } },
        })
      : Promise.resolve([]),
  ]);
  const stepsOf = new Map<string, typeof steps>();
  for (const step of steps) stepsOf.set(step.verificationId, [...(stepsOf.get(step.verificationId) ?? []), step]);
  const extraOf = new Map(extra.map((e) => [e.id, e]));
  const key = secrets().keyring; // every configured key opens: rows sealed before a rotation are read too
  const mode = filters.mode ?? "live";
  const rows = list.map((row): ExportRow => {
    const metadata = (openJson(key, row.metadata) ?? {}) as Record<string, unknown>;
    const own = stepsOf.get(row.id) ?? [];
    const base: ExportRow = {
      id: row.id,
      created_at: iso(row.createdAt),
      completed_at: iso(row.completedAt),
      status: row.status,
      result: row.result,
      mode,
      workflow: row.workflowName,
      reference: row.redactedAt ? null : str(metadata.reference),
      redacted_at: iso(row.redactedAt),
      steps: own.map((s) => `${s.processType}:${s.result ?? "PENDING"}`).join("; ") || null,
      failed_checks: [...new Set(own.flatMap((s) => s.failedChecks))].join("; ") || null,
    };
    if (!personal) return base;
    const data = (type: string) =>
      ((own.find((s) => s.processType === type) as { data?: unknown } | undefined)?.data ?? {}) as Record<
        string,
        unknown
      >;
    // a wallet credential's data has the document's fields (issue 34): read when there is no document step
    const documentData = data("DOCUMENT_VERIFICATION");
    const doc = Object.keys(documentData).length ? documentData : data("DIGITAL_CREDENTIAL");
    const address = data("ADDRESS_VERIFICATION");
    const inputs = new Map((extraOf.get(row.id)?.inputs ?? []).map((i) => [i.fieldName, i.value]));
    const input = (name: string) => str(inputs.get(name));
    return {
      ...base,
      user_id: str(metadata.userId),
      email: str(metadata.email) ?? input("EMAIL"),
      full_name: str(doc.full_name),
      date_of_birth: str(doc.date_of_birth),
      document_number: str(doc.document_number),
      document_country: str(doc.country_of_issuance) ?? input("DOCUMENT_COUNTRY"),
      nationality: str(doc.nationality),
      address_line: input("ADDRESS_LINE") ?? str(address.address_line),
      city: input("CITY") ?? str(address.city),
      postal_code: input("POSTAL_CODE") ?? str(address.postal_code),
      country: input("COUNTRY") ?? str(address.country),
      ip_address: extraOf.get(row.id)?.ipAddress ?? null,
    };
  });
  return { rows, next: fetched.length > size ? encodeCursor(list.at(-1)!) : undefined };
}

/** Every row of the filtered list, batch by batch (a batch is read only when the previous one was consumed). */
export async function* exportRows(
  member: Pick<Member, "accountId" | "role" | "personalData">,
  filters: ListFilters,
  batchSize = EXPORT_BATCH_SIZE,
): AsyncGenerator<ExportRow[]> {
  assertCan(member, "review");
  const personal = canViewPersonalData(member);
  const kept = exportFilters(filters);
  let after: string | undefined;
  do {
    const batch = await batchAfter(member.accountId, kept, after, batchSize, personal);
    if (batch.rows.length) yield batch.rows;
    after = batch.next;
  } while (after);
}

/**
 * A cell as a spreadsheet must not run it: text starting with = + - @ (or a tab / carriage return, which some
 * spreadsheets skip before reading a formula) gets a leading apostrophe (OWASP, "CSV Injection").
 */
export function guardFormula(value: string | null | undefined): string {
  if (value === null || value === undefined) return "";
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}

export function columnsFor(member: Pick<Member, "role" | "personalData">): Column[] {
  return canViewPersonalData(member) ? [...BASE_COLUMNS, ...PERSONAL_COLUMNS] : [...BASE_COLUMNS];
}

function encode(format: ExportFormat, columns: Column[], rows: ExportRow[], first: boolean): string {
  if (format === "csv")
    return stringify(
      rows.map((row) => columns.map((c) => guardFormula(row[c]))),
      first ? { header: true, columns: columns as string[] } : {},
    );
  const objects = rows.map((row) => JSON.stringify(Object.fromEntries(columns.map((c) => [c, row[c] ?? null]))));
  return (first ? "" : ",\n") + objects.join(",\n");
}

/**
 * The export as a byte stream (the route handler answers it as is). The audit entry "verifications.exported" is
 * written before the first byte (who, when, filters, format, personal columns or not), and
 * "verifications.export_completed" with the row count once the last row went out; an export the client abandoned
 * keeps only the first.
 */
export async function streamVerificationExport(
  member: Pick<Member, "accountId" | "userId" | "role" | "personalData">,
  filters: ListFilters,
  format: ExportFormat,
  options: { batchSize?: number } = {},
): Promise<ReadableStream<Uint8Array>> {
  assertCan(member, "review");
  const columns = columnsFor(member);
  const started = await recordAudit(prisma, {
    ...byMember(member),
    action: "verifications.exported",
    data: { format, filters: auditFilters(filters), personalColumns: columns.length > BASE_COLUMNS.length },
  });
  const exportId = (started as { id: string }).id;
  const batches = exportRows(member, filters, options.batchSize);
  const bytes = new TextEncoder();
  let count = 0;
  let wroteAny = false;
  return new ReadableStream<Uint8Array>({
    start(controller) {
      if (format === "json") controller.enqueue(bytes.encode("[\n"));
    },
    async pull(controller) {
      try {
        const next = await batches.next();
        if (next.done) {
          if (format === "csv" && !wroteAny) controller.enqueue(bytes.encode(encode("csv", columns, [], true)));
          if (format === "json") controller.enqueue(bytes.encode("\n]\n"));
          await recordAudit(prisma, {
            ...byMember(member),
            action: "verifications.export_completed",
            target: { type: "Export", id: exportId },
            data: { format, rowCount: count },
          });
          controller.close();
          return;
        }
        controller.enqueue(bytes.encode(encode(format, columns, next.value, !wroteAny)));
        wroteAny = true;
        count += next.value.length;
      } catch (error) {
        log("export").error({ err: { name: (error as Error).name }, exportId }, "verification export failed");
        controller.error(error);
      }
    },
    async cancel() {
      await batches.return(undefined);
    },
  });
}
