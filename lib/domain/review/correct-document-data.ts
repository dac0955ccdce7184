import "server-only";
import { assertCan, canViewPersonalData, type Member } from "@/lib/auth/permissions";
import { DashboardError, ForbiddenError, NotFoundError } from "@/lib/core/errors";
import { z } from "zod";
import { clock } from "@/lib/core/clock";
import { prisma } from "@/lib/core/db";
import { notifyWork } from "@/lib/jobs/dispatch";
import { recordEvent } from "@/lib/domain/events/record-event";
import type { Prisma } from "@/generated/prisma/client";
import { isUuid } from "@/lib/core/ids";
import { byMember, recordAudit } from "@/lib/domain/audit/record-audit";
import { holdCaseOrThrow } from "@/lib/domain/review/case-lock";
import { awaitsDecision } from "@/lib/domain/review/awaits-decision";
import { rescreenCorrected, SCREENED_FIELDS, type RescreenOutcome } from "@/lib/domain/review/rescreen-corrected";

type Actor = Pick<Member, "accountId" | "userId" | "role" | "personalData">;

/** The document fields a reviewer may correct (what was read from the document, not the checks' verdicts). */
export const CORRECTABLE_FIELDS = [
  "full_name",
  "given_names",
  "surname",
  "date_of_birth",
  "document_number",
  "expiry_date",
  "nationality",
  "sex",
  "country_of_issuance",
  "document_type",
] as const;

const value = z
  .string()
  .trim()
  .max(200, "At most 200 characters")
  .transform((s) => (s === "" ? null : s));

export const CorrectionSchema = z.object({
  verificationId: z.string().refine(isUuid, "Unknown verification"),
  stepId: z.string().refine(isUuid, "Unknown step"),
  fields: z.partialRecord(z.enum(CORRECTABLE_FIELDS), value),
});

/**
 * A reviewer corrects fields of a completed verification's DOCUMENT_VERIFICATION step: only the fields whose
 * value changes are written; `verification_data_updated` (stepId: the process type, stepRecordId, updatedFields,
 * data) and an audit row (field
 * names only: the values are personal data) commit with the change. On a case awaiting review the corrector takes the
 * case lock (refused while another member holds it, as a decision is). A correction of a decided verification (APPROVED or
 * DECLINED) to what the watchlist screening reads runs that screening again (lib/domain/review/rescreen-corrected.ts).
 */
export async function correctDocumentData(member: Actor, input: z.input<typeof CorrectionSchema>) {
  assertCan(member, "review");
  // correcting means reading the values: not for a member whose personal-data permission is off (docs/security.md)
  if (!canViewPersonalData(member)) throw new ForbiddenError("Not allowed");
  const { verificationId, stepId, fields } = CorrectionSchema.parse(input);
  const now = clock.now();
  const outcome = await prisma.$transaction(async (tx) => {
    // locks the verification row: corrections and decisions on one verification run one after the other
    const [v] = await tx.$queryRaw<
      {
        id: string;
        accountId: string;
        workflowId: string;
        metadata: unknown;
        linkSigned: boolean | null;
        status: string;
        result: string | null;
        redactedAt: Date | null;
      }[]
    >`
      SELECT "id", "accountId", "workflowId", "metadata", "linkSigned", "status"::text AS "status",
        "result"::text AS "result", "redactedAt" FROM "Verification"
      WHERE "id" = ${verificationId}::uuid AND "accountId" = ${member.accountId}::uuid FOR UPDATE`;
    if (!v) throw new NotFoundError("Verification not found");
    if (v.status !== "COMPLETED" || v.redactedAt)
      throw new DashboardError("Only a completed verification whose data was not deleted can be corrected");
    // the case lock, as for a decision: while another member holds a case awaiting review, they alone change it
    if (awaitsDecision(v)) await holdCaseOrThrow(tx, member, verificationId, now);
    const step = await tx.verificationStep.findFirst({
      where: { id: stepId, verificationId, processType: "DOCUMENT_VERIFICATION" },
      select: { data: true },
    });
    if (!step) throw new NotFoundError("Document step not found");
    const data = { ...((step.data ?? {}) as Record<string, unknown>) };
    const updatedFields = Object.entries(fields)
      .filter(([name, next]) => (data[name] ?? null) !== next)
      .map(([name]) => name);
    if (!updatedFields.length) throw new DashboardError("Nothing changed");
    for (const name of updatedFields) data[name] = fields[name as keyof typeof fields];
    await tx.verificationStep.update({ where: { id: stepId }, data: { data: data as Prisma.InputJsonValue } });
    await tx.verification.update({ where: { id: verificationId }, data: { updatedAt: now } });
    // stepId is the process type, as in every other payload; the row's id travels as stepRecordId
    const event = await recordEvent(
      tx,
      v,
      "verification_data_updated",
      { stepId: "DOCUMENT_VERIFICATION", stepRecordId: stepId, updatedFields, data },
      now,
    );
    await recordAudit(tx, {
      ...byMember(member),
      action: "verification.data_corrected",
      target: { type: "Verification", id: verificationId },
      data: { stepId, updatedFields, eventId: event.eventId },
      at: now,
    });
    const decided = v.result === "APPROVED" || v.result === "DECLINED";
    return { eventId: event.eventId, updatedFields, decided };
  });
  notifyWork("deliveries");
  const { decided, ...result } = outcome;
  const rescreen: RescreenOutcome =
    decided && result.updatedFields.some((f) => SCREENED_FIELDS.includes(f))
      ? await rescreenCorrected(member, verificationId)
      : null;
  return { ...result, rescreen };
}
