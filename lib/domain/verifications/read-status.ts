import "server-only";
import type { KeyRider } from "@/lib/auth/api-keys/key-rider";
import { DomainError } from "@/lib/core/errors";
import { openText } from "@/lib/core/crypto/field-crypto";
import { secrets } from "@/lib/core/secrets";
import { sql } from "@/lib/core/sql";
import { isUuid } from "@/lib/core/ids";
import { missingInputs } from "@/lib/domain/flows/inputs";
import { workflowVersion } from "@/lib/domain/flows/version-cache";

type StatusRow = {
  id: string;
  status: string;
  result: string | null;
  completedAt: Date | null;
  inputsCompletedAt: Date | null;
  workflowVersionId: string;
  steps: { processType: string; status: string; result: string | null; completedAt: string | null }[];
  /** the supplied fields, only while inputs are missing; DOCUMENT_TYPE's (sealed) value, the others' null */
  inputs: { fieldName: string; value: string | null }[] | null;
};

// GET /verifications/{id}/status is what integrators poll. Measured (bench:api, 2026-11-25): through Prisma it was
// one query for the verification with its steps, inputs and version (relationJoins), ~1.5 ms of app CPU; here it is
// one statement that returns only what the answer needs, and the version comes from lib/domain/flows/version-cache.ts.
// The verification is looked up by its id alone, behind `OFFSET 0` (PostgreSQL does not merge such a subquery into
// the outer one), and only then checked against the account and mode: with both conditions side by side, PostgreSQL
// planned the lookup on statistics a mass delete had left (few rows per account) and walked the account's index
// instead of the primary key — every verification of the account read on every poll (6,171 rows, 352 buffers,
// 10 ms in auto_explain; bench:api, docs/benchmarks.md "API", 2026-11-30).
const statusSelect = (id: string) => `
SELECT v."id", v."status", v."result", v."completedAt", v."inputsCompletedAt", v."workflowVersionId",
  COALESCE((
    SELECT json_agg(json_build_object('processType', s."processType", 'status', s."status", 'result', s."result",
                                      'completedAt', s."completedAt") ORDER BY s."position")
    FROM "VerificationStep" s WHERE s."verificationId" = v."id"), '[]'::json) AS "steps",
  CASE WHEN v."inputsCompletedAt" IS NULL THEN COALESCE((
    SELECT json_agg(json_build_object('fieldName', i."fieldName",
                                      'value', CASE WHEN i."fieldName" = 'DOCUMENT_TYPE' THEN i."value" END))
    FROM "VerificationInput" i WHERE i."verificationId" = v."id"), '[]'::json) END AS "inputs"
FROM (SELECT * FROM "Verification" WHERE "id" = ${id} OFFSET 0) v`;
const STATUS_SQL = `${statusSelect("$1")} WHERE v."accountId" = $2`;

/**
 * The same read riding on the API key's statement (lib/http/authenticate.ts): one round trip for a poll instead of two.
 * Measured (bench:api, 2026-11-25): see docs/benchmarks.md, "API". Only for an id that is a UUID.
 */
export function statusRider(params: Record<string, string | string[] | undefined>): KeyRider | null {
  const id = params.verificationId;
  if (typeof id !== "string" || !isUuid(id)) return null;
  return {
    name: "verification-status",
    value: id,
    sql: (account, param, mode) =>
      `SELECT to_json(r) FROM (${statusSelect(`${param}::uuid`)} WHERE v."accountId" = ${account} AND v."mode" = ${mode}) r`,
  };
}

/** A row that came back as JSON (statusRider): its dates are strings there. */
function fromJson(row: Record<string, unknown>): StatusRow {
  const date = (v: unknown) => (typeof v === "string" ? new Date(`${v}Z`) : null);
  return { ...(row as StatusRow), completedAt: date(row.completedAt), inputsCompletedAt: date(row.inputsCompletedAt) };
}

/** json_build_object writes a `timestamp(3)` as local ISO text without a zone; Prisma stored it in UTC. */
function isoUtc(value: string | null): string | null {
  return value ? new Date(`${value}Z`).toISOString() : null;
}

/**
 * The spec's status answer for a verification of this account (another account's id is a 404). `rode`: what
 * statusRider read with the key (null: no such verification of this account), when the key's statement carried it.
 */
export async function readVerificationStatus(accountId: string, verificationId: string, rode?: unknown) {
  const [v] =
    rode !== undefined
      ? rode
        ? [fromJson(rode as Record<string, unknown>)]
        : []
      : isUuid(verificationId)
        ? await sql<StatusRow>("verification-status", STATUS_SQL, [verificationId, accountId])
        : [];
  if (!v) throw new DomainError("VERIFICATION_NOT_FOUND", "No verification with this id exists for this account.");
  let missing: ReturnType<typeof missingInputs> = [];
  if (!v.inputsCompletedAt) {
    const version = await workflowVersion(v.workflowVersionId);
    if (!version) throw new Error(`workflow version ${v.workflowVersionId} of a verification is missing`);
    const key = secrets().keyring;
    const supplied = new Map((v.inputs ?? []).map((i) => [i.fieldName, i.value && openText(key, i.value)]));
    missing = missingInputs(version.inputs, supplied);
  }
  return {
    verificationId: v.id,
    status: v.status,
    ...(v.status === "COMPLETED" && v.result ? { result: v.result } : {}),
    ...(v.completedAt ? { completedAt: v.completedAt.toISOString() } : {}),
    steps: v.steps.map((s) => ({
      processType: s.processType,
      status: s.status,
      ...(s.result ? { result: s.result } : {}),
      ...(s.completedAt ? { completedAt: isoUtc(s.completedAt) } : {}),
    })),
    missingInputs: missing,
  };
}
