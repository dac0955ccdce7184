"use server";
import { revalidatePath } from "next/cache";
import { z } from "zod";
import { env } from "@/lib/core/env";
import { memberAction } from "@/lib/actions/action";
import { done, type ActionState } from "@/lib/actions/action-state";
import { inviteMember, InviteSchema, revokeInvitation } from "@/lib/domain/accounts/invite-member";
import { changeMemberRole, removeMember, RoleSchema } from "@/lib/domain/accounts/manage-members";
import { AccessSchema, setPersonalDataAccess } from "@/lib/domain/privacy/set-personal-data-access";

const text = (form: FormData, name: string) => String(form.get(name) ?? "");
// a row's hidden id: its validation is the domain's lookup (another account's id is not found)
const MembershipSchema = z.object({ membershipId: z.string() });
const InvitationSchema = z.object({ invitationId: z.string() });

export async function inviteMemberAction(_state: ActionState, form: FormData): Promise<ActionState> {
  const input = { email: text(form, "email"), role: text(form, "role") };
  return memberAction({ permission: "manageMembers", schema: InviteSchema, input }, async (member, data) => {
    const { token } = await inviteMember(member, data);
    revalidatePath("/dashboard/members");
    // the token exists only in this answer: its hash is what is stored
    return done(
      "Invitation created. Send this link to the person; it works once, for 7 days, and is not shown again.",
      { secret: `${env().PUBLIC_URL}/invite/${token}` },
    );
  });
}

export async function revokeInvitationAction(_state: ActionState, form: FormData): Promise<ActionState> {
  const input = { invitationId: text(form, "invitationId") };
  return memberAction({ permission: "manageMembers", schema: InvitationSchema, input }, async (member, data) => {
    await revokeInvitation(member, data.invitationId);
    revalidatePath("/dashboard/members");
    return done("Invitation revoked.");
  });
}

export async function changeRoleAction(_state: ActionState, form: FormData): Promise<ActionState> {
  const input = { membershipId: text(form, "membershipId"), role: text(form, "role") };
  return memberAction({ permission: "manageMembers", schema: RoleSchema, input }, async (member, data) => {
    await changeMemberRole(member, data);
    revalidatePath("/dashboard/members");
    return done("Role changed.");
  });
}

export async function removeMemberAction(_state: ActionState, form: FormData): Promise<ActionState> {
  const input = { membershipId: text(form, "membershipId") };
  return memberAction({ permission: "manageMembers", schema: MembershipSchema, input }, async (member, data) => {
    await removeMember(member, data.membershipId);
    revalidatePath("/dashboard/members");
    return done("Member removed.");
  });
}

export async function setPersonalDataAccessAction(_state: ActionState, form: FormData): Promise<ActionState> {
  const input = { membershipId: text(form, "membershipId"), allowed: text(form, "allowed") === "true" };
  return memberAction({ permission: "manageMembers", schema: AccessSchema, input }, async (member, data) => {
    await setPersonalDataAccess(member, data);
    revalidatePath("/dashboard/members");
    return done("Personal-data permission changed.");
  });
}
