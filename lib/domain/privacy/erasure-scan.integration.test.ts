import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { prisma } from "@/lib/core/db";
import { isSealedJson, isSealedText, openJson, openText } from "@/lib/core/crypto/field-crypto";
import { secrets } from "@/lib/core/secrets";
import { resetEnvCache } from "@/lib/core/env";
import { createWorker } from "@/lib/jobs/adapters/in-process";
import { deletePersonalData } from "@/lib/domain/privacy/delete-personal-data";
import { redactExpiredVerifications } from "@/lib/domain/privacy/redact-expired";
import { decideReview } from "@/lib/domain/review/decide-review";
import * as startModule from "@/app/api/v1/verifications/route";
import * as sendInputsModule from "@/app/api/v1/verifications/[verificationId]/send-inputs/route";
import * as emailOtpModule from "@/app/api/v1/workflows/[workflowId]/email-otp/route";
import { call, route } from "@/test/api-client";
import { addMember, ownerOf } from "@/test/dashboard-fixtures";
import { receiverFor } from "@/test/engine-fixtures";
import { createTestAccount, latestOutboxCode, type TestAccount } from "@/test/fixtures";

const startRoute = route("/api/v1/verifications", startModule);
const sendInputsRoute = route("/api/v1/verifications/[verificationId]/send-inputs", sendInputsModule);
const emailOtpRoute = route("/api/v1/workflows/[workflowId]/email-otp", emailOtpModule);

// Erasure is proven by looking everywhere: known personal data goes in through the API (metadata, inputs, the
// client address, an OTP mail, a webhook receiver that echoes the payload back into the attempt log, a reviewer's
// note), the engine runs, the data is erased, and then EVERY text and JSON column of EVERY table is searched for it.

beforeAll(() => {
  vi.stubEnv("WEBHOOK_ALLOW_PRIVATE_NETWORKS", "true");
  resetEnvCache();
});
afterAll(() => {
  vi.unstubAllEnvs();
  resetEnvCache();
});

type Pii = { email: string; userId: string; reference: string; street: string; ip: string; note: string };

async function verificationWithPii(account: TestAccount): Promise<{ verificationId: string; pii: Pii }> {
  const tag = randomUUID().slice(0, 8);
  const pii: Pii = {
    email: `erase-${tag}@example.test`,
    userId: `erase-user-${tag}`,
    reference: `erase-ref-${tag}`,
    street: `${tag} Erasure Street`,
    ip: `2001:db8:e4a5:${tag.slice(0, 4)}::7`,
    note: `looked at ${tag} Erasure Street myself`,
  };
  const started = await call(startRoute, "/api/v1/verifications", {
    ...account.auth,
    ip: pii.ip,
    body: {
      flowId: account.workflows.kyc,
      metadata: { userId: pii.userId, email: pii.email, reference: pii.reference },
    },
  });
  expect(started.status).toBe(201);
  const verificationId = started.body.verificationId as string;
  await call(emailOtpRoute, `/api/v1/workflows/${account.workflows.kyc}/email-otp`, {
    ...account.auth,
    ip: pii.ip,
    body: { key: pii.email, verificationId },
  });
  const code = await latestOutboxCode(pii.email);
  const sent = await call(sendInputsRoute, `/api/v1/verifications/${verificationId}/send-inputs`, {
    ...account.auth,
    ip: pii.ip,
    body: {
      inputs: [
        { fieldName: "EMAIL", value: pii.email, type: "TEXT" },
        { fieldName: "EMAIL_OTP", value: code, type: "TEXT" },
        { fieldName: "ADDRESS_LINE", value: pii.street, type: "TEXT" },
        { fieldName: "CITY", value: "Springfield", type: "TEXT" },
        { fieldName: "POSTAL_CODE", value: "97403", type: "TEXT" },
        { fieldName: "COUNTRY", value: "US", type: "TEXT" },
      ],
    },
  });
  expect(sent.status).toBe(200);
  return { verificationId, pii };
}

async function runEngine() {
  const worker = createWorker({ pollMs: 50 });
  worker.start();
  await worker.idle();
  await worker.stop();
}

/** The plaintext of every sealed value of a column (personal data columns are encrypted: the scan reads through that). */
async function openedValues(table: string, column: string): Promise<string[]> {
  const rows = await prisma.$queryRawUnsafe<{ v: string }[]>(
    `SELECT "${column}"::text AS v FROM "${table}" WHERE "${column}"::text LIKE '%sealed%'`,
  );
  const key = secrets().storageKey;
  return rows.map(({ v }) => {
    // other test files share this database, and one of them seals under a key of its own on purpose (a restore
    // with the wrong key must fail): a value this key cannot open is not this test's data, which is sealed with it
    try {
      if (isSealedText(v)) return openText(key, v);
      const json = JSON.parse(v) as unknown;
      return isSealedJson(json) ? JSON.stringify(openJson(key, json)) : "";
    } catch {
      return "";
    }
  });
}

/** Every (table, column, hits) where a text or JSON column holds one of the strings, in plaintext or sealed. */
async function findEverywhere(needles: string[]): Promise<string[]> {
  const columns = await prisma.$queryRaw<{ table_name: string; column_name: string }[]>`
    SELECT table_name, column_name FROM information_schema.columns
    WHERE table_schema = 'public' AND table_name <> '_prisma_migrations'
      AND data_type IN ('text', 'character varying', 'json', 'jsonb', 'ARRAY')`;
  const found: string[] = [];
  for (const { table_name, column_name } of columns) {
    for (const needle of needles) {
      const rows = await prisma.$queryRawUnsafe<{ n: bigint }[]>(
        `SELECT count(*) AS n FROM "${table_name}" WHERE "${column_name}"::text ILIKE '%' || $1 || '%'`,
        needle,
      );
      if (Number(rows[0]!.n) > 0) found.push(`${table_name}.${column_name} holds ${needle}`);
    }
    const opened = await openedValues(table_name, column_name);
    for (const needle of needles) {
      if (opened.some((v) => v.toLowerCase().includes(needle.toLowerCase())))
        found.push(`${table_name}.${column_name} holds ${needle} (sealed)`);
    }
  }
  return found;
}

const needlesOf = (pii: Pii) =>
  Object.values(pii)
    .filter((v) => v !== pii.note)
    .concat(pii.note.split(" ")[2]!);

describe("erasure leaves no personal data in any table", () => {
  it("before erasure the scan finds the data (the test can fail); after 'Delete personal data' it finds none", async () => {
    const account = await createTestAccount({
      workflows: [{ name: "kyc", processes: ["EMAIL_CHECK", "ADDRESS_VERIFICATION", "LOCATION_INTELLIGENCE"] }],
    });
    await receiverFor(account, "echo");
    const { verificationId, pii } = await verificationWithPii(account);
    await runEngine();
    const admin = await addMember(account, "ADMIN");
    const v = await prisma.verification.findUniqueOrThrow({
      where: { id: verificationId },
      select: { status: true, result: true },
    });
    if (v.result === "MANUAL_REVIEW")
      await decideReview(admin, {
        verificationId,
        decision: "APPROVED",
        reason: "All checks verified manually",
        comment: pii.note,
      });
    expect((await findEverywhere(needlesOf(pii))).length).toBeGreaterThan(5);

    await deletePersonalData(ownerOf(account), { verificationId });
    expect(await findEverywhere(needlesOf(pii))).toEqual([]);
  });

  it("after the retention sweep it finds none", async () => {
    const account = await createTestAccount({
      workflows: [{ name: "kyc", processes: ["EMAIL_CHECK", "ADDRESS_VERIFICATION", "LOCATION_INTELLIGENCE"] }],
    });
    await receiverFor(account, "echo");
    const { verificationId, pii } = await verificationWithPii(account);
    await runEngine();
    await prisma.account.update({ where: { id: account.accountId }, data: { retentionDays: 1 } });
    await prisma.verification.update({
      where: { id: verificationId },
      data: { completedAt: new Date(Date.now() - 2 * 86_400_000) },
    });
    expect((await findEverywhere(needlesOf(pii))).length).toBeGreaterThan(5);
    await redactExpiredVerifications(new Date());
    expect(await findEverywhere(needlesOf(pii))).toEqual([]);
  });
});
