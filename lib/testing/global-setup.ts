import type { TestProject } from "vitest/node";
// @ts-expect-error plain ESM scripts without type declarations
import { startEmbeddedPostgres } from "../../scripts/embedded-db.mjs";
// @ts-expect-error plain ESM scripts without type declarations
import { runMigrations } from "../../scripts/db.mjs";

declare module "vitest" {
  export interface ProvidedContext {
    databaseUrl: string;
  }
}

/**
 * Integration tests run on real PostgreSQL: DATABASE_URL when set, otherwise an embedded server of their own
 * (.data/pg-test-<port>, port TEST_PG_PORT or 54330, a fresh database per run) so a running `npm start` is never touched.
 */
export default async function setup(project: TestProject) {
  let stop = async () => {};
  let url = process.env.DATABASE_URL;
  if (!url) {
    const port = Number(process.env.TEST_PG_PORT ?? 54330);
    const db = await startEmbeddedPostgres({
      dataDir: `.data/pg-test-${port}`,
      port,
      database: "postgres",
      quiet: true,
    });
    const { default: pg } = await import("pg");
    const admin = new pg.Client({ connectionString: db.url });
    await admin.connect();
    await admin.query('DROP DATABASE IF EXISTS "openkyc_test" WITH (FORCE)');
    await admin.query('CREATE DATABASE "openkyc_test"');
    await admin.end();
    url = db.url.replace(/\/postgres$/, "/openkyc_test");
    stop = () => db.stop();
  }
  await runMigrations("deploy", undefined, url);
  project.provide("databaseUrl", url!);
  return stop;
}
