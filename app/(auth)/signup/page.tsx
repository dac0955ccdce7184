import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { signup } from "@/lib/actions/accounts/sign-in-actions";
import { SignupForm } from "@/components/dashboard/auth-forms";
import { signupRefusal } from "@/lib/domain/accounts/signup-mode";
import { currentMember } from "@/lib/auth/current-member";
import styles from "@/components/dashboard/dashboard.module.css";

export const metadata: Metadata = { title: "Create an account" };

export default async function SignupPage() {
  if (await currentMember()) redirect("/dashboard");
  const refusal = await signupRefusal();
  return (
    <main className={styles.authPage}>
      {refusal === null ? (
        <SignupForm action={signup} />
      ) : (
        <section className={styles.panel}>
          <h1>Create an account</h1>
          <p>{refusal}</p>
          <p>
            <a href="/login">Sign in</a>
          </p>
        </section>
      )}
    </main>
  );
}
