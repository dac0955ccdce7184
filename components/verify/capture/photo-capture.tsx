"use client";
import { useTranslations } from "next-intl";
import { useEffect, useRef, useState } from "react";
import Webcam from "react-webcam";
import {
  CameraProblem,
  ReviewCapture,
  UploadFallback,
  hasCameraApi,
  type Captured,
} from "@/components/verify/capture/capture-parts";
import styles from "@/components/verify/verify.module.css";

export type CaptureProps = {
  galleryAllowed: boolean;
  accept: string[];
  maxBytes: number;
  busy: boolean;
  onConfirm: (file: Blob, filename: string) => void;
};

/** A still photo from the camera (document sides, with a framing guide), or an uploaded image as the fallback. */
export function PhotoCapture({
  galleryAllowed,
  accept,
  maxBytes,
  busy,
  onConfirm,
  guide,
}: CaptureProps & { guide: "document" | "face" }) {
  const t = useTranslations("camera");
  const webcam = useRef<Webcam>(null);
  const [mode, setMode] = useState<"camera" | "upload">(() =>
    hasCameraApi() || !galleryAllowed ? "camera" : "upload",
  );
  const [cameraFailed, setCameraFailed] = useState(!hasCameraApi());
  const [ready, setReady] = useState(false);
  const [captured, setCaptured] = useState<Captured | null>(null);

  useEffect(
    () => () => {
      if (captured) URL.revokeObjectURL(captured.url);
    },
    [captured],
  );

  async function take() {
    // the stream can be granted a moment before its first frame: react-webcam has no picture to give until then
    let dataUrl: string | null = null;
    for (let attempt = 0; attempt < 30 && !dataUrl; attempt++) {
      dataUrl = webcam.current?.getScreenshot() ?? null;
      if (!dataUrl) await new Promise((resolve) => setTimeout(resolve, 100));
    }
    if (!dataUrl) return;
    const blob = await (await fetch(dataUrl)).blob();
    setCaptured({ blob, url: URL.createObjectURL(blob), filename: "capture.jpg" });
  }

  if (captured) {
    return (
      <ReviewCapture
        busy={busy}
        confirmLabel={t("usePhoto")}
        onRetake={() => setCaptured(null)}
        onConfirm={() => onConfirm(captured.blob, captured.filename)}
      >
        <img src={captured.url} alt={t("previewPhoto")} className={styles.preview} />
      </ReviewCapture>
    );
  }

  if (mode === "upload") {
    return (
      <UploadFallback
        accept={accept}
        maxBytes={maxBytes}
        onFile={setCaptured}
        onUseCamera={() => {
          setCameraFailed(false);
          setMode("camera");
        }}
      />
    );
  }

  if (cameraFailed)
    return (
      <CameraProblem
        galleryAllowed={galleryAllowed}
        onRetry={() => {
          setCameraFailed(false);
          setReady(false);
        }}
        onUpload={() => setMode("upload")}
      />
    );

  return (
    <div className={styles.capture}>
      <div className={styles.viewfinder} data-ready={ready}>
        <Webcam
          ref={webcam}
          audio={false}
          mirrored={guide === "face"}
          screenshotFormat="image/jpeg"
          screenshotQuality={0.92}
          forceScreenshotSourceSize
          videoConstraints={{
            facingMode: guide === "face" ? "user" : { ideal: "environment" },
            width: { ideal: 1920 },
            height: { ideal: 1080 },
          }}
          onUserMedia={() => setReady(true)}
          onUserMediaError={() => setCameraFailed(true)}
          className={styles.video}
          aria-hidden="true"
        />
        <div className={guide === "face" ? styles.faceGuide : styles.documentGuide} aria-hidden="true" />
        {!ready ? (
          <p className={styles.overlayText}>{t("starting")}</p>
        ) : (
          <p className={styles.guideHint}>{guide === "face" ? t("faceGuide") : t("frameGuide")}</p>
        )}
      </div>
      <div className={styles.actions}>
        {galleryAllowed ? (
          <button type="button" className={styles.secondary} onClick={() => setMode("upload")}>
            {t("uploadInstead")}
          </button>
        ) : null}
        <button type="button" className={styles.primary} onClick={take} disabled={!ready}>
          {t("take")}
        </button>
      </div>
    </div>
  );
}
