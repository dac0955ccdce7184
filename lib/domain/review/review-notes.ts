import "server-only";
import { z } from "zod";
import { prisma } from "@/lib/core/db";
import { clock } from "@/lib/core/clock";
import { byMember, recordAudit } from "@/lib/domain/audit/record-audit";
import { assertCan, canViewPersonalData, type Member } from "@/lib/auth/permissions";
import { openText, sealText } from "@/lib/core/crypto/field-crypto";
import { secrets } from "@/lib/core/secrets";
import { MASK } from "@/lib/domain/privacy/personal-data";
import { NotFoundError } from "@/lib/core/errors";
import { isUuid } from "@/lib/core/ids";
import { hasControlCharacters } from "@/lib/domain/review/plain-text";

// Reviewers' notes on a verification: plain text (shown as text, never rendered as markdown or HTML), kept with
// author and time, each one also written to the audit log. Internal only: no webhook payload or /api/v1 answer
// reads this table. Erasure of the verification's personal data deletes them (lib/domain/privacy/redact-verifications.ts).
// A note is free text about the person: its body is sealed with the storage keyring (as is the audit entry's copy,
// by lib/core/crypto/sealed-columns.ts), and a member without the personal-data permission reads only their own.

export const NOTE_MAX = 2000;

export const AddNoteSchema = z.object({
  verificationId: z.string().refine(isUuid, "Unknown verification"),
  body: z
    .string()
    .overwrite((s) => s.replace(/\r\n?/g, "\n"))
    .trim()
    .min(1, "Write a note")
    .max(NOTE_MAX, `At most ${NOTE_MAX} characters`)
    // control characters other than line breaks and tabs have no place in a note
    .refine((s) => !hasControlCharacters(s, { allowLineBreaks: true }), "Plain text only"),
});

export type ReviewNoteView = { id: string; body: string; author: string; createdAt: Date };

/** Adds a note to a verification of the member's account (any state) and audits it, in one transaction. */
export async function addReviewNote(
  member: Pick<Member, "accountId" | "userId" | "role">,
  input: z.input<typeof AddNoteSchema>,
) {
  assertCan(member, "review");
  const { verificationId, body } = AddNoteSchema.parse(input);
  const now = clock.now();
  return prisma.$transaction(async (tx) => {
    const verification = await tx.verification.findFirst({
      where: { id: verificationId, accountId: member.accountId, redactedAt: null },
      select: { id: true },
    });
    if (!verification) throw new NotFoundError("Verification not found");
    const note = await tx.reviewNote.create({
      data: {
        accountId: member.accountId,
        verificationId,
        authorId: member.userId,
        body: sealText(secrets().keyring, body),
        createdAt: now,
      },
      select: { id: true },
    });
    await recordAudit(tx, {
      ...byMember(member),
      action: "review.note.added",
      target: { type: "Verification", id: verificationId },
      data: { noteId: note.id, body },
      at: now,
    });
    return note;
  });
}

/** A note's body as this member may read it: opened, or masked (another author's, without the permission). */
export function noteBodyFor(
  member: Pick<Member, "userId" | "role" | "personalData">,
  note: { body: string; authorId: string | null },
): string {
  if (!canViewPersonalData(member) && note.authorId !== member.userId) return MASK;
  return openText(secrets().keyring, note.body);
}

/** The notes of one verification of the member's account, oldest first. */
export async function listReviewNotes(
  member: Pick<Member, "accountId" | "userId" | "role" | "personalData">,
  verificationId: string,
): Promise<ReviewNoteView[]> {
  if (!isUuid(verificationId)) return [];
  const rows = await prisma.reviewNote.findMany({
    where: { verificationId, accountId: member.accountId },
    orderBy: [{ createdAt: "asc" }, { id: "asc" }],
    select: {
      id: true,
      body: true,
      authorId: true,
      createdAt: true,
      author: { select: { name: true, email: true } },
    },
  });
  return rows.map((r) => ({
    id: r.id,
    body: noteBodyFor(member, r),
    createdAt: r.createdAt,
    author: r.author ? r.author.name || r.author.email : "a former member",
  }));
}
