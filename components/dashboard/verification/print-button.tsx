"use client";
import styles from "@/components/dashboard/dashboard.module.css";

/** Opens the browser's print dialog (where "Save as PDF" gives the PDF). */
export function PrintButton() {
  return (
    <button type="button" className={styles.secondary} onClick={() => window.print()}>
      Print or save as PDF
    </button>
  );
}
