import { requireMember } from "@/lib/auth/current-member";
import { listMembers } from "@/lib/domain/accounts/manage-members";
import { InviteForm, RowAction } from "@/components/dashboard/member-forms";
import {
  changeRoleAction,
  inviteMemberAction,
  removeMemberAction,
  revokeInvitationAction,
  setPersonalDataAccessAction,
} from "@/lib/actions/accounts/member-actions";
import styles from "@/components/dashboard/dashboard.module.css";

export const metadata = { title: "Members" };

// GET /dashboard/members — owners manage who works in this account
export default async function MembersPage() {
  const member = await requireMember("manageMembers");
  const { members, invitations } = await listMembers(member);
  return (
    <>
      <h1>Members</h1>
      <section className={styles.panel}>
        <table className={styles.table}>
          <thead>
            <tr>
              <th>Member</th>
              <th>Role</th>
              <th>Personal data</th>
              <th>Since</th>
              <th></th>
            </tr>
          </thead>
          <tbody>
            {members.map((m) => (
              <tr key={m.id}>
                <td>
                  {m.user.name ? `${m.user.name} · ` : ""}
                  {m.user.email}
                  {m.user.id === member.userId ? " (you)" : ""}
                </td>
                <td>
                  <RowAction
                    action={changeRoleAction}
                    hidden={{ membershipId: m.id }}
                    role={m.role}
                    label="Change role"
                  />
                </td>
                <td>
                  {m.role !== "REVIEWER" ? (
                    "always"
                  ) : (
                    <RowAction
                      action={setPersonalDataAccessAction}
                      hidden={{ membershipId: m.id, allowed: String(!m.canViewPersonalData) }}
                      label={m.canViewPersonalData ? "Hide personal data" : "Show personal data"}
                      status={m.canViewPersonalData ? "shown" : "hidden"}
                    />
                  )}
                </td>
                <td>{m.createdAt.toISOString().slice(0, 10)}</td>
                <td>
                  <RowAction action={removeMemberAction} hidden={{ membershipId: m.id }} label="Remove" danger />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </section>
      <h2>Invite someone</h2>
      <section className={styles.panel}>
        <InviteForm action={inviteMemberAction} />
      </section>
      <h2>Open invitations</h2>
      <section className={styles.panel}>
        {invitations.length ? (
          <table className={styles.table}>
            <thead>
              <tr>
                <th>E-mail</th>
                <th>Role</th>
                <th>Expires</th>
                <th></th>
              </tr>
            </thead>
            <tbody>
              {invitations.map((i) => (
                <tr key={i.id}>
                  <td>{i.email}</td>
                  <td>{i.role.toLowerCase()}</td>
                  <td>{i.expiresAt.toISOString().slice(0, 16).replace("T", " ")} UTC</td>
                  <td>
                    <RowAction action={revokeInvitationAction} hidden={{ invitationId: i.id }} label="Revoke" danger />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        ) : (
          <p className={styles.muted}>No open invitations.</p>
        )}
      </section>
    </>
  );
}
