import "server-only";
import type { Member } from "@/lib/auth/permissions";
import { listReviewNotes } from "@/lib/domain/review/review-notes";
import { NoteForm } from "@/components/dashboard/review-forms";
import { addNoteAction } from "@/lib/actions/review/case-actions";
import styles from "@/components/dashboard/dashboard.module.css";

const when = (d: Date) => d.toISOString().replace("T", " ").slice(0, 16) + " UTC";

/** Reviewers' notes on a verification (plain text, React escapes it; white-space kept) and the form to add one. */
export async function ReviewNotes({
  member,
  verificationId,
  canAdd = true,
}: {
  member: Member;
  verificationId: string;
  canAdd?: boolean;
}) {
  const notes = await listReviewNotes(member, verificationId);
  return (
    <section className={styles.panel} aria-labelledby="notes-h">
      <h2 id="notes-h">Notes</h2>
      {notes.length ? (
        <ol className={styles.timeline} data-testid="review-notes">
          {notes.map((n) => (
            <li key={n.id}>
              <strong>{n.author}</strong> <span className={styles.muted}>{when(n.createdAt)}</span>
              <p style={{ whiteSpace: "pre-wrap", margin: "0.25rem 0" }}>{n.body}</p>
            </li>
          ))}
        </ol>
      ) : (
        <p className={styles.muted}>No notes yet.</p>
      )}
      {canAdd ? <NoteForm action={addNoteAction} verificationId={verificationId} /> : null}
    </section>
  );
}
