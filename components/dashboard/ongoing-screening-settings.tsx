import "server-only";
import { OngoingScreeningForm } from "@/components/dashboard/ongoing-screening-form";
import type { Member } from "@/lib/auth/permissions";
import { getOngoingScreening } from "@/lib/domain/watchlist/rescreen/watchlist-alerts";
import { updateOngoingScreeningAction } from "@/lib/actions/watchlist/screening-actions";
import styles from "@/components/dashboard/dashboard.module.css";

/** Settings → Ongoing screening (owners): loads its own value. */
export async function OngoingScreeningSettings({ member }: { member: Member }) {
  const enabled = await getOngoingScreening(member);
  return (
    <section className={styles.panel} aria-labelledby="ongoing-screening-h">
      <h2 id="ongoing-screening-h">Ongoing screening</h2>
      <OngoingScreeningForm action={updateOngoingScreeningAction} enabled={enabled} />
      <p className={styles.muted}>
        Off by default. When on, each watchlist import screens the name and date of birth of this account&apos;s
        approved verifications against the new or changed entries; a new match opens an alert under Review → Alerts and
        sends the <code>identity_watchlist_hit</code> webhook event. Erased verifications are not screened.
      </p>
    </section>
  );
}
