import type { Metadata } from "next";
import { signOut } from "@/auth";
import { NavLinks } from "@/components/dashboard/nav-links";
import { CAN, requireMember, type Permission } from "@/lib/auth/current-member";
import styles from "@/components/dashboard/dashboard.module.css";

export const metadata: Metadata = {
  title: { default: "Dashboard", template: "%s · OpenKYC dashboard" },
  robots: { index: false },
};

const LINKS: { href: string; label: string; permission: Permission }[] = [
  { href: "/dashboard", label: "Overview", permission: "review" },
  { href: "/dashboard/verifications", label: "Verifications", permission: "review" },
  { href: "/dashboard/review", label: "Review queue", permission: "review" },
  { href: "/dashboard/review/alerts", label: "Alerts", permission: "review" },
  { href: "/dashboard/workflows", label: "Workflows", permission: "manageWorkflows" },
  { href: "/dashboard/credentials", label: "API keys", permission: "manageCredentials" },
  { href: "/dashboard/webhooks", label: "Webhooks", permission: "manageWebhooks" },
  { href: "/dashboard/members", label: "Members", permission: "manageMembers" },
  { href: "/dashboard/settings", label: "Settings", permission: "manageAccount" },
];

export default async function DashboardLayout({ children }: { children: React.ReactNode }) {
  const member = await requireMember();
  const links = LINKS.filter((l) => (CAN[l.permission] as readonly string[]).includes(member.role));
  return (
    <div className={styles.shell}>
      <aside className={styles.sidebar}>
        <div>
          <div className={styles.brand}>OpenKYC</div>
          <div className={styles.account}>
            {member.accountName} · {member.role.toLowerCase()}
          </div>
        </div>
        <NavLinks links={links.map(({ href, label }) => ({ href, label }))} />
        <form
          action={async () => {
            "use server";
            await signOut({ redirectTo: "/login" });
          }}
        >
          <div className={styles.account}>{member.email}</div>
          <button className={styles.signOut}>Sign out</button>
        </form>
      </aside>
      <main className={styles.main}>{children}</main>
    </div>
  );
}
