"use client";
import { useRouter } from "next/navigation";
import { useState, useTransition } from "react";
import { Alert } from "@/components/ui/alert";
import type { ActionState } from "@/lib/actions/action-state";
import styles from "@/components/dashboard/dashboard.module.css";

/**
 * A button that runs a server action (bound to its arguments), optionally after a confirm(), then goes to the
 * action's `redirectTo` or refreshes; the action's refusal is shown next to it.
 */
export function ActionButton({
  action,
  label,
  pendingLabel,
  confirm,
  variant = "secondary",
}: {
  action: () => Promise<ActionState>;
  label: string;
  pendingLabel?: string;
  confirm?: string;
  variant?: "primary" | "secondary" | "danger" | "small";
}) {
  const router = useRouter();
  const [pending, start] = useTransition();
  const [error, setError] = useState<string | null>(null);
  return (
    <span className={styles.row}>
      <button
        type="button"
        className={styles[variant]}
        disabled={pending}
        onClick={() => {
          if (confirm && !window.confirm(confirm)) return;
          setError(null);
          start(async () => {
            const result = await action();
            if (!result?.ok) return setError(result?.error ?? "That did not work.");
            if (result.redirectTo) router.push(result.redirectTo);
            else router.refresh();
          });
        }}
      >
        {pending ? (pendingLabel ?? "Working…") : label}
      </button>
      {error ? (
        <Alert kind="error" inline>
          {error}
        </Alert>
      ) : null}
    </span>
  );
}
