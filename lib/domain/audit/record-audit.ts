import type { Prisma } from "@/generated/prisma/client";

// Every audit-log row is written through here: who (a dashboard user, or the system/operator), which account,
// what action on which target, and data WITHOUT personal values (field names, counts, roles, ids).

// endUser: the person being verified, acting on the hosted page (consent, decline)
export type AuditActor = { userId: string } | { system: string | null } | { endUser: true };

export type AuditEntry = {
  accountId: string;
  actor: AuditActor;
  action: string;
  target?: { type: string; id: string };
  data?: Prisma.InputJsonValue;
  at?: Date;
};

/** The row of one entry (for createMany). */
export function auditRow(entry: AuditEntry): Prisma.AuditLogCreateManyInput {
  const { actor } = entry;
  return {
    accountId: entry.accountId,
    actorType: "userId" in actor ? "USER" : "endUser" in actor ? "END_USER" : "SYSTEM",
    actorId: "userId" in actor ? actor.userId : "system" in actor ? actor.system : null,
    action: entry.action,
    targetType: entry.target?.type ?? null,
    targetId: entry.target?.id ?? null,
    ...(entry.data === undefined ? {} : { data: entry.data }),
    ...(entry.at ? { createdAt: entry.at } : {}),
  };
}

/** Writes one entry with the given client or transaction (a promise Prisma can also batch in $transaction([...])). */
export function recordAudit(
  db: { auditLog: { create: (args: { data: Prisma.AuditLogCreateManyInput }) => Prisma.PrismaPromise<unknown> } },
  entry: AuditEntry,
) {
  return db.auditLog.create({ data: auditRow(entry) });
}

/** The account and actor of a dashboard member's entry. */
export function byMember(member: { accountId: string; userId: string }): Pick<AuditEntry, "accountId" | "actor"> {
  return { accountId: member.accountId, actor: { userId: member.userId } };
}
