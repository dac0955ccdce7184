import styles from "@/components/dashboard/dashboard.module.css";

export function Badge({ result }: { result: string | null }) {
  return result ? (
    <span className={`${styles.badge} ${styles[result] ?? ""}`}>{result.replace("_", " ").toLowerCase()}</span>
  ) : (
    <span className={styles.muted}>—</span>
  );
}
