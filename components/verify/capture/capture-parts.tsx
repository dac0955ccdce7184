"use client";
import { useTranslations } from "next-intl";
import { FileUpload } from "@/components/verify/capture/file-upload";
import styles from "@/components/verify/verify.module.css";

// The parts photo and video capture share: the review of what was captured, the upload fallback, the camera problem.

export type Captured = { blob: Blob; url: string; filename: string };

export function hasCameraApi(): boolean {
  return typeof navigator !== "undefined" && Boolean(navigator.mediaDevices?.getUserMedia);
}

/**
 * The captured photo or video with "Retake" and "Use this …". A photo's quality judgement adds its `notice`, may
 * hold the confirm button back while it runs (`waiting`) or withhold it (`canConfirm` false: refused).
 */
export function ReviewCapture({
  children,
  busy,
  confirmLabel,
  onRetake,
  onConfirm,
  notice,
  canConfirm = true,
  waiting = false,
  quality,
}: {
  children: React.ReactNode;
  busy: boolean;
  confirmLabel: string;
  onRetake: () => void;
  onConfirm: () => void;
  notice?: React.ReactNode;
  canConfirm?: boolean;
  waiting?: boolean;
  quality?: string;
}) {
  const t = useTranslations("camera");
  const common = useTranslations("common");
  return (
    <div className={styles.capture} data-quality={quality}>
      {children}
      {notice}
      <div className={styles.actions}>
        <button
          type="button"
          className={canConfirm ? styles.secondary : styles.primary}
          onClick={onRetake}
          disabled={busy}
        >
          {t("retake")}
        </button>
        {canConfirm ? (
          <button
            type="button"
            className={styles.primary}
            onClick={onConfirm}
            disabled={busy || waiting}
            aria-busy={busy}
          >
            {busy ? common("sending") : confirmLabel}
          </button>
        ) : null}
      </div>
    </div>
  );
}

/** A file from the device instead of the camera, with the way back to the camera when there is one. */
export function UploadFallback({
  accept,
  maxBytes,
  prompt,
  onFile,
  onUseCamera,
}: {
  accept: string[];
  maxBytes: number;
  prompt?: React.ReactNode;
  onFile: (captured: Captured) => void;
  onUseCamera: () => void;
}) {
  const t = useTranslations("camera");
  return (
    <div className={styles.capture}>
      {prompt ? <div className={styles.prompt}>{prompt}</div> : null}
      <FileUpload
        accept={accept}
        maxBytes={maxBytes}
        onFile={(file) => onFile({ blob: file, url: URL.createObjectURL(file), filename: file.name })}
      />
      {hasCameraApi() ? (
        <button type="button" className={styles.link} onClick={onUseCamera}>
          {t("useCamera")}
        </button>
      ) : null}
    </div>
  );
}

export function CameraProblem({
  galleryAllowed,
  onRetry,
  onUpload,
}: {
  galleryAllowed: boolean;
  onRetry: () => void;
  onUpload: () => void;
}) {
  const t = useTranslations("camera");
  const common = useTranslations("common");
  return (
    <div className={styles.capture} role="alert">
      <p className={styles.warning}>{t("denied")}</p>
      <p className={styles.muted}>{galleryAllowed ? t("deniedHelp") : `${t("galleryForbidden")} ${t("deniedHelp")}`}</p>
      <div className={styles.actions}>
        {hasCameraApi() ? (
          <button type="button" className={styles.secondary} onClick={onRetry}>
            {common("retry")}
          </button>
        ) : null}
        {galleryAllowed ? (
          <button type="button" className={styles.primary} onClick={onUpload}>
            {t("uploadInstead")}
          </button>
        ) : null}
      </div>
    </div>
  );
}
