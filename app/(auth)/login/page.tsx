import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { login } from "@/lib/actions/accounts/sign-in-actions";
import { LoginForm } from "@/components/dashboard/auth-forms";
import { currentMember } from "@/lib/auth/current-member";
import styles from "@/components/dashboard/dashboard.module.css";

export const metadata: Metadata = { title: "Sign in" };

export default async function LoginPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  if (await currentMember()) redirect("/dashboard");
  const created = (await searchParams).created === "1";
  return (
    <main className={styles.authPage}>
      <LoginForm action={login} created={created} />
    </main>
  );
}
