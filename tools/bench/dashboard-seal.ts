// bench:dashboard's second seeding step: the rows written with SQL hold plaintext, as an older version wrote them;
// this seals them and sets their blind indexes as the service would (lib/core/crypto/sealed-columns.ts), in batches
// of 5,000 rows per UPDATE … FROM unnest(…), so the list is measured on the rows and indexes it really reads.
// Usage: dashboard-seal.ts <accountId>. Prints ONE JSON line: { rows, seconds }.
import { prisma } from "@/lib/core/db";
import { openJson } from "@/lib/core/crypto/field-crypto";
import { sealWriteArgs } from "@/lib/core/crypto/sealed-columns";
import { secrets } from "@/lib/core/secrets";

const [accountId] = process.argv.slice(2) as [string];
const BATCH = 5_000;
const key = secrets().keyring;

type Sealed = Record<string, unknown>;
type Row = Sealed & { id: string };
const sealRow = (model: string, data: Sealed) =>
  (sealWriteArgs(key, model, "update", { data }) as { data: Sealed }).data;

async function main() {
  const started = Date.now();
  let rows = 0;
  let after = "00000000-0000-0000-0000-000000000000";
  for (;;) {
    const batch = await prisma.$queryRaw<{ id: string; metadata: unknown }[]>`
      SELECT "id", "metadata" FROM "Verification" WHERE "accountId" = ${accountId}::uuid AND "id" > ${after}::uuid ORDER BY "id" LIMIT ${BATCH}`;
    if (!batch.length) break;
    const out = batch.map((r): Row => ({
      ...sealRow("Verification", { metadata: openJson(key, r.metadata) }),
      id: r.id,
    }));
    await prisma.$executeRaw`
      UPDATE "Verification" v SET "metadata" = u.m::jsonb, "emailIndex" = u.e, "referenceIndex" = u.r,
             "referencePrefixes" = ARRAY(SELECT jsonb_array_elements_text(u.p::jsonb))
      FROM unnest(${out.map((o) => o.id)}::uuid[], ${out.map((o) => JSON.stringify(o.metadata))}::text[], ${out.map((o) => o.emailIndex as string | null)}::text[],
                  ${out.map((o) => o.referenceIndex as string | null)}::text[], ${out.map((o) => JSON.stringify(o.referencePrefixes))}::text[]) AS u(id, m, e, r, p)
      WHERE v."id" = u.id`;
    const ids = batch.map((r) => r.id);
    const inputs = await prisma.$queryRaw<{ id: string; fieldName: string; value: string | null }[]>`
      SELECT "id", "fieldName", "value" FROM "VerificationInput" WHERE "verificationId" = ANY(${ids}::uuid[]) AND "value" NOT LIKE 'sealed:v1:%'`;
    if (inputs.length) {
      const sealed = inputs.map((i): Row => ({
        ...sealRow("VerificationInput", { fieldName: i.fieldName, value: i.value }),
        id: i.id,
      }));
      await prisma.$executeRaw`
        UPDATE "VerificationInput" t SET "value" = u.v, "valueIndex" = u.x
        FROM unnest(${sealed.map((s) => s.id)}::uuid[], ${sealed.map((s) => s.value as string | null)}::text[], ${sealed.map((s) => s.valueIndex as string | null)}::text[]) AS u(id, v, x)
        WHERE t."id" = u.id`;
    }
    const steps = await prisma.$queryRaw<{ id: string; data: unknown; checks: unknown }[]>`
      SELECT "id", "data", "checks" FROM "VerificationStep" WHERE "verificationId" = ANY(${ids}::uuid[]) AND jsonb_typeof("data" -> '$sealed') IS DISTINCT FROM 'string'`;
    if (steps.length) {
      const sealed = steps.map((s): Row => ({
        ...sealRow("VerificationStep", { data: openJson(key, s.data), checks: openJson(key, s.checks) }),
        id: s.id,
      }));
      await prisma.$executeRaw`
        UPDATE "VerificationStep" t SET "data" = u.d::jsonb, "checks" = u.c::jsonb, "nameWords" = ARRAY(SELECT jsonb_array_elements_text(u.n::jsonb)),
               "documentNumberIndex" = u.x, "imageHash" = u.h, "failedChecks" = ARRAY(SELECT jsonb_array_elements_text(u.f::jsonb))
        FROM unnest(${sealed.map((s) => s.id)}::uuid[], ${sealed.map((s) => JSON.stringify(s.data))}::text[], ${sealed.map((s) => JSON.stringify(s.checks))}::text[],
                    ${sealed.map((s) => JSON.stringify(s.nameWords))}::text[], ${sealed.map((s) => s.documentNumberIndex as string | null)}::text[],
                    ${sealed.map((s) => s.imageHash as string | null)}::text[], ${sealed.map((s) => JSON.stringify(s.failedChecks))}::text[]) AS u(id, d, c, n, x, h, f)
        WHERE t."id" = u.id`;
    }
    rows += batch.length;
    after = batch.at(-1)!.id;
  }
  console.log(JSON.stringify({ rows, seconds: Number(((Date.now() - started) / 1000).toFixed(1)) }));
  await prisma.$disconnect();
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
