import { requireMember } from "@/lib/auth/current-member";
import { getAccountSettings } from "@/lib/domain/accounts/update-account-settings";
import { LogoForm, SettingsForm } from "@/components/dashboard/settings-form";
import { OngoingScreeningSettings } from "@/components/dashboard/ongoing-screening-settings";
import { accountLogoUrl } from "@/lib/domain/hosted/account-logo-url";
import { updateLogoAction, updateSettingsAction } from "@/lib/actions/accounts/settings-actions";
import styles from "@/components/dashboard/dashboard.module.css";

export const metadata = { title: "Settings" };

// GET /dashboard/settings — the account's name, retention period, redirect hosts and frame origins (owners only)
export default async function SettingsPage() {
  const member = await requireMember("manageAccount");
  const { logo, clientId, ...settings } = await getAccountSettings(member);
  return (
    <>
      <h1>Settings</h1>
      <section className={styles.panel}>
        <SettingsForm action={updateSettingsAction} {...settings} />
        <p className={styles.muted}>
          With a retention period, the stale sweep (every 5 minutes) erases the personal data of verifications completed
          longer ago; each erasure is in the audit log.
        </p>
      </section>
      <section className={styles.panel} aria-labelledby="logo-h">
        <h2 id="logo-h">Logo</h2>
        <LogoForm action={updateLogoAction} logoUrl={accountLogoUrl(clientId, logo)} />
      </section>
      <OngoingScreeningSettings member={member} />
    </>
  );
}
