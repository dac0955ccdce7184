import { beforeAll, describe, expect, it } from "vitest";
import { prisma } from "@/lib/core/db";
import { saveWorkflow } from "@/lib/domain/flows/save-workflow";
import { duplicateWorkflow } from "@/lib/domain/flows/duplicate-workflow";
import { workflowDetail } from "@/lib/domain/flows/list-workflows";
import { inProcessDurable, runInProcess } from "@/lib/jobs/durable";
import { verificationRun } from "@/lib/jobs/verification-run";
import * as verificationModule from "@/app/api/v1/verifications/[verificationId]/route";
import * as statusModule from "@/app/api/v1/verifications/[verificationId]/status/route";
import { call, route } from "@/test/api-client";
import { ownerOf } from "@/test/dashboard-fixtures";
import { createTestAccount, startVerification, type TestAccount } from "@/test/fixtures";

const verificationRoute = route("/api/v1/verifications/[verificationId]", verificationModule);
const statusRoute = route("/api/v1/verifications/[verificationId]/status", statusModule);

// Decision rules are versioned with the workflow: a rule saved in the builder decides the verifications started on
// the new version, and never one started on the version before, even when that one is processed afterwards.
// The workflow: LOCATION_INTELLIGENCE alone. A verification started here has no IP address and no device
// location, so its LOCATION_SIGNAL check is REVIEW and the fixed combination says MANUAL_REVIEW.

let account: TestAccount;
const definition = { name: "location", processes: ["LOCATION_INTELLIGENCE"] };
const ignoreNoSignal = {
  kind: "OVERRIDE",
  check: "LOCATION_INTELLIGENCE.LOCATION_SIGNAL",
  when: "REVIEW",
  outcome: "IGNORE",
};

beforeAll(async () => {
  account = await createTestAccount({ workflows: [definition as never] });
});

/** Processes a started verification as the engine does once its inputs are complete (it has none to wait for). */
async function process(verificationId: string) {
  await prisma.verification.update({ where: { id: verificationId }, data: { status: "PROCESSING" } });
  await runInProcess((d) => verificationRun(d, verificationId), inProcessDurable([0]));
  return prisma.verification.findUniqueOrThrow({
    where: { id: verificationId },
    select: { status: true, result: true, decision: true, workflowVersion: { select: { version: true } } },
  });
}

describe("decision rules per workflow version", () => {
  it("a saved rule decides new verifications; one started on the previous version keeps the fixed combination", async () => {
    const workflowId = account.workflows.location!;
    const older = await startVerification(account, "location");

    const saved = await saveWorkflow(ownerOf(account), { ...definition, rules: [ignoreNoSignal] }, workflowId);
    expect(saved).toEqual({ ok: true, workflowId, version: 2 });
    const newer = await startVerification(account, "location");

    // the older one is processed after the rule was published: still decided by version 1
    const olderDone = await process(older.verificationId);
    expect(olderDone).toMatchObject({
      status: "COMPLETED",
      result: "MANUAL_REVIEW",
      workflowVersion: { version: 1 },
      decision: { defaultResult: "MANUAL_REVIEW", decidedBy: [], applied: [] },
    });

    const newerDone = await process(newer.verificationId);
    expect(newerDone).toMatchObject({
      status: "COMPLETED",
      result: "APPROVED",
      workflowVersion: { version: 2 },
      decision: {
        defaultResult: "MANUAL_REVIEW",
        decidedBy: [
          {
            rule: 1,
            label: "Location intelligence · A location signal (device or IP): review → ignore (counts as passed)",
          },
        ],
        applied: [{ rule: 1, check: "LOCATION_INTELLIGENCE.LOCATION_SIGNAL", from: "REVIEW", to: "PASSED" }],
      },
    });
    // the step keeps what its checks found; only the verification's outcome follows the rule
    const step = await prisma.verificationStep.findFirstOrThrow({ where: { verificationId: newer.verificationId } });
    expect(step.result).toBe("MANUAL_REVIEW");

    // integrators see the outcome, never the rules: not in the API record, the status, nor the event's payload
    const record = await call(verificationRoute, `/api/v1/verifications/${newer.verificationId}`, account.auth);
    expect(record.body.result).toBe("APPROVED");
    const status = await call(statusRoute, `/api/v1/verifications/${newer.verificationId}/status`, account.auth);
    expect(status.body.result).toBe("APPROVED");
    const completed = await prisma.event.findFirstOrThrow({
      where: { verificationId: newer.verificationId, name: "verification_completed" },
    });
    for (const text of [record.text, status.text, JSON.stringify(completed)]) {
      expect(text).not.toContain("decidedBy");
      expect(text).not.toContain("review → ignore");
    }
  });

  it("an invalid rule is refused by field and publishes nothing", async () => {
    const workflowId = account.workflows.location!;
    const versions = await prisma.workflowVersion.count({ where: { workflowId } });
    const saved = await saveWorkflow(
      ownerOf(account),
      {
        ...definition,
        rules: [
          { kind: "THRESHOLD", check: "LIVENESS.DOCUMENT_MATCH", pass: 0.5, review: 0.4 },
          { kind: "OVERRIDE", check: "LOCATION_INTELLIGENCE.HOSTING_NETWORK", when: "SOMETIMES", outcome: "IGNORE" },
        ],
      },
      workflowId,
    );
    expect(saved.ok).toBe(false);
    expect(Object.keys((saved as { fieldErrors: Record<string, string> }).fieldErrors).sort()).toEqual([
      "rules.0.pass",
      "rules.0.review",
      "rules.1.when",
    ]);
    expect(await prisma.workflowVersion.count({ where: { workflowId } })).toBe(versions);
  });

  it("the builder reloads the current version's rules, and a duplicate copies them", async () => {
    const owner = ownerOf(account);
    const detail = await workflowDetail(owner, account.workflows.location!);
    expect(detail.definition.rules).toEqual([ignoreNoSignal]);
    expect(detail.versions.map((v) => [v.version, v.ruleCount])).toEqual([
      [2, 1],
      [1, 0],
    ]);
    const copy = await duplicateWorkflow(owner, account.workflows.location!);
    expect((await workflowDetail(owner, copy.workflowId)).definition.rules).toEqual([ignoreNoSignal]);
  });
});
