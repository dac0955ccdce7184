import type { VerificationDetail } from "@/lib/domain/verifications/load-verification-detail";
import styles from "@/components/dashboard/dashboard.module.css";

/** The inputs as sent: text values, images and videos (files only for a member with the personal-data permission). */
export function Inputs({ v, media = true }: { v: VerificationDetail; media?: boolean }) {
  if (!v.inputs.length) return <p className={styles.muted}>No inputs.</p>;
  return (
    <dl className={styles.kv}>
      {v.inputs.map((input) => {
        const src = input.file ? `/dashboard/verifications/${v.id}/files/${input.file.id}` : null;
        const type = input.file?.contentType ?? "";
        return (
          <div key={input.id} style={{ display: "contents" }}>
            <dt>{input.fieldName}</dt>
            <dd>
              {input.masked ? <span className={styles.muted}>hidden (no personal-data permission)</span> : null}
              {src && media && type.startsWith("image/") ? (
                <a href={src}>
                  <img className={styles.media} src={src} alt={input.fieldName} />
                </a>
              ) : null}
              {src && media && type.startsWith("video/") ? (
                <video className={styles.media} src={src} controls preload="metadata" aria-label={input.fieldName} />
              ) : null}
              {src && (!media || (!type.startsWith("image/") && !type.startsWith("video/"))) ? (
                <a href={src}>
                  File ({type}, {input.file!.size} bytes)
                </a>
              ) : null}
              {!src && !input.masked && input.fieldName === "DIGITAL_CREDENTIAL" && input.value ? (
                // the wallet's answer is an encrypted presentation: the step below shows what it proved
                <span className={styles.muted}>wallet answer, encrypted ({input.value.length} characters)</span>
              ) : !src && !input.masked ? (
                (input.value ?? <span className={styles.muted}>{v.redactedAt ? "redacted" : "—"}</span>)
              ) : null}
            </dd>
          </div>
        );
      })}
    </dl>
  );
}
