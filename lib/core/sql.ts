import "server-only";
import pg from "pg";
import { pgPool } from "@/lib/core/db";

// SQL sent straight to node-postgres, for the few hot paths where Prisma's cost was measured to dominate
// (docs/benchmarks.md, "API"): Prisma Client spends ~0.7 ms of CPU per query here, node-postgres ~0.2 ms.
// Prisma stays the owner of the schema and the migrations; every statement that goes around it names its
// measurement where it is written. Statements are named, so PostgreSQL parses and plans each once per connection.

const TIMESTAMP_OID = 1114; // timestamp without time zone: Prisma stores UTC there
const TIMESTAMP_ARRAY_OID = 1115;

/** Prisma writes `timestamp(3)` columns in UTC; node-postgres would read them as local time. */
function utc(value: string): Date {
  return new Date(`${value.replace(" ", "T")}Z`);
}

const types = {
  getTypeParser(oid: number, format?: "text" | "binary") {
    if (oid === TIMESTAMP_OID) return utc;
    if (oid === TIMESTAMP_ARRAY_OID) throw new Error("timestamp[] is not read through lib/core/sql.ts");
    return pg.types.getTypeParser(oid, format);
  },
} as unknown as pg.CustomTypesConfig;

/** A date as a `timestamp(3)` parameter: UTC, as Prisma writes it. Cast it in SQL (`$1::timestamp(3)`). */
export function ts(date: Date): string {
  return date.toISOString();
}

/** Runs one named statement; `name` must be unique per SQL text (PostgreSQL keeps the plan per connection). */
export async function sql<Row extends pg.QueryResultRow>(
  name: string,
  text: string,
  values: unknown[],
): Promise<Row[]> {
  const result = await pgPool().query<Row>({ name, text, values, types });
  return result.rows;
}

/**
 * A UUIDv7 made by PostgreSQL (its own uuidv7() needs version 18): the 48-bit millisecond clock over a random v4,
 * version bits 0111. For rows whose count is known only in the statement (INSERT … SELECT).
 */
export const SQL_UUIDV7 = `encode(set_bit(set_bit(overlay(uuid_send(gen_random_uuid()) placing substring(int8send(floor(extract(epoch from clock_timestamp()) * 1000)::bigint) from 3) from 1 for 6), 52, 1), 53, 1), 'hex')::uuid`;
