"use client";
import { useActionState } from "react";
import { CopyField } from "@/components/dashboard/copy-button";
import { ActionAlert } from "@/components/ui/alert";
import { Field } from "@/components/ui/field";
import { fieldError, type FormAction } from "@/lib/actions/action-state";
import styles from "@/components/dashboard/dashboard.module.css";

/** Mints a signed shareable link: only signed links may carry userId or email (an unsigned link's are dropped). */
export function SignedLinkForm({ action }: { action: FormAction }) {
  const [state, submit, pending] = useActionState(action, undefined);
  return (
    <form action={submit}>
      <ActionAlert state={state} errorOnly />
      {state?.secret ? (
        <div role="status" className={styles.notice}>
          {state.message} Any change to it voids the signature.
          <CopyField value={state.secret} label="signed link" />
        </div>
      ) : null}
      <Field
        id="link-metadata"
        label={<>Metadata of the verifications it starts (JSON, e.g. {'{"userId":"user-42","reference":"order-7"}'})</>}
        error={fieldError(state?.fieldErrors, "metadata")}
      >
        {(control) => <textarea {...control} name="metadata" rows={2} />}
      </Field>
      <button className={styles.primary} disabled={pending}>
        Create signed link
      </button>
    </form>
  );
}
