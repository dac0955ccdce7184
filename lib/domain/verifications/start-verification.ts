import "server-only";
import { DomainError } from "@/lib/core/errors";
import { clock } from "@/lib/core/clock";
import { sealWriteArgs } from "@/lib/core/crypto/sealed-columns";
import type { Keyring } from "@/lib/core/crypto/keyring";
import { notifyWork } from "@/lib/jobs/dispatch";
import { eventRow } from "@/lib/domain/events/envelope";
import { secrets } from "@/lib/core/secrets";
import { SQL_UUIDV7, sql, ts } from "@/lib/core/sql";
import { uuidv7 } from "@/lib/core/ids";
import { isUuid } from "@/lib/core/ids";
import { resumeVerifyUrl } from "@/lib/domain/verifications/verify-url";
import { workflowVersion } from "@/lib/domain/flows/version-cache";
import {
  forgetCurrentVersion,
  knownCurrentVersion,
  rememberCurrentVersion,
} from "@/lib/domain/flows/current-version-cache";
import { metrics } from "@/lib/core/observability/metrics";
import { drawChallenge } from "@/lib/domain/flows/draw-challenge";
import { withDrawnChallenge } from "@/lib/domain/flows/inputs";

export type StartInput = {
  accountId: string;
  clientId: string;
  flowId: string;
  metadata: Record<string, unknown>;
  ipAddress: string | null;
  /** the mode of the key that starts it (docs/sandbox.md); "live" unless a test key */
  mode?: "live" | "test";
  /** started from a shareable link: whether it was signed (absent: an API key started it) */
  linkSigned?: boolean;
};

type WorkflowRow = { id: string; currentVersionId: string | null };

const WORKFLOW_SQL = `SELECT "id", "currentVersionId" FROM "Workflow" WHERE "id" = $1 AND "accountId" = $2 AND "archivedAt" IS NULL`;

// The start transaction as ONE statement. Measured (bench:api, 2026-11-25): through Prisma it was 7 round trips
// (BEGIN, identity insert and read, verification, event, endpoints, deliveries, COMMIT) and ~4 ms of app CPU per
// start. A single statement is atomic on its own, so nothing is half-written when it fails.
// - The identity of metadata.userId is created on first sight; ON CONFLICT … DO UPDATE (a no-op write) returns the
//   row even when a concurrent start inserted it after this statement's snapshot (DO NOTHING would return nothing,
//   and a read in the same statement would not see that row either).
// - The workflow's current version is the statement's first condition (CTE `workflow`): the version the caller chose
//   it by (lib/domain/flows/current-version-cache.ts) must still be the workflow's current one, unarchived, of this
//   account, or nothing at all is written (not even the identity) and the statement returns no row.
// - Deliveries: one per enabled endpoint of the account and of the verification's mode (live/test) that takes
//   `verification_started` (none listed = every event), written with the event (transactional outbox, as lib/domain/events/record-event.ts).
const START_SQL = `
WITH workflow AS (
  SELECT 1 FROM "Workflow"
  WHERE "id" = $6 AND "accountId" = $2 AND "archivedAt" IS NULL AND "currentVersionId" = $7
), identity AS (
  INSERT INTO "Identity" ("id", "accountId", "userId", "createdAt") SELECT $1, $2, $3, $4::timestamp(3) FROM workflow
  ON CONFLICT ("accountId", "userId") DO UPDATE SET "userId" = EXCLUDED."userId"
  RETURNING "id"
), verification AS (
  INSERT INTO "Verification" ("id", "accountId", "workflowId", "workflowVersionId", "identityId", "metadata",
    "emailIndex", "referenceIndex", "referencePrefixes", "ipAddress", "expiresAt", "createdAt", "updatedAt",
    "lastActivityAt", "mode", "livenessChallenge", "linkSigned")
  SELECT $5, $2, $6, $7, identity."id", $8::jsonb, $9, $10, $11::text[], $12, $13::timestamp(3), $4::timestamp(3),
    $4::timestamp(3), $4::timestamp(3), $17::"DataMode", $18::jsonb, $19::boolean
  FROM identity
  RETURNING "id", "identityId"
), event AS (
  INSERT INTO "Event" ("id", "accountId", "verificationId", "name", "payload", "createdAt", "requestId")
  SELECT $14, $2, verification."id", 'verification_started', $15::jsonb, $4::timestamp(3), $16::text FROM verification
  RETURNING "id"
), deliveries AS (
  INSERT INTO "WebhookDelivery" ("id", "eventId", "endpointId", "nextAttemptAt", "createdAt", "updatedAt")
  SELECT ${SQL_UUIDV7}, event."id", e."id", $4::timestamp(3), $4::timestamp(3), $4::timestamp(3)
  FROM event JOIN "WebhookEndpoint" e ON e."accountId" = $2 AND e."enabled" AND e."mode" = $17::"DataMode"
    AND (cardinality(e."events") = 0 OR 'verification_started' = ANY(e."events"))
  RETURNING 1
)
SELECT verification."identityId", (SELECT count(*) FROM deliveries)::int AS "deliveries" FROM verification`;

/**
 * Creates a verification pinned to the workflow's current version, with its identity (reused when
 * metadata.userId was seen before in this account) and the `verification_started` event, in one statement.
 */
export async function startVerification(input: StartInput) {
  const now = clock.now();
  if (!isUuid(input.flowId)) throw invalidWorkflow();
  // as PostgreSQL writes a uuid (the answer's flowId was the column's value): the cache's key and the statement's
  const flowId = input.flowId.toLowerCase();
  // The version this process last saw as current: the start statement checks it still is, so a hit saves the
  // workflow's own round trip (measured: docs/benchmarks.md, "API", 2026-11-29); a miss reads the workflow and
  // tries once more, which is what every start did before.
  const cached = knownCurrentVersion(input.accountId, flowId);
  if (cached) {
    const started = await insertStart(input, flowId, now, cached);
    if (started) return started;
  }
  const [workflow] = await sql<WorkflowRow>("start-workflow", WORKFLOW_SQL, [flowId, input.accountId]);
  forgetCurrentVersion(input.accountId, flowId);
  if (!workflow?.currentVersionId) throw invalidWorkflow();
  const started = await insertStart(input, workflow.id, now, workflow.currentVersionId);
  // published or archived between the read and the statement: as if the read had come after it
  if (!started) throw invalidWorkflow();
  rememberCurrentVersion(input.accountId, flowId, workflow.currentVersionId);
  return started;
}

function invalidWorkflow(): DomainError {
  return new DomainError("INVALID_WORKFLOW", "flowId does not identify a workflow of this account.");
}

/** The start statement for this version of the workflow; null when it is no longer the current one (nothing written). */
async function insertStart(input: StartInput, flowId: string, now: Date, versionId: string) {
  const version = await workflowVersion(versionId);
  if (!version) return null;
  const userId = input.metadata.userId === undefined ? null : String(input.metadata.userId);
  const ipAddress = typeof input.metadata.ipAddress === "string" ? input.metadata.ipAddress : input.ipAddress;
  const expiryHours = version.shape.settings.LINK_EXPIRY_HOURS;
  const expiresAt = expiryHours ? new Date(now.getTime() + expiryHours * 3_600_000) : null;

  const challenge = drawChallenge(version.shape.processes, version.shape.settings);

  const key = secrets().keyring;
  const verification = {
    id: uuidv7(now.getTime()),
    accountId: input.accountId,
    workflowId: flowId,
    metadata: input.metadata,
    expiresAt,
    linkSigned: input.linkSigned ?? null,
  };
  const sealed = sealedRow(key, "Verification", { metadata: input.metadata });
  const { row: event } = eventRow(verification, "verification_started", now);
  const sealedEvent = sealedRow(key, "Event", { payload: event.payload });
  const [created] = await sql<{ identityId: string; deliveries: number }>("start-verification", START_SQL, [
    uuidv7(now.getTime()),
    input.accountId,
    userId,
    ts(now),
    verification.id,
    flowId,
    versionId,
    JSON.stringify(sealed.metadata),
    sealed.emailIndex,
    sealed.referenceIndex,
    sealed.referencePrefixes,
    ipAddress,
    expiresAt && ts(expiresAt),
    event.id,
    JSON.stringify(sealedEvent.payload),
    event.requestId,
    input.mode ?? "live",
    challenge && JSON.stringify(challenge),
    input.linkSigned ?? null,
  ]);
  if (!created) return null;
  metrics.verificationsStarted.inc();
  notifyWork("deliveries");

  // One object that satisfies both start-response shapes of the spec.
  return {
    verificationId: verification.id,
    identityId: created.identityId,
    flowId: verification.workflowId,
    metadata: input.metadata,
    ipAddress,
    inputs: withDrawnChallenge(version.inputs, challenge),
    settings: version.settings,
    id: verification.id,
    status: "pending" as const,
    createdAt: now.toISOString(),
    verificationUrl: resumeVerifyUrl(verification, input.clientId, now),
  };
}

function sealedRow(
  key: Keyring,
  model: "Verification" | "Event",
  data: Record<string, unknown>,
): Record<string, unknown> {
  return (sealWriteArgs(key, model, "create", { data }) as { data: Record<string, unknown> }).data;
}
