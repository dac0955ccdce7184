"use client";
import dynamic from "next/dynamic";
import { useTranslations } from "next-intl";
import { ErrorBanner, FieldError, StepHeader, useStepSubmit } from "@/components/verify/ui";
import type { StepProps } from "@/components/verify/steps/types";
import styles from "@/components/verify/verify.module.css";
import { CAPTURE_SIGNALS_FIELD } from "@/lib/shared/capture-signals";

// camera code (react-webcam, MediaRecorder) loads only when a capture step is reached
const PhotoCapture = dynamic(
  () => import("@/components/verify/capture/photo-capture").then((mod) => mod.PhotoCapture),
  { ssr: false, loading: Loading },
);
const VideoCapture = dynamic(
  () => import("@/components/verify/capture/video-capture").then((mod) => mod.VideoCapture),
  { ssr: false, loading: Loading },
);

function Loading() {
  const t = useTranslations("camera");
  return <p className={styles.muted}>{t("starting")}</p>;
}

const LIVENESS_SECONDS = 5;
const AGREEMENT_MAX_SECONDS = 45;

/** One FILE input: a document side, the liveness selfie video, the agreement video, or any other file. */
export function CaptureStep({
  screenFields,
  state,
  submit,
  documentSides,
}: StepProps & { documentSides: readonly string[] | null }) {
  const t = useTranslations();
  const { busy, error, fieldErrors, run } = useStepSubmit();
  const field = screenFields[0]!;
  const data = (field.data ?? {}) as {
    accept?: string[];
    maxBytes?: number;
    challenge?: string;
    challengeNonce?: string;
    instruction?: string;
    statement?: string;
  };
  const common = {
    galleryAllowed: state.galleryAllowed,
    accept: data.accept ?? [],
    maxBytes: data.maxBytes ?? 15 * 1024 * 1024,
    busy,
    onConfirm: (file: Blob, filename: string) =>
      void run(() => submit({ files: [{ fieldName: field.fieldName, file, filename }] })),
  };
  const fileError = (
    <FieldError id={`${field.fieldName}-error`} message={fieldErrors[field.fieldName] ?? fieldErrors._} />
  );

  let header: React.ReactNode;
  let body: React.ReactNode;
  switch (field.fieldName) {
    case "DOCUMENT_FRONT":
    case "DOCUMENT_BACK": {
      const back = field.fieldName === "DOCUMENT_BACK";
      const passportLike = documentSides !== null && !documentSides.includes("BACK");
      header = (
        <StepHeader
          title={t(back ? "document.backTitle" : "document.frontTitle")}
          intro={t(back ? "document.back" : passportLike ? "document.frontPassport" : "document.front")}
        />
      );
      body = <PhotoCapture {...common} guide="document" documentShape={passportLike ? "td3" : "id1"} />;
      break;
    }
    case "SELFIE_VIDEO": {
      const challenge = `liveness.instruction.${data.challenge}` as Parameters<typeof t>[0];
      const instruction = (data.challenge && t.has(challenge) && t(challenge)) || data.instruction || "";
      header = <StepHeader title={t("liveness.title")} intro={t("liveness.intro")} />;
      body = (
        <VideoCapture
          {...common}
          prompt={<strong>{instruction}</strong>}
          withAudio={false}
          seconds={LIVENESS_SECONDS}
          maxSeconds={LIVENESS_SECONDS}
          nonce={data.challengeNonce ?? null}
          // the camera's report goes with the video: a hosted-only input the server keeps on the file (issue 31)
          onReport={(file, filename, report) =>
            void run(() =>
              submit({
                texts: [{ fieldName: CAPTURE_SIGNALS_FIELD, type: "TEXT", value: JSON.stringify(report) }],
                files: [{ fieldName: field.fieldName, file, filename }],
              }),
            )
          }
        />
      );
      break;
    }
    case "AGREEMENT_VIDEO":
      header = <StepHeader title={t("agreement.title")} intro={t("agreement.intro")} />;
      // the statement is the customer's own text, shown as written
      body = (
        <VideoCapture
          {...common}
          prompt={<blockquote className={styles.statement}>{data.statement}</blockquote>}
          withAudio
          seconds={null}
          maxSeconds={AGREEMENT_MAX_SECONDS}
        />
      );
      break;
    default: {
      const video = common.accept.some((type) => type.startsWith("video/"));
      header = <StepHeader title={field.description} />;
      body = video ? (
        <VideoCapture {...common} prompt={null} withAudio={false} seconds={null} maxSeconds={AGREEMENT_MAX_SECONDS} />
      ) : (
        <PhotoCapture {...common} guide="document" />
      );
    }
  }
  return (
    <section>
      {header}
      <ErrorBanner message={error} />
      {body}
      {fileError}
    </section>
  );
}
