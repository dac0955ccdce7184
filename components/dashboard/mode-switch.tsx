import Link from "next/link";
import type { DataMode } from "@/lib/shared/data-mode";
import styles from "@/components/dashboard/dashboard.module.css";

/** Live data or the sandbox's test data: the page's lists and counts show one mode at a time. */
export function ModeSwitch({ mode, path }: { mode: DataMode; path: string }) {
  return (
    <nav aria-label="Data mode" className={styles.muted}>
      {mode === "test" ? (
        <>
          Showing <strong>test data</strong> (sandbox) · <Link href={path}>Show live data</Link>
        </>
      ) : (
        <>
          Showing live data · <Link href={`${path}?mode=test`}>Show test data</Link>
        </>
      )}
    </nav>
  );
}
