import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { prisma } from "@/lib/core/db";
import { ListFiltersSchema, listVerifications } from "@/lib/domain/verifications/list-verifications";
import { sealExistingRows } from "@/lib/domain/privacy/seal-existing";
import * as verificationModule from "@/app/api/v1/verifications/[verificationId]/route";
import { call, route } from "@/test/api-client";
import { completedVerification, ownerOf } from "@/test/dashboard-fixtures";
import { createTestAccount } from "@/test/fixtures";

const verificationRoute = route("/api/v1/verifications/[verificationId]", verificationModule);

// Personal data at rest: what PostgreSQL holds for metadata, input values, step data and checks, and event payloads
// is ciphertext; the API and the dashboard still read plain values, and the list's search finds them through blind
// indexes. A database dump (or a backup of .data/pg) shows none of it.

/** The raw text of the sealed columns of one verification, as a dump would show them. */
async function rawColumns(verificationId: string): Promise<string[]> {
  const rows = await prisma.$queryRaw<{ v: string | null }[]>`
    SELECT "metadata"::text AS v FROM "Verification" WHERE "id" = ${verificationId}::uuid
    UNION ALL SELECT "value" FROM "VerificationInput" WHERE "verificationId" = ${verificationId}::uuid
    UNION ALL SELECT "data"::text FROM "VerificationStep" WHERE "verificationId" = ${verificationId}::uuid
    UNION ALL SELECT "checks"::text FROM "VerificationStep" WHERE "verificationId" = ${verificationId}::uuid
    UNION ALL SELECT "payload"::text FROM "Event" WHERE "verificationId" = ${verificationId}::uuid`;
  return rows.flatMap((r) => (r.v === null ? [] : [r.v])); // a FILE input has no value
}

async function fixture() {
  const account = await createTestAccount();
  const tag = randomUUID().slice(0, 8);
  const pii = {
    email: `Sealed.${tag}@Example.test`,
    reference: `sealed-ref-${tag}`,
    name: `Zoltán Kovács-${tag}`,
    number: `X${tag.toUpperCase()}`,
  };
  const v = await completedVerification(account, {
    fullName: pii.name,
    metadata: { email: pii.email, reference: pii.reference },
  });
  await prisma.verificationStep.updateMany({
    where: { verificationId: v.verificationId },
    data: { data: { full_name: pii.name, document_number: pii.number, country_of_issuance: "DEU" } },
  });
  return { account, pii, ...v };
}

describe("personal data columns are sealed at rest", () => {
  it("a dump shows ciphertext; the API, the dashboard and its search read the plain values", async () => {
    const { account, pii, verificationId } = await fixture();
    const raw = await rawColumns(verificationId);
    expect(raw.length).toBeGreaterThanOrEqual(5);
    for (const text of raw) {
      expect(text).toMatch(/^sealed:v1:[\w-]+$|^\{"\$sealed": "[\w-]+"\}$/);
      // needles of 9+ characters: a short one could occur in base64 by chance
      for (const needle of [pii.email, pii.reference, pii.name, pii.number, "Erika differs"])
        expect(text).not.toContain(needle);
    }

    const read = await call(verificationRoute, `/api/v1/verifications/${verificationId}`, { ...account.auth });
    expect(read.status).toBe(200);
    expect(read.body.metadata).toMatchObject({ email: pii.email, reference: pii.reference });
    expect(JSON.stringify(read.body)).toContain(pii.number);

    const owner = ownerOf(account);
    const search = async (q: string) =>
      (await listVerifications(owner, ListFiltersSchema.parse({ q }))).rows.map((r) => r.id);
    expect(await search(pii.email.toLowerCase())).toEqual([verificationId]); // e-mail: exact, any case
    expect(await search(pii.reference)).toEqual([verificationId]); // reference: exact …
    expect(await search(pii.reference.slice(0, 12))).toEqual([verificationId]); // … and by prefix
    expect(await search(pii.number.toLowerCase())).toEqual([verificationId]); // document number
    expect(await search("zoltan")).toEqual([verificationId]); // a word of the name, accents and case ignored
    expect(await search(`KOVACS ${tag(pii.name)}`)).toEqual([verificationId]);
    expect(await search("zolt")).toEqual([]); // names: whole words only (no prefix index)
    expect((await listVerifications(owner, ListFiltersSchema.parse({ q: pii.reference }))).rows[0]!.reference).toBe(
      pii.reference,
    );
  });

  it("rows written before encryption are read as they are, then sealed with their indexes at start", async () => {
    const { account, pii, verificationId } = await fixture();
    // as an older version wrote them: plaintext, no blind indexes
    await prisma.$executeRaw`UPDATE "Verification" SET "metadata" = ${JSON.stringify({ email: pii.email, reference: pii.reference })}::jsonb, "emailIndex" = NULL, "referenceIndex" = NULL, "referencePrefixes" = '{}' WHERE "id" = ${verificationId}::uuid`;
    await prisma.$executeRaw`UPDATE "VerificationStep" SET "data" = ${JSON.stringify({ full_name: pii.name, document_number: pii.number })}::jsonb, "nameWords" = '{}', "documentNumberIndex" = NULL WHERE "verificationId" = ${verificationId}::uuid`;
    await prisma.$executeRaw`UPDATE "VerificationInput" SET "value" = 'DE', "valueIndex" = NULL WHERE "verificationId" = ${verificationId}::uuid AND "value" IS NOT NULL`;
    expect((await rawColumns(verificationId)).some((t) => t.includes(pii.reference))).toBe(true);
    const before = await prisma.verification.findUniqueOrThrow({
      where: { id: verificationId },
      select: { metadata: true },
    });
    expect(before.metadata).toEqual({ email: pii.email, reference: pii.reference });
    const owner = ownerOf(account);
    expect((await listVerifications(owner, ListFiltersSchema.parse({ q: pii.reference }))).rows).toEqual([]);

    const sealed = await sealExistingRows();
    expect(sealed.verifications).toBeGreaterThanOrEqual(1);
    expect(sealed.steps).toBeGreaterThanOrEqual(1);
    for (const text of await rawColumns(verificationId)) expect(text).not.toContain(pii.reference);
    expect(
      (await listVerifications(owner, ListFiltersSchema.parse({ q: pii.reference }))).rows.map((r) => r.id),
    ).toEqual([verificationId]);
    expect((await listVerifications(owner, ListFiltersSchema.parse({ q: pii.number }))).rows.map((r) => r.id)).toEqual([
      verificationId,
    ]);
    const after = await prisma.verification.findUniqueOrThrow({
      where: { id: verificationId },
      select: { metadata: true },
    });
    expect(after.metadata).toEqual(before.metadata);
    expect((await sealExistingRows()).verifications).toBe(0); // once
  });
});

function tag(name: string): string {
  return name.split("-").at(-1)!;
}
