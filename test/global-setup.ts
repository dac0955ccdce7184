import type { TestProject } from "vitest/node";
import { runMigrations } from "../server/db";
import { startEmbeddedPostgres } from "../server/embedded-db";

declare module "vitest" {
  export interface ProvidedContext {
    /** One database per test worker (VITEST_POOL_ID 1…n): index n-1. */
    databaseUrls: string[];
  }
}

/**
 * Integration tests run on real PostgreSQL: DATABASE_URL when set, otherwise an embedded server of their own
 * (.data/pg-test-<port>, port TEST_PG_PORT or 54330, fresh databases per run) so a running `npm start` is never touched.
 *
 * On the embedded server each test worker gets a database of its own (openkyc_test_w1, _w2, …, copies of the migrated
 * openkyc_test): the files share background workers that claim whatever is due in their database, so two files
 * running side by side must not see each other's rows. With DATABASE_URL the tests run one file at a time on it
 * (vitest.config.mts), as before.
 */
export default async function setup(project: TestProject) {
  let stop = async () => {};
  const external = process.env.DATABASE_URL;
  if (external) {
    await runMigrations("deploy", undefined, external);
    project.provide("databaseUrls", [external]);
    return stop;
  }
  const port = Number(process.env.TEST_PG_PORT ?? 54330);
  const db = await startEmbeddedPostgres({
    dataDir: `.data/pg-test-${port}`,
    port,
    database: "postgres",
    quiet: true,
  });
  stop = () => db.stop();
  const { default: pg } = await import("pg");
  const admin = new pg.Client({ connectionString: db.url });
  await admin.connect();
  // one per worker vitest may start (maxWorkers, vitest.config.mts)
  const workers = Math.max(1, Number(project.config.maxWorkers || project.vitest.config.maxWorkers || 1));
  const names = Array.from({ length: workers }, (_, i) => `openkyc_test_w${i + 1}`);
  try {
    for (const name of ["openkyc_test", ...names]) await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    await admin.query('CREATE DATABASE "openkyc_test"');
    await runMigrations("deploy", undefined, db.url.replace(/\/postgres$/, "/openkyc_test"));
    // a template copy is a file copy, far faster than migrating each database; it needs the template to itself, and
    // the migration's connection may still be closing
    await admin.query(
      "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = 'openkyc_test' AND pid <> pg_backend_pid()",
    );
    for (const name of names) await admin.query(`CREATE DATABASE "${name}" TEMPLATE "openkyc_test"`);
  } finally {
    await admin.end();
  }
  project.provide(
    "databaseUrls",
    names.map((name) => db.url.replace(/\/postgres$/, `/${name}`)),
  );
  return stop;
}
