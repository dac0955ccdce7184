"use client";
import { useState } from "react";
import styles from "@/components/dashboard/dashboard.module.css";

/** Copies `value`; says so to screen readers too (aria-live). */
export function CopyButton({ value, label = "Copy" }: { value: string; label?: string }) {
  const [copied, setCopied] = useState<"yes" | "no" | null>(null);
  return (
    <>
      <button
        type="button"
        className={styles.secondary}
        onClick={async () => {
          try {
            await navigator.clipboard.writeText(value);
            setCopied("yes");
          } catch {
            setCopied("no");
          }
          setTimeout(() => setCopied(null), 2500);
        }}
      >
        {label}
      </button>
      <span aria-live="polite" className={styles.muted}>
        {copied === "yes" ? "Copied" : copied === "no" ? "Copy failed: select the text and copy it" : ""}
      </span>
    </>
  );
}

/** A value to copy, shown in full (selectable) with its copy button. */
export function CopyField({ value, label }: { value: string; label: string }) {
  return (
    <div className={styles.row}>
      <code className={styles.code} aria-label={label}>
        {value}
      </code>
      <CopyButton value={value} label={`Copy ${label}`} />
    </div>
  );
}
