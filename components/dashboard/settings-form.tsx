"use client";
import { useActionState } from "react";
import { ActionOutcome, type FormAction } from "@/components/dashboard/action-outcome";
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
  const fieldErrors = state?.fieldErrors ?? {};
  // a list's errors come as "allowedRedirectHosts.2": shown at the list
  const err = Object.fromEntries(Object.entries(fieldErrors).map(([k, v]) => [k.split(".")[0]!, v]));
  return (
    <form action={submit}>
      <ActionOutcome state={state} />
      <div className={styles.field}>
        <label htmlFor="name">Account name</label>
        <input
          id="name"
          name="name"
          defaultValue={name}
          required
          maxLength={100}
          aria-invalid={Boolean(err.name)}
          aria-describedby={err.name ? "name-error" : undefined}
        />
        {err.name ? (
          <p id="name-error" className={styles.fieldError}>
            {err.name}
          </p>
        ) : null}
      </div>
      <div className={styles.field}>
        <label htmlFor="retentionDays">
          Retention of personal data (days after completion; empty: keep until deleted)
        </label>
        <input
          id="retentionDays"
          name="retentionDays"
          type="number"
          min={1}
          max={3650}
          defaultValue={retentionDays ?? ""}
          aria-invalid={Boolean(err.retentionDays)}
          aria-describedby={err.retentionDays ? "retention-error" : undefined}
        />
        {err.retentionDays ? (
          <p id="retention-error" className={styles.fieldError}>
            {err.retentionDays}
          </p>
        ) : null}
      </div>
      <div className={styles.field}>
        <label htmlFor="allowedRedirectHosts">
          Allowed redirect hosts (one per line, like shop.example or *.shop.example): where a shareable link&apos;s
          redirectUrl may send the end user
        </label>
        <textarea
          id="allowedRedirectHosts"
          name="allowedRedirectHosts"
          rows={3}
          defaultValue={allowedRedirectHosts.join("\n")}
          aria-invalid={Boolean(err.allowedRedirectHosts)}
          aria-describedby={err.allowedRedirectHosts ? "redirect-error" : undefined}
        />
        {err.allowedRedirectHosts ? (
          <p id="redirect-error" className={styles.fieldError}>
            {err.allowedRedirectHosts}
          </p>
        ) : null}
      </div>
      <div className={styles.field}>
        <label htmlFor="allowedFrameOrigins">
          Origins that may embed the verify page in a frame (one per line, like https://app.example; empty: none)
        </label>
        <textarea
          id="allowedFrameOrigins"
          name="allowedFrameOrigins"
          rows={3}
          defaultValue={allowedFrameOrigins.join("\n")}
          aria-invalid={Boolean(err.allowedFrameOrigins)}
          aria-describedby={err.allowedFrameOrigins ? "frame-error" : undefined}
        />
        {err.allowedFrameOrigins ? (
          <p id="frame-error" className={styles.fieldError}>
            {err.allowedFrameOrigins}
          </p>
        ) : null}
      </div>
      <div className={styles.field}>
        <label htmlFor="privacyNoticeUrl">
          Privacy notice (an https:// address): linked from the verify page&apos;s consent screen
        </label>
        <input
          id="privacyNoticeUrl"
          name="privacyNoticeUrl"
          type="url"
          maxLength={500}
          defaultValue={privacyNoticeUrl ?? ""}
          aria-invalid={Boolean(err.privacyNoticeUrl)}
          aria-describedby={err.privacyNoticeUrl ? "privacy-error" : undefined}
        />
        {err.privacyNoticeUrl ? (
          <p id="privacy-error" className={styles.fieldError}>
            {err.privacyNoticeUrl}
          </p>
        ) : null}
      </div>
      <div className={styles.field}>
        <label htmlFor="finishMessage">
          What happens next: the verify page&apos;s last screen says this to the end user (empty: a default text)
        </label>
        <textarea
          id="finishMessage"
          name="finishMessage"
          rows={3}
          maxLength={500}
          defaultValue={finishMessage ?? ""}
          aria-invalid={Boolean(err.finishMessage)}
          aria-describedby={err.finishMessage ? "finish-error" : undefined}
        />
        {err.finishMessage ? (
          <p id="finish-error" className={styles.fieldError}>
            {err.finishMessage}
          </p>
        ) : null}
      </div>
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
      <ActionOutcome state={state} />
      {logoUrl ? <img src={logoUrl} alt="Current logo" style={{ maxHeight: 48, maxWidth: 160 }} /> : null}
      <div className={styles.field}>
        <label htmlFor="logo">Logo on the verify page (PNG, JPEG or WebP, at most 512 KiB)</label>
        <input id="logo" name="logo" type="file" accept="image/png,image/jpeg,image/webp" />
      </div>
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
