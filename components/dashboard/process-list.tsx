"use client";
import { useRef, useState } from "react";
import { PROCESS_LABELS } from "@/lib/shared/process-labels";
import { PROCESS_TYPES, type ProcessType } from "@/lib/shared/process-types";
import styles from "@/components/dashboard/dashboard.module.css";

/** The ordered processes: buttons to move, remove and add (keyboard and screen-reader friendly; no drag and drop). */
export function ProcessList({ value, onChange }: { value: readonly string[]; onChange: (next: string[]) => void }) {
  const available = PROCESS_TYPES.filter((p) => !value.includes(p));
  const [toAdd, setToAdd] = useState<string>("");
  const [announcement, setAnnouncement] = useState("");
  const list = useRef<HTMLOListElement>(null);
  const label = (p: string) => PROCESS_LABELS[p as ProcessType] ?? p;

  const move = (index: number, by: -1 | 1) => {
    const next = [...value];
    const [item] = next.splice(index, 1);
    next.splice(index + by, 0, item!);
    onChange(next);
    setAnnouncement(`${label(item!)} moved to position ${index + by + 1} of ${next.length}`);
    // keep focus on the same button of the moved item, so repeated presses keep moving it
    requestAnimationFrame(() => list.current?.querySelector<HTMLButtonElement>(`[data-move="${item}:${by}"]`)?.focus());
  };

  return (
    <>
      {value.length ? (
        <ol ref={list} className={styles.processList}>
          {value.map((p, i) => (
            <li key={p} className={styles.processItem}>
              <span>
                <span className={styles.muted}>{i + 1}.</span> {label(p)}
              </span>
              <span className={styles.row}>
                <button
                  type="button"
                  className={styles.small}
                  data-move={`${p}:-1`}
                  onClick={() => move(i, -1)}
                  disabled={i === 0}
                  aria-label={`Move ${label(p)} up`}
                >
                  ↑
                </button>
                <button
                  type="button"
                  className={styles.small}
                  data-move={`${p}:1`}
                  onClick={() => move(i, 1)}
                  disabled={i === value.length - 1}
                  aria-label={`Move ${label(p)} down`}
                >
                  ↓
                </button>
                <button
                  type="button"
                  className={styles.small}
                  onClick={() => {
                    onChange(value.filter((x) => x !== p));
                    setAnnouncement(`${label(p)} removed`);
                  }}
                  aria-label={`Remove ${label(p)}`}
                >
                  Remove
                </button>
              </span>
            </li>
          ))}
        </ol>
      ) : (
        <p className={styles.muted}>No process yet.</p>
      )}
      {available.length ? (
        <div className={styles.row}>
          <label htmlFor="wf-add-process" className={styles.srOnly}>
            Process to add
          </label>
          <select
            id="wf-add-process"
            className={styles.select}
            value={toAdd}
            onChange={(e) => setToAdd(e.target.value)}
          >
            <option value="">Choose a process to add…</option>
            {available.map((p) => (
              <option key={p} value={p}>
                {label(p)}
              </option>
            ))}
          </select>
          <button
            type="button"
            className={styles.secondary}
            disabled={!toAdd}
            onClick={() => {
              onChange([...value, toAdd]);
              setAnnouncement(`${label(toAdd)} added at position ${value.length + 1}`);
              setToAdd("");
            }}
          >
            Add process
          </button>
        </div>
      ) : null}
      <p aria-live="polite" className={styles.srOnly}>
        {announcement}
      </p>
    </>
  );
}
