import { beforeAll, describe, expect, it } from "vitest";
import { prisma } from "@/lib/core/db";
import { setWorkflowArchived } from "@/lib/domain/flows/archive-workflow";
import { duplicateWorkflow } from "@/lib/domain/flows/duplicate-workflow";
import { listWorkflows, workflowDetail } from "@/lib/domain/flows/list-workflows";
import { type Member } from "@/lib/auth/permissions";
import { ForbiddenError, NotFoundError } from "@/lib/core/errors";
import { saveWorkflow } from "@/lib/domain/flows/save-workflow";
import { createTestMembers } from "@/test/dashboard-members";
import { startVerification, type TestAccount } from "@/test/fixtures";

let a: { account: TestAccount; owner: Member; admin: Member; reviewer: Member };
let b: { account: TestAccount; owner: Member };

beforeAll(async () => {
  a = await createTestMembers({ workflows: [{ name: "kyc", processes: ["EMAIL_CHECK"] }] });
  b = await createTestMembers({
    workflows: [{ name: "theirs", processes: ["EMAIL_CHECK", "LIVENESS"], settings: { LIVENESS_CHALLENGE: "NOD" } }],
  });
});

const snapshot = (accountId: string) =>
  prisma.workflow.findMany({
    where: { accountId },
    orderBy: { id: "asc" },
    select: { id: true, name: true, archivedAt: true, currentVersionId: true, _count: { select: { versions: true } } },
  });

describe("saveWorkflow", () => {
  it("creates, then publishes a new version on edit while a verification keeps the one it pinned", async () => {
    const created = await saveWorkflow(a.admin, {
      name: "Address flow",
      processes: ["ADDRESS_VERIFICATION", "LIVENESS"],
      settings: {
        ADDRESS_COMPLETENESS: true,
        POSTAL_VALIDATION: true,
        LIVENESS_CHALLENGE: "NOD",
        WATCHLIST_THRESHOLD: 0.9,
        LINK_EXPIRY_HOURS: 48,
      },
    });
    if (!created.ok) throw new Error(JSON.stringify(created.fieldErrors));
    expect(created.version).toBe(1);
    const v1 = await prisma.workflowVersion.findFirstOrThrow({
      where: { workflowId: created.workflowId },
      include: { settings: true },
    });
    // WATCHLIST_THRESHOLD belongs to a process the workflow does not have: not stored
    expect(v1.settings.map((s) => s.fieldName).sort()).toEqual([
      "ADDRESS_COMPLETENESS",
      "LINK_EXPIRY_HOURS",
      "LIVENESS_CHALLENGE",
      "POSTAL_VALIDATION",
    ]);

    a.account.workflows["Address flow"] = created.workflowId;
    const { verificationId } = await startVerification(a.account, "Address flow");
    const edited = await saveWorkflow(
      a.owner,
      { name: "Address flow", processes: ["LIVENESS"], settings: { LIVENESS_CHALLENGE: "TURN_HEAD_RIGHT_LEFT" } },
      created.workflowId,
    );
    expect(edited).toMatchObject({ ok: true, workflowId: created.workflowId, version: 2 });
    const pinned = await prisma.verification.findUniqueOrThrow({
      where: { id: verificationId },
      select: { workflowVersion: { select: { version: true, processes: true } } },
    });
    expect(pinned.workflowVersion).toEqual({ version: 1, processes: ["ADDRESS_VERIFICATION", "LIVENESS"] });

    const detail = await workflowDetail(a.owner, created.workflowId);
    expect(detail.currentVersion).toBe(2);
    expect(detail.versions.map((v) => [v.version, v.isCurrent, v.verifications])).toEqual([
      [2, true, 0],
      [1, false, 1],
    ]);
    expect(detail.definition).toMatchObject({
      processes: ["LIVENESS"],
      settings: { LIVENESS_CHALLENGE: "TURN_HEAD_RIGHT_LEFT" },
    });
    expect(detail.inputs.map((i) => i.fieldName)).toEqual(["SELFIE_VIDEO", "SELFIE_PHOTO"]);
    expect(detail.inputs[0]!.data).toMatchObject({ challenge: "TURN_HEAD_RIGHT_LEFT" });

    // who created and who published, with the version, in the audit log
    await duplicateWorkflow(a.owner, created.workflowId);
    await setWorkflowArchived(a.owner, created.workflowId, true);
    // AuditLog.data is sealed (docs/security.md): the duplicate's source id is read back, not queried in SQL
    const audit = (
      await prisma.auditLog.findMany({
        where: { accountId: a.account.accountId, action: { startsWith: "workflow." } },
        orderBy: { createdAt: "asc" },
        select: { action: true, actorId: true, data: true, targetId: true },
      })
    ).filter(
      (r) =>
        r.targetId === created.workflowId ||
        (r.data as { sourceWorkflowId?: string } | null)?.sourceWorkflowId === created.workflowId,
    );
    expect(audit.map((r) => [r.action, r.actorId])).toEqual([
      ["workflow.created", a.admin.userId],
      ["workflow.published", a.owner.userId],
      ["workflow.duplicated", a.owner.userId],
      ["workflow.archived", a.owner.userId],
    ]);
    expect(audit[1]!.data).toEqual({ version: 2 });
    await setWorkflowArchived(a.owner, created.workflowId, false);
  });

  it("refuses invalid definitions with field errors and writes nothing", async () => {
    const before = await snapshot(a.account.accountId);
    const result = await saveWorkflow(a.owner, {
      name: "",
      processes: ["LIVENESS", "LIVENESS", "NOPE"],
      settings: { LINK_EXPIRY_HOURS: 0, AGREEMENT_STATEMENT: "short", EXTRA: 1 },
    });
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(Object.keys(result.fieldErrors)).toEqual(
      expect.arrayContaining(["name", "processes.2", "settings.LINK_EXPIRY_HOURS", "settings.AGREEMENT_STATEMENT"]),
    );
    expect(await snapshot(a.account.accountId)).toEqual(before);
  });

  it("accepts unsigned links only when switched on: off for a new workflow, kept by an edit that does not say, copied by a duplicate (issue 33)", async () => {
    const accepts = async (id: string) =>
      (await prisma.workflow.findUniqueOrThrow({ where: { id }, select: { acceptUnsignedLinks: true } }))
        .acceptUnsignedLinks;
    const off = await saveWorkflow(a.admin, { name: "links default", processes: ["EMAIL_CHECK"] });
    if (!off.ok) throw new Error("not saved");
    expect(await accepts(off.workflowId)).toBe(false);
    expect((await workflowDetail(a.admin, off.workflowId)).definition.acceptUnsignedLinks).toBe(false);

    const on = await saveWorkflow(
      a.admin,
      { name: "links default", processes: ["EMAIL_CHECK"], acceptUnsignedLinks: true },
      off.workflowId,
    );
    expect(on.ok).toBe(true);
    expect(await accepts(off.workflowId)).toBe(true);
    // an edit that does not carry the switch (an older client) leaves it as it is
    await saveWorkflow(a.admin, { name: "links default", processes: ["EMAIL_CHECK", "LIVENESS"] }, off.workflowId);
    expect(await accepts(off.workflowId)).toBe(true);
    const copy = await duplicateWorkflow(a.admin, off.workflowId);
    expect(await accepts(copy.workflowId)).toBe(true);
  });

  it("reports a duplicate name as a field error", async () => {
    expect(await saveWorkflow(a.owner, { name: "kyc", processes: ["EMAIL_CHECK"] })).toEqual({
      ok: false,
      fieldErrors: { name: "Another workflow already has this name" },
    });
  });

  it("duplicates the current definition under a new flowId, and archives / restores", async () => {
    const copy = await duplicateWorkflow(a.owner, b.account.workflows.theirs!).catch((e) => e);
    expect(copy).toBeInstanceOf(NotFoundError);
    const sourceId = a.account.workflows.kyc!;
    const first = await duplicateWorkflow(a.owner, sourceId);
    const second = await duplicateWorkflow(a.owner, sourceId);
    const names = (await listWorkflows(a.owner, { archived: false })).map((w) => w.name);
    expect(names).toEqual(expect.arrayContaining(["kyc", "kyc (copy)", "kyc (copy 2)"]));
    expect(first.workflowId).not.toBe(sourceId);
    expect(second.version).toBe(1);

    await setWorkflowArchived(a.owner, first.workflowId, true);
    expect((await listWorkflows(a.owner, { archived: true })).map((w) => w.id)).toEqual([first.workflowId]);
    expect((await listWorkflows(a.owner, { archived: false })).map((w) => w.id)).not.toContain(first.workflowId);
    await setWorkflowArchived(a.owner, first.workflowId, false);
    expect(await listWorkflows(a.owner, { archived: true })).toEqual([]);
  });
});

describe("workflows of another account and reviewers", () => {
  it("treats another account's workflow as not found, and changes nothing of it", async () => {
    const theirs = b.account.workflows.theirs!;
    const before = await snapshot(b.account.accountId);
    await expect(saveWorkflow(a.owner, { name: "stolen", processes: ["EMAIL_CHECK"] }, theirs)).rejects.toBeInstanceOf(
      NotFoundError,
    );
    await expect(setWorkflowArchived(a.owner, theirs, true)).rejects.toBeInstanceOf(NotFoundError);
    await expect(duplicateWorkflow(a.owner, theirs)).rejects.toBeInstanceOf(NotFoundError);
    await expect(workflowDetail(a.owner, theirs)).rejects.toBeInstanceOf(NotFoundError);
    await expect(workflowDetail(a.owner, "not-a-uuid")).rejects.toBeInstanceOf(NotFoundError);
    expect((await listWorkflows(a.owner, { archived: false })).map((w) => w.id)).not.toContain(theirs);
    expect(await snapshot(b.account.accountId)).toEqual(before);
    expect(await prisma.workflow.count({ where: { name: "stolen" } })).toBe(0);
  });

  it("refuses a reviewer everything, before reading or writing", async () => {
    const mine = a.account.workflows.kyc!;
    const before = await snapshot(a.account.accountId);
    await expect(saveWorkflow(a.reviewer, { name: "by reviewer", processes: ["EMAIL_CHECK"] })).rejects.toBeInstanceOf(
      ForbiddenError,
    );
    await expect(saveWorkflow(a.reviewer, { name: "kyc", processes: ["LIVENESS"] }, mine)).rejects.toBeInstanceOf(
      ForbiddenError,
    );
    await expect(setWorkflowArchived(a.reviewer, mine, true)).rejects.toBeInstanceOf(ForbiddenError);
    await expect(duplicateWorkflow(a.reviewer, mine)).rejects.toBeInstanceOf(ForbiddenError);
    await expect(listWorkflows(a.reviewer, { archived: false })).rejects.toBeInstanceOf(ForbiddenError);
    await expect(workflowDetail(a.reviewer, mine)).rejects.toBeInstanceOf(ForbiddenError);
    expect(await snapshot(a.account.accountId)).toEqual(before);
  });
});
