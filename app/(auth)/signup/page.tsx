import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { signup } from "@/app/(auth)/actions";
import { SignupForm } from "@/components/dashboard/auth-forms";
import { currentMember } from "@/lib/dashboard/current-member";
import styles from "@/components/dashboard/dashboard.module.css";

export const metadata: Metadata = { title: "Create an account" };

export default async function SignupPage() {
  if (await currentMember()) redirect("/dashboard");
  return (
    <main className={styles.authPage}>
      <SignupForm action={signup} />
    </main>
  );
}
