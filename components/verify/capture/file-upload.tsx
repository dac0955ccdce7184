"use client";
import { useTranslations } from "next-intl";
import { useId, useState } from "react";
import { FieldError } from "@/components/verify/ui";
import styles from "@/components/verify/verify.module.css";

/** The upload fallback: a file from the device, checked for type and size before it is sent. */
export function FileUpload({
  accept,
  maxBytes,
  onFile,
}: {
  accept: string[];
  maxBytes: number;
  onFile: (file: File) => void;
}) {
  const t = useTranslations("camera");
  const id = useId();
  const [problem, setProblem] = useState<string | null>(null);
  const sizeMb = Math.round(maxBytes / 1024 / 1024);
  const kinds = [...new Set(accept.map((type) => type.split("/")[1]!.toUpperCase()))].join(", ");

  function onChange(event: React.ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    event.target.value = "";
    if (!file) return;
    // the server sniffs the bytes anyway; this only spares the end user a pointless upload
    if (file.size > maxBytes) return setProblem(t("tooLarge", { size: sizeMb }));
    if (
      file.type &&
      !accept.includes(file.type) &&
      !(file.type.startsWith("image/") && accept.some((a) => a.startsWith("image/")))
    ) {
      return setProblem(t("wrongType"));
    }
    setProblem(null);
    onFile(file);
  }

  return (
    <div className={styles.upload}>
      <label htmlFor={id} className={styles.secondary}>
        {t("uploadLabel")}
      </label>
      <input
        id={id}
        type="file"
        accept={accept.join(",")}
        onChange={onChange}
        className={styles.visuallyHidden}
        aria-describedby={`${id}-hint ${id}-error`}
      />
      <p id={`${id}-hint`} className={styles.muted}>
        {t("uploadHint", { types: kinds, size: sizeMb })}
      </p>
      <FieldError id={`${id}-error`} message={problem ?? undefined} />
    </div>
  );
}
