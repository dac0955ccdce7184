// Test-only: dashboard members and verifications in chosen states, written directly (the engine is tested elsewhere).
import { randomUUID } from "node:crypto";
import bcrypt from "bcryptjs";
import { prisma } from "@/lib/core/db";
import type { Member, Role } from "@/lib/auth/permissions";
import { putFile } from "@/lib/engines/storage/file-store";
import { startVerification, type TestAccount } from "@/test/fixtures";

export function ownerOf(account: TestAccount): Member {
  return {
    userId: account.userId,
    email: "owner@test.local",
    accountId: account.accountId,
    accountName: "Test",
    clientId: account.clientId,
    role: "OWNER",
  };
}

/** A second user of the account with this role. */
export async function addMember(account: TestAccount, role: Role): Promise<Member> {
  const email = `${role.toLowerCase()}-${randomUUID()}@test.local`;
  const user = await prisma.user.create({
    data: { email, passwordHash: await bcrypt.hash("x", 4) },
    select: { id: true },
  });
  await prisma.membership.create({ data: { accountId: account.accountId, userId: user.id, role } });
  return {
    userId: user.id,
    email,
    accountId: account.accountId,
    accountName: "Test",
    clientId: account.clientId,
    role,
    // the column's default (desk: a reviewer sees personal data until the owner switches it off)
    personalData: true,
  };
}

/**
 * A verification of `workflow` with a DOCUMENT_VERIFICATION step, a stored image file input and the given final
 * state. Returns its ids.
 */
export async function completedVerification(
  account: TestAccount,
  options: {
    workflow?: string;
    result?: "APPROVED" | "DECLINED" | "MANUAL_REVIEW" | null;
    status?: "COMPLETED" | "PROCESSING" | "FAILED";
    metadata?: Record<string, unknown>;
    fullName?: string;
    completedAt?: Date;
  } = {},
) {
  const { verificationId } = await startVerification(
    account,
    options.workflow ?? "document-verification",
    options.metadata ?? { reference: `ref-${randomUUID()}` },
  );
  const bytes = Buffer.from("\x89PNG fake image bytes");
  const put = await putFile(account.accountId, bytes);
  const file = await prisma.storedFile.create({
    data: {
      accountId: account.accountId,
      storageKey: put.storageKey,
      contentType: "image/png",
      size: put.size,
      sha256: put.sha256,
    },
    select: { id: true, storageKey: true },
  });
  await prisma.verificationInput.create({
    data: { verificationId, fieldName: "DOCUMENT_FRONT", type: "FILE", fileId: file.id },
  });
  await prisma.verificationInput.create({
    data: { verificationId, fieldName: "DOCUMENT_COUNTRY", type: "TEXT", value: "DE" },
  });
  const status = options.status ?? "COMPLETED";
  const result = options.result === undefined ? "MANUAL_REVIEW" : options.result;
  const step = await prisma.verificationStep.create({
    data: {
      verificationId,
      position: 0,
      processType: "DOCUMENT_VERIFICATION",
      status: "COMPLETED",
      result: result ?? "APPROVED",
      data: {
        full_name: options.fullName ?? "Erika Mustermann",
        date_of_birth: "1964-08-12",
        document_number: "C01X00T47",
      },
      checks: [{ name: "MRZ_CHECKSUM", result: "REVIEW", detail: "Name Erika differs" }],
    },
    select: { id: true },
  });
  const completedAt = status === "PROCESSING" ? null : (options.completedAt ?? new Date());
  await prisma.verification.update({
    where: { id: verificationId },
    data: { status, result: status === "COMPLETED" ? result : null, completedAt, ipAddress: "203.0.113.9" },
  });
  return { verificationId, stepId: step.id, fileId: file.id, storageKey: file.storageKey };
}
