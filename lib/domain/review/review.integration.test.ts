import { describe, expect, it } from "vitest";
import { prisma } from "@/lib/core/db";
import { ForbiddenError, NotFoundError, DashboardError } from "@/lib/core/errors";
import { correctDocumentData } from "@/lib/domain/review/correct-document-data";
import { decideReview } from "@/lib/domain/review/decide-review";
import { addMember, completedVerification, ownerOf } from "@/test/dashboard-fixtures";
import { createTestAccount } from "@/test/fixtures";
import { createWebhookEndpoint } from "@/lib/domain/webhooks/create-webhook-endpoint";

describe("review", () => {
  it("a reviewer approves a MANUAL_REVIEW verification: result set, verification_completed again, delivery queued, audit row", async () => {
    const account = await createTestAccount();
    await createWebhookEndpoint(account.accountId, { url: "http://127.0.0.1:9/", events: [] });
    const reviewer = await addMember(account, "REVIEWER");
    const { verificationId } = await completedVerification(account);

    const { eventId } = await decideReview(reviewer, {
      verificationId,
      decision: "APPROVED",
      reason: "All checks verified manually",
      comment: "Document checked by hand",
    });

    expect(
      await prisma.verification.findUniqueOrThrow({
        where: { id: verificationId },
        select: { status: true, result: true },
      }),
    ).toEqual({ status: "COMPLETED", result: "APPROVED" });
    const event = await prisma.event.findUniqueOrThrow({
      where: { id: eventId },
      select: { name: true, payload: true, deliveries: { select: { status: true } } },
    });
    expect(event.name).toBe("verification_completed");
    expect(event.payload).toMatchObject({
      verificationStatus: "SUCCESS",
      status: "COMPLETED",
      result: "APPROVED",
      verificationId,
    });
    expect(event.deliveries).toEqual([{ status: "PENDING" }]);
    const audit = await prisma.auditLog.findFirstOrThrow({
      where: { targetId: verificationId, action: "verification.reviewed" },
    });
    expect(audit).toMatchObject({
      accountId: account.accountId,
      actorType: "USER",
      actorId: reviewer.userId,
      data: {
        from: "MANUAL_REVIEW",
        to: "APPROVED",
        reason: "All checks verified manually",
        comment: "Document checked by hand",
      },
    });

    // decided once: a second decision is refused and changes nothing
    await expect(
      decideReview(reviewer, { verificationId, decision: "DECLINED", reason: "Suspected fraud" }),
    ).rejects.toBeInstanceOf(DashboardError);
    expect((await prisma.verification.findUniqueOrThrow({ where: { id: verificationId } })).result).toBe("APPROVED");
  });

  it("declines with status REJECTED", async () => {
    const account = await createTestAccount();
    const { verificationId } = await completedVerification(account);
    const { eventId } = await decideReview(ownerOf(account), {
      verificationId,
      decision: "DECLINED",
      reason: "Suspected fraud",
    });
    expect((await prisma.event.findUniqueOrThrow({ where: { id: eventId } })).payload).toMatchObject({
      verificationStatus: "REJECTED",
      result: "DECLINED",
    });
  });

  it("resolves a FAILED verification (announced as NEEDS_REVIEW): COMPLETED with the decision, verification_completed again, audited from FAILED", async () => {
    const account = await createTestAccount();
    const reviewer = await addMember(account, "REVIEWER");
    const { verificationId } = await completedVerification(account, { status: "FAILED" });
    const { eventId } = await decideReview(reviewer, {
      verificationId,
      decision: "APPROVED",
      reason: "All checks verified manually",
    });
    expect(
      await prisma.verification.findUniqueOrThrow({
        where: { id: verificationId },
        select: { status: true, result: true },
      }),
    ).toEqual({ status: "COMPLETED", result: "APPROVED" });
    expect((await prisma.event.findUniqueOrThrow({ where: { id: eventId } })).payload).toMatchObject({
      verificationStatus: "SUCCESS",
      status: "COMPLETED",
      result: "APPROVED",
      reviewed: true,
    });
    const audit = await prisma.auditLog.findFirstOrThrow({
      where: { targetId: verificationId, action: "verification.reviewed" },
    });
    expect(audit.data).toMatchObject({ from: "FAILED", to: "APPROVED" });
    await expect(
      decideReview(reviewer, { verificationId, decision: "DECLINED", reason: "Suspected fraud" }),
    ).rejects.toBeInstanceOf(DashboardError);
  });

  it("refuses a verification that is not COMPLETED with MANUAL_REVIEW, and an empty reason", async () => {
    const account = await createTestAccount();
    const owner = ownerOf(account);
    const approved = await completedVerification(account, { result: "APPROVED" });
    const processing = await completedVerification(account, { status: "PROCESSING" });
    await expect(
      decideReview(owner, { verificationId: approved.verificationId, decision: "DECLINED", reason: "Suspected fraud" }),
    ).rejects.toThrow(/awaiting manual review/);
    await expect(
      decideReview(owner, {
        verificationId: processing.verificationId,
        decision: "APPROVED",
        reason: "All checks verified manually",
      }),
    ).rejects.toThrow(/awaiting manual review/);
    const review = await completedVerification(account);
    await expect(
      decideReview(owner, { verificationId: review.verificationId, decision: "APPROVED", reason: "" }),
    ).rejects.toThrow();
    expect(
      await prisma.event.count({
        where: {
          verificationId: { in: [approved.verificationId, processing.verificationId, review.verificationId] },
          name: "verification_completed",
        },
      }),
    ).toBe(0);
    expect(
      await prisma.auditLog.count({
        where: { targetId: { in: [approved.verificationId, processing.verificationId] } },
      }),
    ).toBe(0);
  });

  it("corrects document data: verification_data_updated with stepId, updatedFields and data; audit without values", async () => {
    const account = await createTestAccount();
    const reviewer = await addMember(account, "REVIEWER");
    const { verificationId, stepId } = await completedVerification(account);
    const { updatedFields, eventId } = await correctDocumentData(reviewer, {
      verificationId,
      stepId,
      fields: { full_name: "Erika M. Mustermann", date_of_birth: "1964-08-12" },
    });
    expect(updatedFields).toEqual(["full_name"]);
    const step = await prisma.verificationStep.findUniqueOrThrow({ where: { id: stepId } });
    expect(step.data).toMatchObject({ full_name: "Erika M. Mustermann", document_number: "C01X00T47" });
    const event = await prisma.event.findUniqueOrThrow({ where: { id: eventId } });
    expect(event.name).toBe("verification_data_updated");
    // stepId is the process type everywhere; the step row's id is stepRecordId
    expect(event.payload).toMatchObject({
      stepId: "DOCUMENT_VERIFICATION",
      stepRecordId: stepId,
      updatedFields: ["full_name"],
      data: { full_name: "Erika M. Mustermann" },
    });
    const audit = await prisma.auditLog.findFirstOrThrow({
      where: { targetId: verificationId, action: "verification.data_corrected" },
    });
    expect(audit.data).toEqual({ stepId, updatedFields: ["full_name"], eventId });
    await expect(
      correctDocumentData(reviewer, { verificationId, stepId, fields: { full_name: "Erika M. Mustermann" } }),
    ).rejects.toThrow(/Nothing changed/);
  });

  it("another account's verification is not found, and nothing changes", async () => {
    const mine = await createTestAccount();
    const theirs = await createTestAccount();
    const other = await completedVerification(theirs);
    const me = ownerOf(mine);
    await expect(
      decideReview(me, {
        verificationId: other.verificationId,
        decision: "APPROVED",
        reason: "All checks verified manually",
      }),
    ).rejects.toBeInstanceOf(NotFoundError);
    await expect(
      correctDocumentData(me, {
        verificationId: other.verificationId,
        stepId: other.stepId,
        fields: { full_name: "X" },
      }),
    ).rejects.toBeInstanceOf(NotFoundError);
    const after = await prisma.verification.findUniqueOrThrow({
      where: { id: other.verificationId },
      select: { result: true },
    });
    expect(after.result).toBe("MANUAL_REVIEW");
    expect((await prisma.verificationStep.findUniqueOrThrow({ where: { id: other.stepId } })).data).toMatchObject({
      full_name: "Erika Mustermann",
    });
    expect(
      await prisma.event.count({
        where: {
          verificationId: other.verificationId,
          name: { in: ["verification_completed", "verification_data_updated"] },
        },
      }),
    ).toBe(0);
  });

  it("a member without the permission is refused by the domain function itself", async () => {
    const account = await createTestAccount();
    const { verificationId } = await completedVerification(account);
    const stranger = { ...ownerOf(account), role: "NOBODY" as never };
    await expect(
      decideReview(stranger, { verificationId, decision: "APPROVED", reason: "All checks verified manually" }),
    ).rejects.toBeInstanceOf(ForbiddenError);
  });
});
