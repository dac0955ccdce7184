import { describe, expect, it } from "vitest";
import { prisma } from "@/lib/core/db";
import type { ProcessInput } from "@/lib/checks/types";
import { createTestAccount, startVerification, type TestAccount } from "@/test/fixtures";
import type { WorkflowDefinition } from "@/lib/domain/flows/publish-workflow";
import { toWorkflowShape, versionSelect } from "@/lib/domain/flows/workflow-shape";
import { checkPortsFor } from "@/lib/domain/verifications/check-ports";
import { addressVerification } from "./address-verification";

// ADDRESS_DUPLICATE_DETECTION on real PostgreSQL: run() with the ProcessInput the engine would build from the
// stored verification, its pinned workflow version and its inputs, and the real check ports.

const WORKFLOWS: WorkflowDefinition[] = [
  {
    name: "rejects-duplicates",
    processes: ["ADDRESS_VERIFICATION"],
    settings: { ADDRESS_DUPLICATE_DETECTION: "REJECTED" },
  },
  {
    name: "reviews-duplicates",
    processes: ["ADDRESS_VERIFICATION"],
    settings: { ADDRESS_DUPLICATE_DETECTION: "REVIEW_NEEDED" },
  },
];
const DOWNING = { ADDRESS_LINE: "10 Downing Street", CITY: "London", POSTAL_CODE: "SW1A 2AA", COUNTRY: "GB" };
// the same address as another person would type it
const DOWNING_AGAIN = { ADDRESS_LINE: "10 downing st.", CITY: "LONDON", POSTAL_CODE: "sw1a2aa", COUNTRY: "GB" };

/** A verification of the workflow for that user (one identity per userId), with its address inputs stored. */
async function submitAddress(account: TestAccount, workflow: string, userId: string, fields: Record<string, string>) {
  const { verificationId, identityId } = await startVerification(account, workflow, { userId });
  await prisma.verificationInput.createMany({
    data: Object.entries(fields).map(([fieldName, value]) => ({
      verificationId,
      fieldName,
      type: "TEXT" as const,
      value,
    })),
  });
  return { verificationId, identityId };
}

async function processInputFor(verificationId: string): Promise<ProcessInput> {
  const v = await prisma.verification.findUniqueOrThrow({
    where: { id: verificationId },
    select: {
      id: true,
      accountId: true,
      identityId: true,
      workflowId: true,
      ipAddress: true,
      metadata: true,
      createdAt: true,
      workflowVersion: { select: versionSelect },
      inputs: { select: { fieldName: true, type: true, value: true, fileId: true } },
    },
  });
  const { workflowVersion, inputs, ...verification } = v;
  return {
    verification: { ...verification, metadata: verification.metadata as Record<string, unknown> },
    workflow: toWorkflowShape(workflowVersion),
    inputs: new Map(inputs.map((i) => [i.fieldName, { type: i.type, value: i.value, fileId: i.fileId }])),
    readFile: async () => null,
    earlierSteps: [],
    now: new Date(),
    ports: checkPortsFor(verification),
  };
}

async function run(verificationId: string) {
  const output = await addressVerification.run(await processInputFor(verificationId));
  return { ...output, duplicateCheck: output.checks.find((c) => c.name === "ADDRESS_DUPLICATE_DETECTION")! };
}

describe("ADDRESS_DUPLICATE_DETECTION", () => {
  it("declines an address another identity of the account submitted when the setting is REJECTED", async () => {
    const account = await createTestAccount({ workflows: WORKFLOWS });
    const first = await submitAddress(account, "rejects-duplicates", "alice", DOWNING);
    const second = await submitAddress(account, "rejects-duplicates", "bob", DOWNING_AGAIN);
    expect(second.identityId).not.toBe(first.identityId);

    const output = await run(second.verificationId);
    expect(output.duplicateCheck).toEqual({
      name: "ADDRESS_DUPLICATE_DETECTION",
      result: "FAILED",
      detail: "The same address was submitted for 1 other identity of this account.",
    });
    expect(output.result).toBe("DECLINED");
    expect(output.data.duplicates).toEqual({ count: 1, verification_ids: [first.verificationId] });
  });

  it("sends it to manual review when the setting is REVIEW_NEEDED", async () => {
    const account = await createTestAccount({ workflows: WORKFLOWS });
    await submitAddress(account, "reviews-duplicates", "alice", DOWNING);
    const second = await submitAddress(account, "reviews-duplicates", "bob", DOWNING_AGAIN);
    const output = await run(second.verificationId);
    expect(output.duplicateCheck.result).toBe("REVIEW");
    expect(output.result).toBe("MANUAL_REVIEW");
  });

  it("never looks at other accounts", async () => {
    const other = await createTestAccount({ workflows: WORKFLOWS });
    await submitAddress(other, "rejects-duplicates", "alice", DOWNING);
    const account = await createTestAccount({ workflows: WORKFLOWS });
    const mine = await submitAddress(account, "rejects-duplicates", "bob", DOWNING_AGAIN);
    const output = await run(mine.verificationId);
    expect(output.duplicateCheck).toMatchObject({
      result: "PASSED",
      detail: "No other identity of this account submitted this address.",
    });
    expect(output.result).toBe("APPROVED");
    expect(output.data.duplicates).toEqual({ count: 0, verification_ids: [] });
  });

  it("does not count the same identity verifying again, another house, or another postal code", async () => {
    const account = await createTestAccount({ workflows: WORKFLOWS });
    await submitAddress(account, "rejects-duplicates", "alice", DOWNING);
    const again = await submitAddress(account, "rejects-duplicates", "alice", DOWNING_AGAIN);
    expect((await run(again.verificationId)).duplicateCheck.result).toBe("PASSED");
    const neighbour = await submitAddress(account, "rejects-duplicates", "bob", {
      ...DOWNING,
      ADDRESS_LINE: "11 Downing Street",
    });
    expect((await run(neighbour.verificationId)).duplicateCheck.result).toBe("PASSED");
    const elsewhere = await submitAddress(account, "rejects-duplicates", "carol", {
      ...DOWNING,
      POSTAL_CODE: "SW1A 2AB",
    });
    expect((await run(elsewhere.verificationId)).duplicateCheck.result).toBe("PASSED");
  });

  it("compares by city when there is no postal code", async () => {
    const account = await createTestAccount({ workflows: WORKFLOWS });
    const springfield = { ADDRESS_LINE: "742 Evergreen Terrace", CITY: "Springfield", COUNTRY: "US" };
    const first = await submitAddress(account, "reviews-duplicates", "homer", springfield);
    const second = await submitAddress(account, "reviews-duplicates", "ned", {
      ...springfield,
      ADDRESS_LINE: "742 evergreen terr.",
      CITY: "springfield",
    });
    const output = await run(second.verificationId);
    expect(output.duplicateCheck.result).toBe("REVIEW");
    expect(output.data.duplicates).toEqual({ count: 1, verification_ids: [first.verificationId] });
    const shelbyville = await submitAddress(account, "reviews-duplicates", "maude", {
      ...springfield,
      CITY: "Shelbyville",
    });
    expect((await run(shelbyville.verificationId)).duplicateCheck.result).toBe("PASSED");
  });
});
