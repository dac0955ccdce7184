import "server-only";
import type pg from "pg";
import { TEXT_PREFIX, openJson, openText, sealText } from "@/lib/core/crypto/field-crypto";
import { currentHeader, openWith, sealWith, type Keyring } from "@/lib/core/crypto/keyring";
import { sealWriteArgs } from "@/lib/core/crypto/sealed-columns";
import { pgPool } from "@/lib/core/db";
import { secrets } from "@/lib/core/secrets";

// `npm run keys:rotate` (docs/operations.md, "Rotating the storage key"): re-seals every value that is not under the
// keyring's current key — stored files, webhook secrets, the sealed columns, stored idempotent answers, audit data
// and review notes (and those two where older versions wrote them in the clear) — and sets
// each row's blind indexes under the current key in the same statement. Values sealed before key ids existed
// (layout v1) are re-sealed too, so they gain an id.
//
// Per part, in batches, each batch one transaction: the rows are selected with FOR UPDATE, so a row the service
// writes meanwhile waits for the batch (milliseconds) or is written first and then no longer matches (the service
// seals under the current key). Nothing is remembered between runs: a run finds what is left by the key id in each
// value's first bytes (SQL compares the 8 base64 characters, or 6 bytes, of the current header), so an interrupted
// run is resumed by running it again, and several runs at once only wait for each other's rows. Rows are written
// with SQL, not through the Prisma client, so no updatedAt moves (the stale sweep reads it).
// A value no key of the ring opens is counted as unreadable and left as it is.

type Row = Record<string, unknown> & { rowId: string };
type Headers = { bytes: Buffer; base64: string; base64url: string };

type Part = {
  name: string;
  table: string;
  /** the cursor: a unique, ordered expression, its SQL type and the value before the first row */
  cursor: { expr: string; type: string; start: string };
  columns: string;
  /** rows still to re-seal; $1 is the header of the current key (part.header picks its encoding) */
  pending: string;
  header: (h: Headers) => string | Buffer;
  reseal: (client: pg.PoolClient, row: Row, ring: Keyring) => Promise<void>;
};

const UUID = { type: "uuid", start: "00000000-0000-0000-0000-000000000000" };
const sealedJsonPending = (column: string) =>
  `(jsonb_typeof("${column}" -> '$sealed') = 'string' AND left("${column}" ->> '$sealed', 8) <> $1)`;
const data = (ring: Keyring, model: string, row: Record<string, unknown>) =>
  (sealWriteArgs(ring, model, "update", { data: row }) as { data: Record<string, unknown> }).data;
const json = (value: unknown) => JSON.stringify(value);

const PARTS: Part[] = [
  {
    name: "files",
    table: "FileBlob",
    cursor: { expr: `"key"`, type: "text", start: "" },
    columns: `"data"`,
    pending: `substring("data" from 1 for 6) <> $1::bytea`,
    header: (h) => h.bytes,
    async reseal(client, row, ring) {
      const bytes = openWith(ring, "root", row.data as Buffer, row.rowId);
      await client.query(`UPDATE "FileBlob" SET "data" = $2 WHERE "key" = $1`, [
        row.rowId,
        sealWith(ring, "root", bytes, row.rowId),
      ]);
    },
  },
  {
    name: "webhook secrets",
    table: "WebhookEndpoint",
    cursor: { expr: `"id"`, ...UUID },
    columns: `"secretEncrypted"`,
    pending: `left("secretEncrypted", 8) <> $1`,
    header: (h) => h.base64,
    async reseal(client, row, ring) {
      const secret = openWith(ring, "root", Buffer.from(row.secretEncrypted as string, "base64"), "webhook-secret");
      await client.query(`UPDATE "WebhookEndpoint" SET "secretEncrypted" = $2 WHERE "id" = $1::uuid`, [
        row.rowId,
        sealWith(ring, "root", secret, "webhook-secret").toString("base64"),
      ]);
    },
  },
  {
    name: "verification metadata",
    table: "Verification",
    cursor: { expr: `"id"`, ...UUID },
    columns: `"metadata"`,
    pending: sealedJsonPending("metadata"),
    header: (h) => h.base64url,
    async reseal(client, row, ring) {
      const d = data(ring, "Verification", { metadata: openJson(ring, row.metadata) });
      await client.query(
        `UPDATE "Verification" SET "metadata" = $2::jsonb, "emailIndex" = $3, "referenceIndex" = $4,
           "referencePrefixes" = $5::text[] WHERE "id" = $1::uuid`,
        [row.rowId, json(d.metadata), d.emailIndex, d.referenceIndex, d.referencePrefixes],
      );
    },
  },
  {
    name: "input values",
    table: "VerificationInput",
    cursor: { expr: `"id"`, ...UUID },
    columns: `"fieldName", "value"`,
    pending: `("value" LIKE '${TEXT_PREFIX}%' AND substr("value", ${TEXT_PREFIX.length + 1}, 8) <> $1)`,
    header: (h) => h.base64url,
    async reseal(client, row, ring) {
      const d = data(ring, "VerificationInput", {
        fieldName: row.fieldName,
        value: openText(ring, row.value as string | null),
      });
      await client.query(`UPDATE "VerificationInput" SET "value" = $2, "valueIndex" = $3 WHERE "id" = $1::uuid`, [
        row.rowId,
        d.value,
        d.valueIndex,
      ]);
    },
  },
  {
    name: "step data and checks",
    table: "VerificationStep",
    cursor: { expr: `"id"`, ...UUID },
    columns: `"data", "checks"`,
    pending: `(${sealedJsonPending("data")} OR ${sealedJsonPending("checks")})`,
    header: (h) => h.base64url,
    async reseal(client, row, ring) {
      const d = data(ring, "VerificationStep", { data: openJson(ring, row.data), checks: openJson(ring, row.checks) });
      await client.query(
        `UPDATE "VerificationStep" SET "data" = $2::jsonb, "checks" = $3::jsonb, "nameWords" = $4::text[],
           "documentNumberIndex" = $5, "imageHash" = $6, "failedChecks" = $7::text[] WHERE "id" = $1::uuid`,
        [row.rowId, json(d.data), json(d.checks), d.nameWords, d.documentNumberIndex, d.imageHash, d.failedChecks],
      );
    },
  },
  {
    name: "event payloads",
    table: "Event",
    cursor: { expr: `"id"`, ...UUID },
    columns: `"payload"`,
    pending: sealedJsonPending("payload"),
    header: (h) => h.base64url,
    async reseal(client, row, ring) {
      const d = data(ring, "Event", { payload: openJson(ring, row.payload) });
      await client.query(`UPDATE "Event" SET "payload" = $2::jsonb WHERE "id" = $1::uuid`, [
        row.rowId,
        json(d.payload),
      ]);
    },
  },
  {
    name: "audit data",
    table: "AuditLog",
    cursor: { expr: `"id"`, ...UUID },
    columns: `"data"`,
    // also entries written in the clear before audit data was sealed (issue 33), except empty and erased ones
    pending: `(${sealedJsonPending("data")} OR (jsonb_typeof("data" -> '$sealed') IS DISTINCT FROM 'string'
      AND "data" NOT IN ('{}'::jsonb, '{"redacted": true}'::jsonb)))`,
    header: (h) => h.base64url,
    async reseal(client, row, ring) {
      const d = data(ring, "AuditLog", { data: openJson(ring, row.data) });
      await client.query(`UPDATE "AuditLog" SET "data" = $2::jsonb WHERE "id" = $1::uuid`, [row.rowId, json(d.data)]);
    },
  },
  {
    name: "review notes",
    table: "ReviewNote",
    cursor: { expr: `"id"`, ...UUID },
    columns: `"body"`,
    // also notes written in the clear before their bodies were sealed (issue 33)
    pending: `("body" NOT LIKE '${TEXT_PREFIX}%' OR substr("body", ${TEXT_PREFIX.length + 1}, 8) <> $1)`,
    header: (h) => h.base64url,
    async reseal(client, row, ring) {
      await client.query(`UPDATE "ReviewNote" SET "body" = $2 WHERE "id" = $1::uuid`, [
        row.rowId,
        sealText(ring, openText(ring, row.body as string)),
      ]);
    },
  },
  {
    name: "idempotent answers",
    table: "IdempotencyKey",
    // kept 24 h, so few rows: the composite key as one text cursor
    cursor: { expr: `("accountId"::text || '/' || "key")`, type: "text", start: "" },
    columns: `"responseBody"`,
    pending: `("responseBody" LIKE '${TEXT_PREFIX}%' AND substr("responseBody", ${TEXT_PREFIX.length + 1}, 8) <> $1)`,
    header: (h) => h.base64url,
    async reseal(client, row, ring) {
      await client.query(
        `UPDATE "IdempotencyKey" SET "responseBody" = $2 WHERE ("accountId"::text || '/' || "key") = $1`,
        [row.rowId, sealText(ring, openText(ring, row.responseBody as string))],
      );
    },
  },
];

export type PartResult = { part: string; resealed: number; unreadable: number; remaining: number };

function headers(ring: Keyring): Headers {
  const bytes = currentHeader(ring);
  return { bytes, base64: bytes.toString("base64"), base64url: bytes.toString("base64url") };
}

/** Values not under the current key, per part (what a rotation still has to do; 0 everywhere when it is done). */
export async function valuesNotUnderCurrentKey(ring: Keyring = secrets().keyring): Promise<Record<string, number>> {
  const h = headers(ring);
  const out: Record<string, number> = {};
  for (const part of PARTS) {
    const { rows } = await pgPool().query<{ n: number }>(
      `SELECT count(*)::int AS n FROM "${part.table}" WHERE ${part.pending}`,
      [part.header(h)],
    );
    out[part.name] = rows[0]!.n;
  }
  return out;
}

async function rotatePart(part: Part, ring: Keyring, h: Headers, batchSize: number) {
  let after = part.cursor.start;
  let resealed = 0;
  let unreadable = 0;
  for (;;) {
    const client = await pgPool().connect();
    let rows: Row[];
    try {
      await client.query("BEGIN");
      rows = (
        await client.query<Row>(
          `SELECT ${part.cursor.expr} AS "rowId", ${part.columns} FROM "${part.table}"
           WHERE ${part.pending} AND ${part.cursor.expr} > $2::${part.cursor.type}
           ORDER BY ${part.cursor.expr} LIMIT $3 FOR UPDATE`,
          [part.header(h), after, batchSize],
        )
      ).rows;
      for (const row of rows) {
        await client.query("SAVEPOINT one_row");
        try {
          await part.reseal(client, row, ring);
          await client.query("RELEASE SAVEPOINT one_row");
          resealed++;
        } catch {
          // no key of the ring opens it (or it is damaged): left as it is, counted, never logged (it is ciphertext)
          await client.query("ROLLBACK TO SAVEPOINT one_row");
          unreadable++;
        }
      }
      await client.query("COMMIT");
    } catch (error) {
      await client.query("ROLLBACK").catch(() => undefined);
      throw error;
    } finally {
      client.release();
    }
    if (rows.length < batchSize) return { resealed, unreadable };
    after = String(rows.at(-1)!.rowId);
  }
}

/** Re-seals everything not under the current key; what is left afterwards is counted again from the database. */
export async function rotateStorageKey(
  options: { batchSize?: number; ring?: Keyring; onPart?: (result: PartResult) => void } = {},
): Promise<PartResult[]> {
  const ring = options.ring ?? secrets().keyring;
  const batchSize = options.batchSize ?? 100;
  const h = headers(ring);
  const results: PartResult[] = [];
  for (const part of PARTS) {
    const { resealed, unreadable } = await rotatePart(part, ring, h, batchSize);
    const { rows } = await pgPool().query<{ n: number }>(
      `SELECT count(*)::int AS n FROM "${part.table}" WHERE ${part.pending}`,
      [part.header(h)],
    );
    const result = { part: part.name, resealed, unreadable, remaining: rows[0]!.n };
    options.onPart?.(result);
    results.push(result);
  }
  return results;
}
