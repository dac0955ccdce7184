import type { Metadata } from "next";
import Link from "next/link";
import { confirmSignupAction } from "@/lib/actions/accounts/sign-in-actions";
import { ConfirmSignupForm } from "@/components/dashboard/auth-forms";
import { isOpenSignupToken } from "@/lib/domain/accounts/request-signup";
import styles from "@/components/dashboard/dashboard.module.css";

export const metadata: Metadata = { title: "Create your account", referrer: "no-referrer" };

// GET /signup/confirm?token= — the link of the sign-up mail; the account is created by the button, not the visit
export default async function ConfirmSignupPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const raw = (await searchParams).token;
  const token = typeof raw === "string" ? raw : "";
  return (
    <main className={styles.authPage}>
      {(await isOpenSignupToken(token)) ? (
        <ConfirmSignupForm action={confirmSignupAction.bind(null, token)} />
      ) : (
        <section className={styles.authForm}>
          <h1>Create your account</h1>
          <p role="alert" className={styles.error}>
            This link is invalid, expired or already used.
          </p>
          <p>
            <Link href="/signup">Sign up again</Link>
          </p>
        </section>
      )}
    </main>
  );
}
