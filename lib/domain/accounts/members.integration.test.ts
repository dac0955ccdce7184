import bcrypt from "bcryptjs";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { prisma } from "@/lib/core/db";
import {
  acceptInvitationAsNewUser,
  acceptInvitationAsUser,
  findOpenInvitation,
  INVITATION_ATTEMPTS_PER_HOUR,
} from "@/lib/domain/accounts/accept-invitation";
import { hashInvitationToken, inviteMember, revokeInvitation } from "@/lib/domain/accounts/invite-member";
import { changeMemberRole, removeMember } from "@/lib/domain/accounts/manage-members";
import { DashboardError, ForbiddenError, NotFoundError } from "@/lib/core/errors";
import { updateAccountSettings } from "@/lib/domain/accounts/update-account-settings";
import { clock } from "@/lib/core/clock";
import { addMember, ownerOf } from "@/test/dashboard-fixtures";
import { createTestAccount } from "@/test/fixtures";

const email = () => `invitee-${crypto.randomUUID()}@test.local`;

describe("members and invitations", () => {
  beforeEach(() => vi.restoreAllMocks());

  it("an invitation link works once, stores only the token's hash, and gives the invited role", async () => {
    const account = await createTestAccount();
    const address = email();
    const { token, id } = await inviteMember(ownerOf(account), { email: address, role: "REVIEWER" });
    const row = await prisma.invitation.findUniqueOrThrow({ where: { id } });
    expect(row.tokenHash).toBe(hashInvitationToken(token));
    expect(JSON.stringify(row)).not.toContain(token);
    expect(row.expiresAt.getTime() - row.createdAt.getTime()).toBe(7 * 86_400_000);
    expect(await findOpenInvitation(token)).toMatchObject({ email: address, role: "REVIEWER" });

    await acceptInvitationAsNewUser(token, { name: "Rita Reviewer", password: "long enough password" });
    const user = await prisma.user.findUniqueOrThrow({ where: { email: address }, include: { memberships: true } });
    expect(user.memberships).toMatchObject([{ accountId: account.accountId, role: "REVIEWER" }]);
    await expect(acceptInvitationAsNewUser(token, { name: "Again", password: "long enough password" })).rejects.toThrow(
      /already used/,
    );
    expect(await findOpenInvitation(token)).toBeNull();
  });

  it("a signed-in user joins only with an invitation to their own e-mail; expired and revoked links fail", async () => {
    const account = await createTestAccount();
    const elsewhere = await createTestAccount();
    const stranger = await addMember(elsewhere, "ADMIN");
    const forOther = await inviteMember(ownerOf(account), { email: email(), role: "ADMIN" });
    await expect(acceptInvitationAsUser({ userId: stranger.userId }, forOther.token)).rejects.toThrow(/another e-mail/);
    expect(await prisma.membership.count({ where: { accountId: account.accountId, userId: stranger.userId } })).toBe(0);

    const forStranger = await inviteMember(ownerOf(account), { email: stranger.email, role: "ADMIN" });
    await acceptInvitationAsUser({ userId: stranger.userId }, forStranger.token);
    expect(
      await prisma.membership.findFirst({
        where: { accountId: account.accountId, userId: stranger.userId },
        select: { role: true },
      }),
    ).toEqual({ role: "ADMIN" });

    const expiring = await inviteMember(ownerOf(account), { email: email(), role: "OWNER" });
    vi.spyOn(clock, "now").mockReturnValue(new Date(Date.now() + 8 * 86_400_000));
    await expect(
      acceptInvitationAsNewUser(expiring.token, { name: "Late", password: "long enough password" }),
    ).rejects.toThrow(/expired/);
    vi.restoreAllMocks();

    const revoked = await inviteMember(ownerOf(account), { email: email(), role: "REVIEWER" });
    await revokeInvitation(ownerOf(account), revoked.id);
    await expect(
      acceptInvitationAsNewUser(revoked.token, { name: "Nope", password: "long enough password" }),
    ).rejects.toBeInstanceOf(DashboardError);
  });

  it("roles change and members leave, but never the last owner", async () => {
    const account = await createTestAccount();
    const owner = ownerOf(account);
    const ownerMembership = await prisma.membership.findFirstOrThrow({
      where: { accountId: account.accountId, userId: owner.userId },
    });
    const admin = await addMember(account, "ADMIN");
    const adminMembership = await prisma.membership.findFirstOrThrow({
      where: { accountId: account.accountId, userId: admin.userId },
    });
    await expect(changeMemberRole(owner, { membershipId: ownerMembership.id, role: "ADMIN" })).rejects.toThrow(
      /at least one owner/,
    );
    await expect(removeMember(owner, ownerMembership.id)).rejects.toThrow(/last owner/);
    await changeMemberRole(owner, { membershipId: adminMembership.id, role: "OWNER" });
    await changeMemberRole(owner, { membershipId: ownerMembership.id, role: "REVIEWER" });
    expect((await prisma.membership.findUniqueOrThrow({ where: { id: ownerMembership.id } })).role).toBe("REVIEWER");
    await removeMember({ ...admin, role: "OWNER" }, ownerMembership.id);
    expect(await prisma.membership.count({ where: { id: ownerMembership.id } })).toBe(0);
    expect(
      await prisma.auditLog.count({
        where: { accountId: account.accountId, action: { in: ["member.role_changed", "member.removed"] } },
      }),
    ).toBe(3);
  });

  it("another account's member and invitation are not found; reviewers and admins may not manage members or settings", async () => {
    const account = await createTestAccount();
    const other = await createTestAccount();
    const theirMembership = await prisma.membership.findFirstOrThrow({ where: { accountId: other.accountId } });
    const theirInvite = await inviteMember(ownerOf(other), { email: email(), role: "REVIEWER" });
    await expect(
      changeMemberRole(ownerOf(account), { membershipId: theirMembership.id, role: "REVIEWER" }),
    ).rejects.toBeInstanceOf(NotFoundError);
    await expect(removeMember(ownerOf(account), theirMembership.id)).rejects.toBeInstanceOf(NotFoundError);
    await expect(revokeInvitation(ownerOf(account), theirInvite.id)).rejects.toBeInstanceOf(NotFoundError);
    expect((await prisma.membership.findUniqueOrThrow({ where: { id: theirMembership.id } })).role).toBe("OWNER");
    expect(await findOpenInvitation(theirInvite.token)).not.toBeNull();

    for (const role of ["REVIEWER", "ADMIN"] as const) {
      const member = await addMember(account, role);
      await expect(inviteMember(member, { email: email(), role: "OWNER" })).rejects.toBeInstanceOf(ForbiddenError);
      await expect(
        changeMemberRole(member, { membershipId: theirMembership.id, role: "OWNER" }),
      ).rejects.toBeInstanceOf(ForbiddenError);
      await expect(updateAccountSettings(member, { name: "Mine", retentionDays: "1" })).rejects.toBeInstanceOf(
        ForbiddenError,
      );
    }
    expect((await prisma.account.findUniqueOrThrow({ where: { id: account.accountId } })).retentionDays).toBeNull();
    await updateAccountSettings(ownerOf(account), { name: "Renamed", retentionDays: "90" });
    expect(
      await prisma.account.findUniqueOrThrow({
        where: { id: account.accountId },
        select: { name: true, retentionDays: true },
      }),
    ).toEqual({ name: "Renamed", retentionDays: 90 });
  });

  it("keeps the allowed redirect hosts and frame origins as lists, refusing anything that is not a host or an https origin", async () => {
    const account = await createTestAccount();
    await updateAccountSettings(ownerOf(account), {
      name: "Shop",
      retentionDays: "",
      allowedRedirectHosts: "shop.example\n*.shop.example, SHOP.example",
      allowedFrameOrigins: "https://app.shop.example",
    });
    expect(
      await prisma.account.findUniqueOrThrow({
        where: { id: account.accountId },
        select: { allowedRedirectHosts: true, allowedFrameOrigins: true },
      }),
    ).toEqual({
      allowedRedirectHosts: ["shop.example", "*.shop.example"],
      allowedFrameOrigins: ["https://app.shop.example"],
    });
    await expect(
      updateAccountSettings(ownerOf(account), {
        name: "Shop",
        retentionDays: "",
        allowedRedirectHosts: "https://evil.example/path",
      }),
    ).rejects.toThrow();
    await expect(
      updateAccountSettings(ownerOf(account), {
        name: "Shop",
        retentionDays: "",
        allowedFrameOrigins: "http://app.shop.example",
      }),
    ).rejects.toThrow();
    expect((await prisma.account.findUniqueOrThrow({ where: { id: account.accountId } })).allowedRedirectHosts).toEqual(
      ["shop.example", "*.shop.example"],
    );
  });
});

describe("invitation acceptance under attack", () => {
  it("looks the token up before hashing a password, and limits attempts per client address", async () => {
    const hash = vi.spyOn(bcrypt, "hash");
    const ip = `198.18.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`;
    await expect(
      acceptInvitationAsNewUser("not-a-real-token", { name: "Mallory", password: "a long enough password" }, ip),
    ).rejects.toThrow(/invalid, expired or already used/);
    expect(hash).not.toHaveBeenCalled();
    for (let i = 1; i < INVITATION_ATTEMPTS_PER_HOUR; i++)
      await acceptInvitationAsNewUser(`guess-${i}`, { name: "Mallory", password: "a long enough password" }, ip).catch(
        () => undefined,
      );
    await expect(
      acceptInvitationAsNewUser("guess-last", { name: "Mallory", password: "a long enough password" }, ip),
    ).rejects.toThrow(/Too many attempts/);
    // a real invitation from another address still works
    const account = await createTestAccount();
    const { token } = await inviteMember(ownerOf(account), {
      email: `new-${Date.now()}@example.test`,
      role: "REVIEWER",
    });
    hash.mockClear();
    await expect(
      acceptInvitationAsNewUser(token, { name: "Rita", password: "a long enough password" }, "198.51.100.99"),
    ).resolves.toMatchObject({ accountId: account.accountId });
    expect(hash).toHaveBeenCalledTimes(1);
  });
});
