// Test-only: dashboard members as requireMember would build them, for domain functions that take one.
import { createTestAccount } from "@/test/fixtures";
import type { Member, Role } from "@/lib/auth/permissions";

export async function createTestMembers(options: Parameters<typeof createTestAccount>[0] = {}) {
  const account = await createTestAccount(options);
  const as = (role: Role): Member => ({
    userId: account.userId,
    email: "owner@test.local",
    accountId: account.accountId,
    accountName: "Test",
    clientId: account.clientId,
    role,
  });
  return { account, owner: as("OWNER"), admin: as("ADMIN"), reviewer: as("REVIEWER") };
}
