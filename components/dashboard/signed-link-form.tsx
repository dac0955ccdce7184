"use client";
import { useActionState } from "react";
import { ActionOutcome } from "@/components/dashboard/action-outcome";
import { CopyField } from "@/components/dashboard/copy-button";
import type { ActionState as State } from "@/lib/actions/action";
import styles from "@/components/dashboard/dashboard.module.css";

/** Mints a signed shareable link: only signed links may carry userId or email (an unsigned link's are dropped). */
export function SignedLinkForm({ action }: { action: (state: State, form: FormData) => Promise<State> }) {
  const [state, submit, pending] = useActionState(action, undefined);
  const err = state?.fieldErrors ?? {};
  return (
    <form action={submit}>
      {state?.error ? <ActionOutcome state={state} /> : null}
      {state?.secret ? (
        <div role="status" className={styles.notice}>
          {state.message} Any change to it voids the signature.
          <CopyField value={state.secret} label="signed link" />
        </div>
      ) : null}
      <div className={styles.field}>
        <label htmlFor="link-metadata">
          Metadata of the verifications it starts (JSON, e.g. {'{"userId":"user-42","reference":"order-7"}'})
        </label>
        <textarea
          id="link-metadata"
          name="metadata"
          rows={2}
          aria-invalid={Boolean(err.metadata)}
          aria-describedby={err.metadata ? "link-metadata-error" : undefined}
        />
        {err.metadata ? (
          <p id="link-metadata-error" className={styles.fieldError}>
            {err.metadata}
          </p>
        ) : null}
      </div>
      <button className={styles.primary} disabled={pending}>
        Create signed link
      </button>
    </form>
  );
}
