"use client";
import { useActionState } from "react";
import { ActionAlert } from "@/components/ui/alert";
import type { FormAction } from "@/lib/actions/action-state";
import styles from "@/components/dashboard/dashboard.module.css";

/** The opt-in to ongoing screening (settings page). */
export function OngoingScreeningForm({ action, enabled }: { action: FormAction; enabled: boolean }) {
  const [state, submit, pending] = useActionState(action, undefined);
  return (
    <form action={submit}>
      <ActionAlert state={state} />
      <div className={styles.field}>
        <label>
          <input type="checkbox" name="ongoingScreening" defaultChecked={enabled} /> Screen approved verifications again
          (once against the current lists when turned on, then whenever a watchlist is imported or updated), and raise
          an alert for each new match
        </label>
      </div>
      <button className={styles.primary} disabled={pending}>
        Apply screening setting
      </button>
    </form>
  );
}
