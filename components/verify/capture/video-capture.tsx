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
import type { CaptureProps } from "@/components/verify/capture/photo-capture";
import {
  collectCaptureSignals,
  uploadSignals,
  type SignalCollector,
} from "@/components/verify/capture/capture-signals";
import type { CaptureSignals } from "@/lib/shared/capture-signals";
import styles from "@/components/verify/verify.module.css";

const MIN_SECONDS = 2;

function recorderType(): string | undefined {
  const candidates = ["video/webm;codecs=vp9,opus", "video/webm;codecs=vp8,opus", "video/webm", "video/mp4"];
  return candidates.find((type) => typeof MediaRecorder !== "undefined" && MediaRecorder.isTypeSupported(type));
}

/**
 * A short video from the front camera with the instruction (liveness) or the statement (agreement) on screen
 * while it records. Liveness stops by itself after `seconds`; an agreement runs until the end user stops it.
 * With `onReport`, the camera's signals (capture-signals.ts: label, settings, frame timing) are collected while
 * it records and handed over with the video (issue 31); `nonce` is the verification's drawn challenge's.
 */
export function VideoCapture({
  galleryAllowed,
  accept,
  maxBytes,
  busy,
  onConfirm,
  prompt,
  withAudio,
  seconds,
  maxSeconds,
  onReport,
  nonce = null,
}: CaptureProps & {
  prompt: React.ReactNode;
  withAudio: boolean;
  seconds: number | null;
  maxSeconds: number;
  onReport?: (file: Blob, filename: string, report: CaptureSignals) => void;
  nonce?: string | null;
}) {
  const t = useTranslations("camera");
  const webcam = useRef<Webcam>(null);
  const recorder = useRef<MediaRecorder | null>(null);
  const [mode, setMode] = useState<"camera" | "upload">(() =>
    hasCameraApi() || !galleryAllowed ? "camera" : "upload",
  );
  const [cameraFailed, setCameraFailed] = useState(!hasCameraApi() || typeof MediaRecorder === "undefined");
  const [ready, setReady] = useState(false);
  const [elapsed, setElapsed] = useState<number | null>(null);
  const [recorded, setRecorded] = useState<(Captured & { report?: CaptureSignals }) | null>(null);
  const collector = useRef<SignalCollector | null>(null);

  useEffect(
    () => () => {
      if (recorded) URL.revokeObjectURL(recorded.url);
    },
    [recorded],
  );
  useEffect(() => () => recorder.current?.stop(), []);

  // the clock of a running recording; it stops the recording at its limit
  useEffect(() => {
    if (elapsed === null) return;
    const limit = seconds ?? maxSeconds;
    if (elapsed >= limit) {
      recorder.current?.stop();
      return;
    }
    const timer = setTimeout(() => setElapsed((e) => (e === null ? null : e + 1)), 1000);
    return () => clearTimeout(timer);
  }, [elapsed, seconds, maxSeconds]);

  function startRecording() {
    const stream = webcam.current?.stream;
    if (!stream) return;
    const mimeType = recorderType();
    const media = new MediaRecorder(stream, mimeType ? { mimeType, videoBitsPerSecond: 2_500_000 } : undefined);
    const chunks: Blob[] = [];
    media.ondataavailable = (event) => event.data.size && chunks.push(event.data);
    const started = performance.now();
    media.onstop = async () => {
      setElapsed(null);
      recorder.current = null;
      const type = (media.mimeType || mimeType || "video/webm").split(";")[0]!;
      const blob = new Blob(chunks, { type });
      const report = await collector.current
        ?.finish({ mimeType: media.mimeType || mimeType || type, durationMs: performance.now() - started })
        .catch(() => undefined);
      collector.current = null;
      if (blob.size)
        setRecorded({
          blob,
          url: URL.createObjectURL(blob),
          filename: type === "video/mp4" ? "video.mp4" : "video.webm",
          report,
        });
    };
    // the signals never stop a recording: a collector that cannot start leaves the report out
    try {
      collector.current = onReport ? collectCaptureSignals(stream, webcam.current?.video ?? null, nonce) : null;
    } catch {
      collector.current = null;
    }
    media.start(500);
    recorder.current = media;
    setElapsed(0);
  }

  if (recorded) {
    return (
      <ReviewCapture
        busy={busy}
        confirmLabel={t("useVideo")}
        onRetake={() => setRecorded(null)}
        onConfirm={() =>
          onReport
            ? onReport(recorded.blob, recorded.filename, recorded.report ?? uploadSignals(nonce))
            : onConfirm(recorded.blob, recorded.filename)
        }
      >
        <video src={recorded.url} controls playsInline className={styles.preview} aria-label={t("previewVideo")} />
      </ReviewCapture>
    );
  }

  if (mode === "upload") {
    return (
      <UploadFallback
        accept={accept}
        maxBytes={maxBytes}
        prompt={prompt}
        onFile={setRecorded}
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

  const recording = elapsed !== null;
  return (
    <div className={styles.capture}>
      <div className={styles.prompt} aria-live="polite">
        {prompt}
      </div>
      <div className={styles.viewfinder} data-ready={ready} data-recording={recording}>
        <Webcam
          ref={webcam}
          audio={withAudio}
          muted
          mirrored
          videoConstraints={{ facingMode: "user", width: { ideal: 1280 }, height: { ideal: 720 } }}
          onUserMedia={() => setReady(true)}
          onUserMediaError={() => setCameraFailed(true)}
          className={styles.video}
          aria-hidden="true"
        />
        <div className={styles.faceGuide} aria-hidden="true" />
        {!ready ? <p className={styles.overlayText}>{t("starting")}</p> : null}
        {recording ? (
          <p className={styles.recordingBadge} role="status">
            {t("recording", { seconds: seconds ? seconds - elapsed : elapsed })}
          </p>
        ) : null}
      </div>
      <div className={styles.actions}>
        {galleryAllowed && !recording ? (
          <button type="button" className={styles.secondary} onClick={() => setMode("upload")}>
            {t("uploadInstead")}
          </button>
        ) : null}
        {recording ? (
          seconds === null ? (
            <button
              type="button"
              className={styles.primary}
              onClick={() => recorder.current?.stop()}
              disabled={elapsed < MIN_SECONDS}
            >
              {t("stop")}
            </button>
          ) : null
        ) : (
          <button type="button" className={styles.primary} onClick={startRecording} disabled={!ready}>
            {t("record")}
          </button>
        )}
      </div>
    </div>
  );
}
