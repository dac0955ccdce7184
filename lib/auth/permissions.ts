import { ForbiddenError } from "@/lib/core/errors";
// Who may do what, and the check domain functions repeat (pages and actions check first; a domain function called
// with a member object must not trust that its caller did).
export type Role = "OWNER" | "ADMIN" | "REVIEWER";
export type Member = {
  userId: string;
  email: string;
  accountId: string;
  accountName: string;
  clientId: string;
  role: Role;
  /** the membership's personal-data switch (only a reviewer's is ever off); see canViewPersonalData */
  personalData?: boolean;
};

/** Who may do what. Reviewers read and review verifications; keys, webhooks, workflows and members are not theirs. */
export const CAN = {
  review: ["OWNER", "ADMIN", "REVIEWER"],
  manageWorkflows: ["OWNER", "ADMIN"],
  manageCredentials: ["OWNER", "ADMIN"],
  manageWebhooks: ["OWNER", "ADMIN"],
  // erasure of a verification's personal data on request
  deletePersonalData: ["OWNER", "ADMIN"],
  manageReview: ["OWNER", "ADMIN"], // review desk: decision reasons, SLA, taking over a case another member holds
  manageMembers: ["OWNER"],
  manageAccount: ["OWNER"],
} as const satisfies Record<string, readonly Role[]>;

export type Permission = keyof typeof CAN;

export function can(member: Pick<Member, "role">, permission: Permission): boolean {
  return (CAN[permission] as readonly Role[]).includes(member.role);
}

export function assertCan(member: Pick<Member, "role">, permission: Permission): void {
  if (!can(member, permission)) throw new ForbiddenError("Not allowed");
}

/**
 * May this member see personal data: names, dates of birth, document numbers, addresses, e-mails, IP addresses,
 * document images, selfies and videos (docs/security.md, "Personal-data permission")? Owners and admins always may;
 * a reviewer only while the owner has left their membership's switch on. A member object that does not carry the
 * switch (built elsewhere than currentMember) is treated as switched off: it fails closed.
 */
export function canViewPersonalData(member: Pick<Member, "role" | "personalData">): boolean {
  return member.role === "OWNER" || member.role === "ADMIN" || member.personalData === true;
}
