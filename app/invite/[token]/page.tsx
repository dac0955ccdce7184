import Link from "next/link";
import { auth } from "@/auth";
import { prisma } from "@/lib/core/db";
import { findOpenInvitation } from "@/lib/domain/accounts/accept-invitation";
import { JoinAsNewUserForm, JoinAsUserForm } from "@/components/dashboard/invite-forms";
import { joinAsNewUserAction, joinAsUserAction } from "@/lib/actions/accounts/invitation-actions";
import styles from "@/components/dashboard/dashboard.module.css";

export const metadata = { title: "Invitation · OpenKYC", robots: { index: false } };

// GET /invite/:token — accept an invitation: signed out, create the invited user; signed in as the invited e-mail, join
export default async function InvitePage({ params }: { params: Promise<{ token: string }> }) {
  const { token } = await params;
  const invitation = await findOpenInvitation(token);
  const userId = (await auth())?.user?.id;
  const me = userId ? await prisma.user.findUnique({ where: { id: userId }, select: { email: true } }) : null;
  return (
    <main className={styles.authPage}>
      <div className={styles.authForm}>
        <h1>Join an account</h1>
        {!invitation ? (
          <p className={styles.error}>
            This invitation link is invalid, expired or already used. Ask the account owner for a new one.
          </p>
        ) : (
          <>
            <p>
              You are invited to <strong>{invitation.account.name}</strong> as{" "}
              <strong>{invitation.role.toLowerCase()}</strong>.
            </p>
            {me && me.email === invitation.email ? (
              <JoinAsUserForm action={joinAsUserAction} token={token} label={`Join as ${me.email}`} />
            ) : null}
            {me && me.email !== invitation.email ? (
              <p className={styles.error}>
                You are signed in as {me.email}, but this invitation is for another e-mail address. Sign out and open
                the link again.
              </p>
            ) : null}
            {!me ? (
              <>
                <JoinAsNewUserForm action={joinAsNewUserAction} token={token} email={invitation.email} />
                <p className={styles.muted}>
                  Already have a user with this e-mail?{" "}
                  <Link href={`/login?callbackUrl=${encodeURIComponent(`/invite/${token}`)}`}>Sign in</Link>, then open
                  the link again.
                </p>
              </>
            ) : null}
          </>
        )}
      </div>
    </main>
  );
}
