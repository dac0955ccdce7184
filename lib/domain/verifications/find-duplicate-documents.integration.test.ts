import { describe, expect, it } from "vitest";
import { prisma } from "@/lib/core/db";
import { createTestAccount, startVerification, type TestAccount } from "@/test/fixtures";
import type { WorkflowDefinition } from "@/lib/domain/flows/publish-workflow";
import { findDuplicateDocuments } from "./find-duplicate-documents";

// DUPLICATE_DOCUMENT's lookup on real PostgreSQL: step data as DOCUMENT_VERIFICATION stores it.

const WORKFLOWS: WorkflowDefinition[] = [{ name: "documents", processes: ["DOCUMENT_VERIFICATION"] }];
const HASH = "8c848084a1698088".repeat(4);
const NEAR = "8c848084a1698089".repeat(4); // 4 bits away
const FAR = "73737b7b5e967f77".repeat(4);

async function withDocumentStep(account: TestAccount, userId: string, data: Record<string, string>) {
  const { verificationId, identityId } = await startVerification(account, "documents", { userId });
  await prisma.verificationStep.upsert({
    where: { verificationId_position: { verificationId, position: 0 } },
    create: { verificationId, position: 0, processType: "DOCUMENT_VERIFICATION", status: "COMPLETED", data },
    update: { data, status: "COMPLETED" },
  });
  return { verificationId, identityId };
}

describe("findDuplicateDocuments", () => {
  it("finds another identity's step with the same document number or a near-identical image, never the same identity", async () => {
    const account = await createTestAccount({ workflows: WORKFLOWS });
    const alice = await withDocumentStep(account, "alice", {
      document_number: "NX4812753",
      country_of_issuance: "NL",
      image_hash: FAR,
    });
    const bob = await withDocumentStep(account, "bob", {
      document_number: "AB0000001",
      country_of_issuance: "NL",
      image_hash: NEAR,
    });
    const carol = await withDocumentStep(account, "carol", {
      document_number: "CC1111111",
      country_of_issuance: "NL",
      image_hash: FAR,
    });

    const found = await findDuplicateDocuments(
      { accountId: account.accountId, identityId: carol.identityId, verificationId: carol.verificationId },
      { documentNumber: "NX4812753", country: "NL", imageHash: HASH },
    );
    expect(found).toEqual(
      expect.arrayContaining([
        { verificationId: alice.verificationId, reason: "DOCUMENT_NUMBER" },
        { verificationId: bob.verificationId, reason: "IMAGE" },
      ]),
    );
    expect(found).toHaveLength(2);

    const self = await findDuplicateDocuments(
      { accountId: account.accountId, identityId: alice.identityId, verificationId: alice.verificationId },
      { documentNumber: "NX4812753", country: "NL", imageHash: FAR },
    );
    expect(self.map((d) => d.verificationId)).toEqual([carol.verificationId]); // carol's image, not alice's own step
  });

  it("never looks into another account", async () => {
    const mine = await createTestAccount({ workflows: WORKFLOWS });
    const other = await createTestAccount({ workflows: WORKFLOWS });
    await withDocumentStep(other, "mallory", {
      document_number: "NX4812753",
      country_of_issuance: "NL",
      image_hash: HASH,
    });
    const me = await withDocumentStep(mine, "alice", {
      document_number: "NX4812753",
      country_of_issuance: "NL",
      image_hash: HASH,
    });
    expect(
      await findDuplicateDocuments(
        { accountId: mine.accountId, identityId: me.identityId, verificationId: me.verificationId },
        { documentNumber: "NX4812753", country: "NL", imageHash: HASH },
      ),
    ).toEqual([]);
  });
});
