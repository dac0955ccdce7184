import { randomUUID } from "node:crypto";
import bcrypt from "bcryptjs";
import { afterEach, describe, expect, it, vi } from "vitest";
import { confirmSignup, requestSignup } from "@/lib/domain/accounts/request-signup";
import { prisma } from "@/lib/core/db";
import { createTestAccount } from "@/test/fixtures";

afterEach(() => vi.restoreAllMocks());

const mailsTo = (email: string) => prisma.outboxEmail.findMany({ where: { to: email }, orderBy: { createdAt: "asc" } });

describe("sign-up does not reveal whether an e-mail address has a user", () => {
  it("answers the same and does the same work for a taken and a new address; only the mailbox learns which", async () => {
    const existing = await createTestAccount();
    const taken = (await prisma.user.findUniqueOrThrow({ where: { id: existing.userId } })).email;
    const fresh = `new-${randomUUID()}@example.test`;
    const hash = vi.spyOn(bcrypt, "hash");
    const a = await requestSignup({ accountName: "Copycat", email: taken, password: "a long enough password" });
    const b = await requestSignup({ accountName: "Newco", email: fresh, password: "a long enough password" });
    expect(a).toEqual(b);
    expect(hash).toHaveBeenCalledTimes(2);
    expect(await prisma.user.count({ where: { email: fresh } })).toBe(0);
    expect((await mailsTo(taken)).at(-1)!.subject).toMatch(/tried to create an account/);
    const [invite] = await mailsTo(fresh);
    const token = new URL(/https?:\/\/\S+/.exec(invite!.text)![0]).searchParams.get("token")!;

    const created = await confirmSignup(token);
    expect(created).toMatchObject({ email: fresh });
    const owner = await prisma.user.findUniqueOrThrow({ where: { email: fresh }, include: { memberships: true } });
    expect(owner.memberships).toMatchObject([{ accountId: created!.accountId, role: "OWNER" }]);
    expect(await bcrypt.compare("a long enough password", owner.passwordHash!)).toBe(true);
    expect(await confirmSignup(token)).toBeNull();
    expect(await confirmSignup("forged")).toBeNull();
  });
});
