import { describe, expect, it } from "vitest";
import { prisma } from "@/lib/core/db";
import { ListFiltersSchema, listVerifications } from "@/lib/domain/verifications/list-verifications";
import { completedVerification, ownerOf } from "@/test/dashboard-fixtures";
import { createTestAccount, startVerification } from "@/test/fixtures";

describe("verification list", () => {
  it("pages with keyset cursors forwards and backwards without gaps or repeats, and filters", async () => {
    const account = await createTestAccount();
    const owner = ownerOf(account);
    const ids: string[] = [];
    for (let i = 0; i < 7; i++)
      ids.push(
        (
          await startVerification(account, "email-check", {
            reference: `page-${i}`,
            email: i === 3 ? "Someone@Example.test" : undefined,
          })
        ).verificationId,
      );
    // same createdAt for two rows: the id breaks the tie
    const t = new Date("2026-01-15T10:00:00Z");
    for (const [i, id] of ids.entries())
      await prisma.verification.update({
        where: { id },
        data: { createdAt: i === 5 ? new Date(t.getTime() + 4 * 60_000) : new Date(t.getTime() + i * 60_000) },
      });
    const expected = (
      await prisma.verification.findMany({
        where: { accountId: account.accountId },
        orderBy: [{ createdAt: "desc" }, { id: "desc" }],
        select: { id: true },
      })
    ).map((v) => v.id);

    const seen: string[] = [];
    let page = await listVerifications(owner, ListFiltersSchema.parse({}), 3);
    expect(page.prevCursor).toBeNull();
    seen.push(...page.rows.map((r) => r.id));
    while (page.nextCursor) {
      page = await listVerifications(owner, ListFiltersSchema.parse({ after: page.nextCursor }), 3);
      seen.push(...page.rows.map((r) => r.id));
    }
    expect(seen).toEqual(expected);
    // and back from the last page
    const back = await listVerifications(owner, ListFiltersSchema.parse({ before: page.prevCursor! }), 3);
    expect(back.rows.map((r) => r.id)).toEqual(expected.slice(3, 6));
    expect(back.nextCursor).not.toBeNull();

    const search = async (q: string) =>
      (await listVerifications(owner, ListFiltersSchema.parse({ q }))).rows.map((r) => r.id);
    expect(await search("page-4")).toEqual([ids[4]]);
    expect(await search("page-")).toHaveLength(7);
    expect(await search("someone@example.test")).toEqual([ids[3]]);
    expect(await search(ids[2]!)).toEqual([ids[2]]);
    expect(await search("page_")).toEqual([]); // LIKE wildcards are literal
    const dated = await listVerifications(owner, ListFiltersSchema.parse({ from: "2026-01-15", to: "2026-01-15" }));
    expect(dated.rows).toHaveLength(7);
    expect((await listVerifications(owner, ListFiltersSchema.parse({ to: "2026-01-14" }))).rows).toHaveLength(0);
    // malformed parameters are ignored
    expect(ListFiltersSchema.parse({ status: "NOPE", after: "x", workflowId: "1" })).toEqual({});
  });

  it("filters by status, result, workflow and document name, within the account only", async () => {
    const account = await createTestAccount();
    const other = await createTestAccount();
    const owner = ownerOf(account);
    const review = await completedVerification(account, {
      fullName: "Zoltan Kovacs",
      metadata: { reference: "shared-ref" },
    });
    const approved = await completedVerification(account, { result: "APPROVED" });
    const processing = await completedVerification(account, { status: "PROCESSING" });
    const email = await startVerification(account, "email-check");
    await completedVerification(other, { fullName: "Zoltan Kovacs", metadata: { reference: "shared-ref" } });
    const ids = async (filters: Record<string, string>) =>
      (await listVerifications(owner, ListFiltersSchema.parse(filters))).rows.map((r) => r.id).sort();

    expect(await ids({ result: "MANUAL_REVIEW" })).toEqual([review.verificationId]);
    expect(await ids({ result: "APPROVED" })).toEqual([approved.verificationId]);
    expect(await ids({ status: "PROCESSING" })).toEqual([processing.verificationId]);
    expect(await ids({ status: "COMPLETED" })).toEqual([review.verificationId, approved.verificationId].sort());
    expect(await ids({ workflowId: account.workflows["email-check"]! })).toEqual([email.verificationId]);
    expect(await ids({ q: "zoltan" })).toEqual([review.verificationId]);
    expect(await ids({ q: "shared-ref" })).toEqual([review.verificationId]);
    expect(await ids({ workflowId: other.workflows["document-verification"]! })).toEqual([]);
  });
});
