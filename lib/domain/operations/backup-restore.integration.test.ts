import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { resetEnvCache } from "@/lib/core/env";
import * as verificationModule from "@/app/api/v1/verifications/[verificationId]/route";
import { call, route } from "@/test/api-client";
import { completedVerification } from "@/test/dashboard-fixtures";
import { hasDebianPostgres, pgBin, startDebianPostgres } from "@/test/debian-postgres";
import { createTestAccount } from "@/test/fixtures";
import { runMigrations } from "../../../server/db";

const verificationRoute = route("/api/v1/verifications/[verificationId]", verificationModule);

// docs/operations.md, "Back up and restore": pg_dump of the database, the storage key kept apart; restored into a
// fresh database, a verification and its encrypted file read back, through the same code the API uses. With
// another key the file does not open: the dump alone is not enough, and not a leak.

const port = Number(process.env.TEST_PG_PORT ?? 54330) + 8;
let cluster: Awaited<ReturnType<typeof startDebianPostgres>>;
const shared = globalThis as unknown as { prisma?: unknown; pgPool?: pg.Pool };

/** Points this process's database client at `url` (the client is created on first use from DATABASE_URL). */
async function useDatabase(url: string) {
  await shared.pgPool?.end().catch(() => undefined);
  shared.prisma = undefined;
  shared.pgPool = undefined;
  process.env.DATABASE_URL = url;
  resetEnvCache();
}

async function createDatabase(name: string) {
  const admin = new pg.Client({ connectionString: cluster.url("postgres") });
  await admin.connect();
  await admin.query(`CREATE DATABASE "${name}"`);
  await admin.end();
}

const originalUrl = process.env.DATABASE_URL!;
const originalKey = process.env.STORAGE_ENCRYPTION_KEY;

beforeAll(async () => {
  if (!hasDebianPostgres()) return;
  cluster = await startDebianPostgres(port);
}, 60_000);

afterAll(async () => {
  await useDatabase(originalUrl);
  process.env.STORAGE_ENCRYPTION_KEY = originalKey;
  cluster?.stop();
});

describe("backup and restore", () => {
  it.runIf(hasDebianPostgres() || process.env.CI)(
    "restores a pg_dump into a fresh database and reads a verification and its encrypted file back",
    async () => {
      expect(hasDebianPostgres(), "Debian's postgresql-15 is needed (.ci/run installs it)").toBe(true);
      await createDatabase("openkyc_live");
      await runMigrations("deploy", undefined, cluster.url("openkyc_live"));
      await useDatabase(cluster.url("openkyc_live"));
      const account = await createTestAccount({ workflows: [{ name: "doc", processes: ["DOCUMENT_VERIFICATION"] }] });
      const { verificationId, fileId } = await completedVerification(account, {
        workflow: "doc",
        metadata: { reference: "backup-ref-1", email: "restore@example.test" },
      });
      const { readFile } = await import("@/lib/engines/storage/file-store");
      const original = await readFile(account.accountId, fileId);
      expect(original?.bytes.length).toBeGreaterThan(0);

      // the backup: a custom-format dump (what docs/operations.md tells operators to run)
      const dump = pgBin("pg_dump", ["--format=custom", "--no-owner", cluster.url("openkyc_live")]);
      expect(dump.includes(Buffer.from("restore@example.test"))).toBe(false); // sealed at rest, also in the dump
      await createDatabase("openkyc_restored");
      pgBin("pg_restore", ["--no-owner", "--exit-on-error", "-d", cluster.url("openkyc_restored")], { input: dump });

      await useDatabase(cluster.url("openkyc_restored"));
      const read = await call(verificationRoute, `/api/v1/verifications/${verificationId}`, account.auth);
      expect(read.status).toBe(200);
      expect(read.body).toMatchObject({ id: verificationId, metadata: { reference: "backup-ref-1" } });
      const restored = await readFile(account.accountId, fileId);
      expect(restored?.bytes.equals(original!.bytes)).toBe(true);

      // the same dump with another storage key: the file cannot be read (keep the key, apart from the dump)
      const { resetSecretsCache } = await import("@/lib/core/secrets");
      process.env.STORAGE_ENCRYPTION_KEY = Buffer.alloc(32, 9).toString("base64");
      resetEnvCache();
      resetSecretsCache();
      await expect(readFile(account.accountId, fileId)).rejects.toThrow();
      process.env.STORAGE_ENCRYPTION_KEY = originalKey;
      resetEnvCache();
      resetSecretsCache();
    },
    120_000,
  );
});
