"use client";
import { useActionState } from "react";
import { ActionAlert } from "@/components/ui/alert";
import { Field } from "@/components/ui/field";
import { fieldError, type FormAction } from "@/lib/actions/action-state";
import styles from "@/components/dashboard/dashboard.module.css";

type Props = {
  action: FormAction;
  name: string;
  retentionDays: number | null;
  allowedRedirectHosts: string[];
  allowedFrameOrigins: string[];
  privacyNoticeUrl: string | null;
  finishMessage: string | null;
  showResultToEndUser: boolean;
};

export function SettingsForm({
  action,
  name,
  retentionDays,
  allowedRedirectHosts,
  allowedFrameOrigins,
  privacyNoticeUrl,
  finishMessage,
  showResultToEndUser,
}: Props) {
  const [state, submit, pending] = useActionState(action, undefined);
  // a list's errors come as "allowedRedirectHosts.2": fieldError shows them at the list
  const err = (name: string) => fieldError(state?.fieldErrors, name);
  return (
    <form action={submit}>
      <ActionAlert state={state} />
      <Field id="name" label="Account name" error={err("name")}>
        {(control) => <input {...control} name="name" defaultValue={name} required maxLength={100} />}
      </Field>
      <Field
        id="retentionDays"
        label="Retention of personal data (days after completion; empty: keep until deleted)"
        error={err("retentionDays")}
      >
        {(control) => (
          <input
            {...control}
            name="retentionDays"
            type="number"
            min={1}
            max={3650}
            defaultValue={retentionDays ?? ""}
          />
        )}
      </Field>
      <Field
        id="allowedRedirectHosts"
        label={
          <>
            Allowed redirect hosts (one per line, like shop.example or *.shop.example): where a shareable link&apos;s
            redirectUrl may send the end user
          </>
        }
        error={err("allowedRedirectHosts")}
      >
        {(control) => (
          <textarea {...control} name="allowedRedirectHosts" rows={3} defaultValue={allowedRedirectHosts.join("\n")} />
        )}
      </Field>
      <Field
        id="allowedFrameOrigins"
        label="Origins that may embed the verify page in a frame (one per line, like https://app.example; empty: none)"
        error={err("allowedFrameOrigins")}
      >
        {(control) => (
          <textarea {...control} name="allowedFrameOrigins" rows={3} defaultValue={allowedFrameOrigins.join("\n")} />
        )}
      </Field>
      <Field
        id="privacyNoticeUrl"
        label={<>Privacy notice (an https:// address): linked from the verify page&apos;s consent screen</>}
        error={err("privacyNoticeUrl")}
      >
        {(control) => (
          <input
            {...control}
            name="privacyNoticeUrl"
            type="url"
            maxLength={500}
            defaultValue={privacyNoticeUrl ?? ""}
          />
        )}
      </Field>
      <Field
        id="finishMessage"
        label={
          <>What happens next: the verify page&apos;s last screen says this to the end user (empty: a default text)</>
        }
        error={err("finishMessage")}
      >
        {(control) => (
          <textarea {...control} name="finishMessage" rows={3} maxLength={500} defaultValue={finishMessage ?? ""} />
        )}
      </Field>
      <div className={styles.field}>
        <label>
          <input type="checkbox" name="showResultToEndUser" defaultChecked={showResultToEndUser} /> Tell the end user
          the result (approved, declined, under review) on the last screen and in the redirect
        </label>
      </div>
      <button className={styles.primary} disabled={pending}>
        Save
      </button>
    </form>
  );
}

/** The hosted page's logo: uploaded (PNG, JPEG or WebP ≤ 512 KiB), re-encoded to a PNG of ≤ 256 px. */
export function LogoForm({ action, logoUrl }: { action: FormAction; logoUrl: string | null }) {
  const [state, submit, pending] = useActionState(action, undefined);
  return (
    <form action={submit}>
      <ActionAlert state={state} />
      {logoUrl ? <img src={logoUrl} alt="Current logo" style={{ maxHeight: 48, maxWidth: 160 }} /> : null}
      <Field id="logo" label="Logo on the verify page (PNG, JPEG or WebP, at most 512 KiB)">
        {(control) => <input {...control} name="logo" type="file" accept="image/png,image/jpeg,image/webp" />}
      </Field>
      <button className={styles.primary} disabled={pending}>
        Upload logo
      </button>
      {logoUrl ? (
        <button className={styles.secondary} name="remove" value="1" disabled={pending}>
          Remove logo
        </button>
      ) : null}
    </form>
  );
}
