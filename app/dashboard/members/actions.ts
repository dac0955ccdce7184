"use server";
import { revalidatePath } from "next/cache";
import { env } from "@/lib/core/env";
import { done, memberAction, type ActionState } from "@/lib/actions/action";
import { inviteMember, revokeInvitation } from "@/lib/domain/accounts/invite-member";
import { changeMemberRole, removeMember } from "@/lib/domain/accounts/manage-members";
import { setPersonalDataAccess } from "@/lib/domain/privacy/set-personal-data-access";

const text = (form: FormData, name: string) => String(form.get(name) ?? "");

export async function inviteMemberAction(_state: ActionState, form: FormData): Promise<ActionState> {
  return memberAction("manageMembers", async (member) => {
    const { token } = await inviteMember(member, {
      email: text(form, "email"),
      role: text(form, "role") as "REVIEWER",
    });
    revalidatePath("/dashboard/members");
    // the token exists only in this answer: its hash is what is stored
    return done(
      "Invitation created. Send this link to the person; it works once, for 7 days, and is not shown again.",
      { secret: `${env().PUBLIC_URL}/invite/${token}` },
    );
  });
}

export async function revokeInvitationAction(_state: ActionState, form: FormData): Promise<ActionState> {
  return memberAction("manageMembers", async (member) => {
    await revokeInvitation(member, text(form, "invitationId"));
    revalidatePath("/dashboard/members");
    return done("Invitation revoked.");
  });
}

export async function changeRoleAction(_state: ActionState, form: FormData): Promise<ActionState> {
  return memberAction("manageMembers", async (member) => {
    await changeMemberRole(member, {
      membershipId: text(form, "membershipId"),
      role: text(form, "role") as "REVIEWER",
    });
    revalidatePath("/dashboard/members");
    return done("Role changed.");
  });
}

export async function removeMemberAction(_state: ActionState, form: FormData): Promise<ActionState> {
  return memberAction("manageMembers", async (member) => {
    await removeMember(member, text(form, "membershipId"));
    revalidatePath("/dashboard/members");
    return done("Member removed.");
  });
}

export async function setPersonalDataAccessAction(_state: ActionState, form: FormData): Promise<ActionState> {
  return memberAction("manageMembers", async (member) => {
    await setPersonalDataAccess(member, {
      membershipId: text(form, "membershipId"),
      allowed: text(form, "allowed") === "true",
    });
    revalidatePath("/dashboard/members");
    return done("Personal-data permission changed.");
  });
}
