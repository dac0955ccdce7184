import { randomUUID } from "node:crypto";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seal } from "@/lib/core/crypto/aead";
import { isSealedJson, isSealedText, sealedBytes } from "@/lib/core/crypto/field-crypto";
import { isUnderCurrentKey } from "@/lib/core/crypto/keyring";
import { ListFiltersSchema, listVerifications } from "@/lib/domain/verifications/list-verifications";
import { exportRows } from "@/lib/domain/verifications/export-verifications";
import { importWatchlist } from "@/lib/domain/watchlist/import/import-watchlist";
import { runDueRescreens } from "@/lib/domain/watchlist/rescreen/run-rescreen";
import { prisma } from "@/lib/core/db";
import { resetEnvCache } from "@/lib/core/env";
import { rotateStorageKey, valuesNotUnderCurrentKey } from "@/lib/domain/operations/rotate-storage-key";
import { findDuplicateAddresses } from "@/lib/domain/verifications/find-duplicate-addresses";
import { findDuplicateDocuments } from "@/lib/domain/verifications/find-duplicate-documents";
import { resetSecretsCache } from "@/lib/core/secrets";
import { readFile } from "@/lib/engines/storage/file-store";
import * as verificationModule from "@/app/api/v1/verifications/[verificationId]/route";
import { call, route } from "@/test/api-client";
import { completedVerification, ownerOf } from "@/test/dashboard-fixtures";
import { createTestAccount } from "@/test/fixtures";
import { createWebhookEndpoint } from "@/lib/domain/webhooks/create-webhook-endpoint";
import { decryptWebhookSecret } from "@/lib/domain/webhooks/webhook-secret";
import { runMigrations } from "../../../server/db";

const verificationRoute = route("/api/v1/verifications/[verificationId]", verificationModule);

// docs/operations.md, "Rotating the storage key", on a database of its own (a rotation re-seals the whole database,
// and the other integration files share theirs): data sealed under key A — files, a webhook secret, every sealed
// column, one file as versions before key ids sealed it — is read and found with B current and A still accepted;
// `keys:rotate` re-seals it all; with B alone it is read and found, and a scan finds nothing left under A.

const A = Buffer.alloc(32, 7).toString("base64");
const B = Buffer.alloc(32, 11).toString("base64");
const shared = globalThis as unknown as { prisma?: unknown; pgPool?: pg.Pool };
const originalUrl = process.env.DATABASE_URL!;
const original = { key: process.env.STORAGE_ENCRYPTION_KEY, previous: process.env.STORAGE_ENCRYPTION_KEYS_PREVIOUS };
const database = `openkyc_rotation_${randomUUID().slice(0, 8)}`;

async function useDatabase(url: string) {
  await shared.pgPool?.end().catch(() => undefined);
  shared.prisma = undefined;
  shared.pgPool = undefined;
  process.env.DATABASE_URL = url;
  resetEnvCache();
}

function useKeys(current: string, previous?: string) {
  process.env.STORAGE_ENCRYPTION_KEY = current;
  if (previous) process.env.STORAGE_ENCRYPTION_KEYS_PREVIOUS = previous;
  else delete process.env.STORAGE_ENCRYPTION_KEYS_PREVIOUS;
  resetEnvCache();
  resetSecretsCache();
}

async function admin<T>(run: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: originalUrl.replace(/\/[^/?]+(\?|$)/, "/postgres$1") });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

beforeAll(async () => {
  await admin((c) => c.query(`CREATE DATABASE "${database}"`));
  const url = originalUrl.replace(/\/[^/?]+(\?|$)/, `/${database}$1`);
  await runMigrations("deploy", undefined, url);
  await useDatabase(url);
  useKeys(A);
}, 120_000);

afterAll(async () => {
  await useDatabase(originalUrl);
  process.env.STORAGE_ENCRYPTION_KEY = original.key;
  if (original.previous) process.env.STORAGE_ENCRYPTION_KEYS_PREVIOUS = original.previous;
  else delete process.env.STORAGE_ENCRYPTION_KEYS_PREVIOUS;
  resetEnvCache();
  resetSecretsCache();
  await admin((c) => c.query(`DROP DATABASE IF EXISTS "${database}" WITH (FORCE)`));
});

/** Every sealed value in the database, as bytes: what a dump holds. */
async function everySealedValue(): Promise<Buffer[]> {
  const rows = await prisma.$queryRaw<{ v: unknown }[]>`
    SELECT "metadata" AS v FROM "Verification" UNION ALL SELECT to_jsonb("value") FROM "VerificationInput"
    UNION ALL SELECT "data" FROM "VerificationStep" UNION ALL SELECT "checks" FROM "VerificationStep"
    UNION ALL SELECT "payload" FROM "Event" UNION ALL SELECT to_jsonb("responseBody") FROM "IdempotencyKey"`;
  const values = rows.flatMap(({ v }) => (isSealedJson(v) || isSealedText(v) ? [sealedBytes(v)] : []));
  const blobs = await prisma.$queryRaw<{ data: Uint8Array }[]>`SELECT "data" FROM "FileBlob"`;
  const secrets = await prisma.$queryRaw<{ s: string }[]>`SELECT "secretEncrypted" AS s FROM "WebhookEndpoint"`;
  return [...values, ...blobs.map((b) => Buffer.from(b.data)), ...secrets.map((s) => Buffer.from(s.s, "base64"))];
}

describe("storage key rotation", () => {
  it("reads and finds everything before, during and after `keys:rotate`; nothing is left under the old key", async () => {
    const account = await createTestAccount();
    const tag = randomUUID().slice(0, 8);
    const pii = {
      email: `Rotate.${tag}@Example.test`,
      reference: `rotate-ref-${tag}`,
      number: `R${tag.toUpperCase()}`,
    };
    const old = await completedVerification(account, {
      fullName: `Zoltán Kovács-${tag}`,
      metadata: { email: pii.email, reference: pii.reference },
    });
    await prisma.verificationStep.update({
      where: { id: old.stepId },
      data: { data: { full_name: `Zoltán Kovács-${tag}`, document_number: pii.number, country_of_issuance: "DEU" } },
    });
    for (const [fieldName, value] of [
      ["ADDRESS_LINE", `${tag} Keyring Road`],
      ["CITY", "Springfield"],
      ["POSTAL_CODE", "62701"],
      ["COUNTRY", "US"],
    ] as const)
      await prisma.verificationInput.create({
        data: { verificationId: old.verificationId, fieldName, type: "TEXT", value },
      });
    const hook = await createWebhookEndpoint(account.accountId, { url: "https://example.test/hooks" });
    // one file as versions before key ids sealed it (layout v1), under A
    const legacy = await completedVerification(account);
    const legacyBytes = (await readFile(account.accountId, legacy.fileId))!.bytes;
    await prisma.fileBlob.update({
      where: { key: legacy.storageKey },
      data: { data: new Uint8Array(seal(legacyBytes, Buffer.from(A, "base64"), legacy.storageKey)) },
    });
    // an approved identity under ongoing screening, its WATCHLIST_CHECK data sealed under A (issue 33, item 7)
    const screenedName = `Quillon Vastrebek ${tag.replace(/\d/g, "x")}`;
    await prisma.account.update({ where: { id: account.accountId }, data: { ongoingScreening: true } });
    const screened = await completedVerification(account, { result: "APPROVED" });
    await prisma.verificationStep.create({
      data: {
        verificationId: screened.verificationId,
        position: 1,
        processType: "WATCHLIST_CHECK",
        status: "COMPLETED",
        result: "APPROVED",
        data: { screened_name: screenedName, screened_dob: "1971-06-05", threshold: 0.88, matches: [] },
        checks: [],
      },
    });
    const updatedAt = (await prisma.verification.findUniqueOrThrow({ where: { id: old.verificationId } })).updatedAt;

    const owner = ownerOf(account);
    const search = async (q: string) =>
      (await listVerifications(owner, ListFiltersSchema.parse({ q }))).rows.map((r) => r.id).sort();
    const address = {
      addressLine: `${tag} Keyring Road`,
      city: "Springfield",
      province: null,
      postalCode: "62701",
      country: "US",
    };
    const other = { accountId: account.accountId, identityId: randomUUID(), verificationId: randomUUID() };
    const everythingReads = async (expected: string[]) => {
      const read = await call(verificationRoute, `/api/v1/verifications/${old.verificationId}`, account.auth);
      expect(read.status).toBe(200);
      expect(read.body.metadata).toMatchObject({ email: pii.email, reference: pii.reference });
      expect(JSON.stringify(read.body)).toContain(pii.number);
      expect((await readFile(account.accountId, old.fileId))?.bytes.length).toBeGreaterThan(0);
      expect((await readFile(account.accountId, legacy.fileId))?.bytes.equals(legacyBytes)).toBe(true);
      expect(
        decryptWebhookSecret(
          (await prisma.webhookEndpoint.findUniqueOrThrow({ where: { id: hook.id } })).secretEncrypted,
        ),
      ).toBe(hook.secret);
      expect(await search(pii.email.toLowerCase())).toEqual(expected);
      expect(await search(pii.reference.slice(0, 12))).toEqual(expected);
      expect(await search(pii.number.toLowerCase())).toEqual(expected);
      expect(await search(`kovacs ${tag}`)).toEqual(expected);
      expect((await findDuplicateAddresses(other, address)).map((d) => d.verificationId)).toEqual([old.verificationId]);
      expect(
        (await findDuplicateDocuments(other, { documentNumber: pii.number, country: "DEU", imageHash: "" })).map(
          (d) => d.verificationId,
        ),
      ).toContain(old.verificationId);
    };
    await everythingReads([old.verificationId]);

    // B seals, A still opens: old rows keep A's indexes, a new row gets B's, one search finds both
    useKeys(B, A);
    const fresh = await completedVerification(account, {
      fullName: `Zoltán Kovács-${tag}`,
      metadata: { email: pii.email, reference: `${pii.reference}-2` },
    });
    await prisma.verificationStep.update({
      where: { id: fresh.stepId },
      data: { data: { full_name: `Zoltán Kovács-${tag}`, document_number: pii.number, country_of_issuance: "DEU" } },
    });
    const both = [old.verificationId, fresh.verificationId].sort();
    await everythingReads(both);
    // the export and re-screening open rows sealed under A too (they read raw SQL: they open with the keyring)
    const exported = [];
    for await (const batch of exportRows(owner, ListFiltersSchema.parse({}))) exported.push(...batch);
    expect(exported.find((r) => r.id === old.verificationId)).toMatchObject({
      reference: pii.reference,
      email: pii.email,
      document_number: pii.number,
    });
    const listDir = mkdtempSync(path.join(tmpdir(), "rotation-list-"));
    const listFile = path.join(listDir, "list.csv");
    writeFileSync(
      listFile,
      "id,schema,name,aliases,birth_date,countries,addresses,identifiers,sanctions,phones,emails,program_ids,dataset,first_seen,last_seen,last_change\n" +
        `r-001,Person,${screenedName},,1971-06-05,,,,,,,SYN-ROT,Synthetic,,,\n`,
    );
    const imported = await importWatchlist({
      format: "opensanctions-csv",
      file: listFile,
      name: `rotation-${tag}`,
      accountId: account.accountId,
    });
    expect(imported.rescreen?.jobId).toBeDefined();
    await runDueRescreens();
    const job = await prisma.watchlistRescreenJob.findUniqueOrThrow({ where: { id: imported.rescreen!.jobId } });
    expect(job.doneAt).not.toBeNull();
    expect(await prisma.watchlistAlert.count({ where: { verificationId: screened.verificationId } })).toBe(1);
    const before = await valuesNotUnderCurrentKey();
    expect(before["files"]).toBeGreaterThanOrEqual(2);
    expect(before["webhook secrets"]).toBe(1);
    for (const part of ["verification metadata", "input values", "step data and checks", "event payloads"])
      expect(before[part], part).toBeGreaterThan(0);

    const results = await rotateStorageKey({ batchSize: 3 }); // several batches per table
    for (const r of results) expect(r, r.part).toMatchObject({ unreadable: 0, remaining: 0 });
    expect(results.find((r) => r.part === "files")!.resealed).toBe(before["files"]);
    expect((await rotateStorageKey()).every((r) => r.resealed === 0)).toBe(true); // nothing twice

    // B alone: everything reads, lookups find, and no value anywhere is under A (or without a key id)
    useKeys(B);
    await everythingReads(both);
    expect(Object.values(await valuesNotUnderCurrentKey()).every((n) => n === 0)).toBe(true);
    const sealed = await everySealedValue();
    expect(sealed.length).toBeGreaterThan(20);
    expect(sealed.filter((v) => !isUnderCurrentKey(Buffer.from(B, "base64"), v))).toEqual([]);
    expect((await prisma.verification.findUniqueOrThrow({ where: { id: old.verificationId } })).updatedAt).toEqual(
      updatedAt,
    );

    // and A alone no longer opens what was re-sealed
    useKeys(A);
    await expect(readFile(account.accountId, legacy.fileId)).rejects.toThrow(/not configured/);
    useKeys(B);
  }, 120_000);
});
