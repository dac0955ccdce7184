"use client";
import { useTranslations } from "next-intl";
import { useCallback, useEffect, useRef, useState } from "react";
import Webcam from "react-webcam";
import {
  CameraProblem,
  ReviewCapture,
  UploadFallback,
  hasCameraApi,
  type Captured,
} from "@/components/verify/capture/capture-parts";
import cs from "@/components/verify/capture/capture.module.css";
import { DOCUMENT_ASPECT, guideInVideo, type DocumentShape } from "@/components/verify/capture/quality/guide-crop";
import { QualityNotice, judgementState, type Judgement } from "@/components/verify/capture/quality-notice";
import { useAutoCapture } from "@/components/verify/capture/quality/use-auto-capture";
import { useQualityJudge } from "@/components/verify/capture/quality/use-quality-judge";
import styles from "@/components/verify/verify.module.css";

export type CaptureProps = {
  galleryAllowed: boolean;
  accept: string[];
  maxBytes: number;
  busy: boolean;
  onConfirm: (file: Blob, filename: string) => void;
};

/** Refusals in a row after which the page lets the photo through anyway: a misjudging camera must not lock anyone out. */
const OVERRIDE_AFTER_REFUSALS = 3;

type Photo = Captured & { judgement: Judgement; auto: boolean };

/**
 * A still photo from the camera (document sides, in a frame of the document's real shape), or an uploaded image
 * as the fallback. Before it is sent, a Web Worker judges it on the device (quality/judge-capture.ts): a refused
 * photo offers only a retake, a doubtful one says what to fix. While the frame is steady and sharp the photo is
 * taken by itself; the button is always there.
 */
export function PhotoCapture({
  galleryAllowed,
  accept,
  maxBytes,
  busy,
  onConfirm,
  guide,
  documentShape = "id1",
}: CaptureProps & { guide: "document" | "face"; documentShape?: DocumentShape }) {
  const t = useTranslations("camera");
  const q = useTranslations("quality");
  const webcam = useRef<Webcam>(null);
  const frame = useRef<HTMLDivElement>(null);
  const judge = useQualityJudge();
  const [mode, setMode] = useState<"camera" | "upload">(() =>
    hasCameraApi() || !galleryAllowed ? "camera" : "upload",
  );
  const [cameraFailed, setCameraFailed] = useState(!hasCameraApi());
  const [ready, setReady] = useState(false);
  const [captured, setCaptured] = useState<Photo | null>(null);
  const [refusals, setRefusals] = useState(0);
  const judged = guide === "document";

  useEffect(
    () => () => {
      if (captured) URL.revokeObjectURL(captured.url);
    },
    [captured],
  );

  /** The frame's area of the current video picture, in the camera's own pixels. */
  const grabFrame = useCallback(async (): Promise<ImageBitmap | null> => {
    const video = webcam.current?.video;
    if (!video || !frame.current || video.readyState < 2) return null;
    const box = guideInVideo(
      video.getBoundingClientRect(),
      frame.current.getBoundingClientRect(),
      video.videoWidth,
      video.videoHeight,
    );
    return box ? createImageBitmap(video, box.left, box.top, box.width, box.height) : null;
  }, []);

  const judgePhoto = useCallback(
    (url: string, picture: ImageBitmap | Blob | null, source: "camera" | "upload") => {
      if (!picture) return setCaptured((c) => (c?.url === url ? { ...c, judgement: null } : c));
      void judge({ kind: "photo", source, picture }).then((result) => {
        const judgement = result?.verdict ?? null;
        if (judgementState(judgement) === "refused") setRefusals((n) => n + 1);
        else setRefusals(0);
        setCaptured((c) => (c?.url === url ? { ...c, judgement } : c));
      });
    },
    [judge],
  );

  const take = useCallback(
    async (auto: boolean) => {
      // the stream can be granted a moment before its first frame: react-webcam has no picture to give until then
      let dataUrl: string | null = null;
      for (let attempt = 0; attempt < 30 && !dataUrl; attempt++) {
        dataUrl = webcam.current?.getScreenshot() ?? null;
        if (!dataUrl) await new Promise((resolve) => setTimeout(resolve, 100));
      }
      if (!dataUrl) return;
      let picture: ImageBitmap | null = null;
      for (let attempt = 0; judged && attempt < 30 && !picture; attempt++) {
        picture = await grabFrame().catch(() => null);
        if (!picture) await new Promise((resolve) => setTimeout(resolve, 100));
      }
      const blob = await (await fetch(dataUrl)).blob();
      const url = URL.createObjectURL(blob);
      setCaptured({ blob, url, filename: "capture.jpg", judgement: judged ? "checking" : null, auto });
      if (judged) judgePhoto(url, picture, "camera");
    },
    [grabFrame, judgePhoto, judged],
  );

  const judgeFrame = useCallback(
    (picture: ImageBitmap) => judge({ kind: "frame", source: "camera", picture }),
    [judge],
  );
  const takeAuto = useCallback(() => void take(true), [take]);
  const live = useAutoCapture({
    active: judged && ready && mode === "camera" && !cameraFailed && !captured,
    grab: grabFrame,
    judge: judgeFrame,
    onSteady: takeAuto,
  });

  if (captured) {
    const state = judgementState(captured.judgement);
    const canOverride = refusals >= OVERRIDE_AFTER_REFUSALS;
    return (
      <ReviewCapture
        busy={busy}
        quality={state}
        confirmLabel={state === "refused" ? q("useAnyway") : t("usePhoto")}
        canConfirm={state !== "refused" || canOverride}
        waiting={state === "checking"}
        notice={<QualityNotice judgement={captured.judgement} canOverride={canOverride} />}
        onRetake={() => {
          // the camera view mounts a new stream: the button waits for its first picture again
          setReady(false);
          setCaptured(null);
        }}
        onConfirm={() => onConfirm(captured.blob, captured.filename)}
      >
        {captured.auto ? (
          <p className={styles.muted} role="status">
            {q("autoTaken")}
          </p>
        ) : null}
        <img src={captured.url} alt={t("previewPhoto")} className={styles.preview} />
      </ReviewCapture>
    );
  }

  if (mode === "upload") {
    return (
      <UploadFallback
        accept={accept}
        maxBytes={maxBytes}
        onFile={(file) => {
          setCaptured({ ...file, judgement: judged ? "checking" : null, auto: false });
          if (judged) judgePhoto(file.url, file.blob, "upload");
        }}
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

  const hint = live?.issue ? q(`issue.${live.issue}`) : live?.steady ? q("holdStill") : q("autoHint");
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
        {guide === "face" ? (
          <div className={styles.faceGuide} aria-hidden="true" />
        ) : (
          <div
            ref={frame}
            className={cs.documentGuide}
            style={{ aspectRatio: DOCUMENT_ASPECT[documentShape] }}
            data-shape={documentShape}
            data-steady={Boolean(live?.steady)}
            aria-hidden="true"
          />
        )}
        {!ready ? <p className={styles.overlayText}>{t("starting")}</p> : null}
      </div>
      {/* under the frame, never over it: an overlaid caption would hide the MRZ at the document's foot */}
      <p className={cs.caption}>{guide === "face" ? t("faceGuide") : t("frameGuide")}</p>
      {judged && ready ? (
        <p className={cs.liveHint} aria-live="polite">
          {hint}
        </p>
      ) : null}
      <div className={styles.actions}>
        {galleryAllowed ? (
          <button type="button" className={styles.secondary} onClick={() => setMode("upload")}>
            {t("uploadInstead")}
          </button>
        ) : null}
        <button type="button" className={styles.primary} onClick={() => void take(false)} disabled={!ready}>
          {t("take")}
        </button>
      </div>
    </div>
  );
}
