import { randomUUID } from "node:crypto";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { prisma } from "@/lib/core/db";
import { createTestAccount, startVerification, type TestAccount } from "@/test/fixtures";
import { DEMO_WORKFLOWS } from "@/lib/domain/flows/demo-workflows";
import { createWebhookEndpoint } from "@/lib/domain/webhooks/create-webhook-endpoint";
import { importWatchlist } from "@/lib/domain/watchlist/import/import-watchlist";
import { runDueRescreens } from "@/lib/domain/watchlist/rescreen/run-rescreen";
import { decideAlert, setOngoingScreening } from "@/lib/domain/watchlist/rescreen/watchlist-alerts";
import { ownerOf } from "@/test/dashboard-fixtures";
import { IdentityWatchlistHitEvent } from "@/lib/http/openapi/webhook-events";

// Ongoing screening end to end on the real import, job and event code. Every list here belongs to one test account
// (a list of every account would change the screening of the other test files sharing this database).

const WORKFLOW = DEMO_WORKFLOWS.filter((w) => w.name === "watchlist-check");
const dir = mkdtempSync(path.join(tmpdir(), "rescreen-"));
const HEADER =
  "id,schema,name,aliases,birth_date,countries,addresses,identifiers,sanctions,phones,emails,program_ids,dataset,first_seen,last_seen,last_change";
const BASE = [
  "t-001,Person,Boris Testenko,,1958-03-09,ua,,,,,,SYN-UKR,Synthetic,,,",
  "t-002,Person,Jane Example Doe,,1980,us,,,,,,SYN-TRAVEL,Synthetic,,,",
];
// a name no other test uses: the identity screened clean at verification time, listed by the update
const NEW_NAME = `Quillon Vastrebek ${randomUUID().slice(0, 4).replace(/\d/g, "x")}`;
const NEW_ENTRY = `t-003,Person,${NEW_NAME},,1971-06-05,,,,,,,SYN-NEW,Synthetic,,,`;

function listFile(lines: string[]): string {
  const file = path.join(dir, `${randomUUID()}.csv`);
  writeFileSync(file, [HEADER, ...lines].join("\n") + "\n");
  return file;
}

/** Runs re-screening until the given job is done (another test file's worker may have claimed it first). */
async function settle(jobId: string | undefined) {
  expect(jobId).toBeDefined();
  for (let i = 0; i < 100; i++) {
    await runDueRescreens();
    const job = await prisma.watchlistRescreenJob.findUniqueOrThrow({ where: { id: jobId! } });
    if (job.doneAt) return job;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error("the re-screening job did not finish");
}

async function approvedIdentity(account: TestAccount, fullName: string, dob: string | null, erased = false) {
  const { verificationId } = await startVerification(account, "watchlist-check", { reference: "r" });
  await prisma.verificationStep.create({
    data: {
      verificationId,
      position: 0,
      processType: "WATCHLIST_CHECK",
      status: "COMPLETED",
      result: "APPROVED",
      data: { screened_name: fullName, screened_dob: dob, name_source: "INPUTS", threshold: 0.88, matches: [] },
      checks: [],
    },
  });
  await prisma.verification.update({
    where: { id: verificationId },
    // erased: marked as the erasure marks it, data left in place, so only the redactedAt rule can skip it
    data: {
      status: "COMPLETED",
      result: "APPROVED",
      completedAt: new Date(),
      ...(erased ? { redactedAt: new Date() } : {}),
    },
  });
  return verificationId;
}

const alertsOf = (verificationId: string) => prisma.watchlistAlert.findMany({ where: { verificationId } });
const hitEventsOf = (verificationId: string) =>
  prisma.event.findMany({ where: { verificationId, name: "identity_watchlist_hit" }, include: { deliveries: true } });

let optedIn: TestAccount;
let notOptedIn: TestAccount;
let listOwner: TestAccount;

beforeAll(async () => {
  // one after the other: createAccount's transaction waits at most 2 s for a connection on a busy machine
  optedIn = await createTestAccount({ workflows: WORKFLOW });
  notOptedIn = await createTestAccount({ workflows: WORKFLOW });
  listOwner = await createTestAccount({ workflows: WORKFLOW });
  await prisma.account.updateMany({
    where: { id: { in: [optedIn.accountId, listOwner.accountId] } },
    data: { ongoingScreening: true },
  });
});

describe("ongoing screening", () => {
  it("a list update adding an approved identity's name raises one alert and one event; re-importing it raises none", async () => {
    const name = `rescreen-${randomUUID()}`;
    const hit = await approvedIdentity(optedIn, NEW_NAME, "1971-06-05");
    const erased = await approvedIdentity(optedIn, NEW_NAME, "1971-06-05", true);
    await createWebhookEndpoint(optedIn.accountId, {
      url: "https://receiver.invalid/hook",
      events: ["identity_watchlist_hit"],
    });

    const first = await importWatchlist({
      format: "opensanctions-csv",
      file: listFile(BASE),
      name,
      accountId: optedIn.accountId,
    });
    expect(first.rescreen).toMatchObject({ isFull: true });
    await settle(first.rescreen?.jobId);
    expect(await alertsOf(hit)).toEqual([]);

    const update = listFile([...BASE, NEW_ENTRY]);
    const second = await importWatchlist({
      format: "opensanctions-csv",
      file: update,
      name,
      accountId: optedIn.accountId,
    });
    // only the added entry is screened again
    expect(second.rescreen).toMatchObject({ isFull: false, changedEntries: 1 });
    const job = await settle(second.rescreen?.jobId);
    expect(job.alerts).toBe(1);

    const [alert, ...more] = await alertsOf(hit);
    expect(more).toEqual([]);
    expect(alert).toMatchObject({ status: "OPEN", externalId: "t-003", listName: name, entryName: NEW_NAME });
    expect(alert!.score).toBeGreaterThanOrEqual(0.88);
    expect(alert!.details).toMatchObject({ matchedFields: ["name", "date_of_birth"], dob: "EXACT" });
    const events = await hitEventsOf(hit);
    expect(events).toHaveLength(1);
    expect(events[0]!.deliveries).toHaveLength(1);
    expect(events[0]!.payload).toMatchObject({
      eventName: "identity_watchlist_hit",
      verificationId: hit,
      resource: `/api/v1/verifications/${hit}`,
      alertId: alert!.id,
      matchedFields: ["name", "date_of_birth"],
      entry: { list: name, externalId: "t-003", name: NEW_NAME, programs: ["SYN-NEW"] },
    });
    // the payload is what the OpenAPI document says it is
    expect(() => IdentityWatchlistHitEvent.parse(events[0]!.payload)).not.toThrow();
    // the erased verification's data is gone: it is never screened again
    expect(await alertsOf(erased)).toEqual([]);

    const again = await importWatchlist({
      format: "opensanctions-csv",
      file: update,
      name,
      accountId: optedIn.accountId,
    });
    expect(again.rescreen).toBeNull();
    // even screening the whole list again (a dismissed alert included) raises nothing twice
    await decideAlert(ownerOf(optedIn), { alertId: alert!.id, decision: "DISMISSED" });
    const full = await prisma.watchlistRescreenJob.create({
      data: { sourceId: second.sourceId, isFull: true, externalIds: [] },
    });
    await settle(full.id);
    expect(await alertsOf(hit)).toHaveLength(1);
    expect(await hitEventsOf(hit)).toHaveLength(1);
    const audit = await prisma.auditLog.findFirst({
      where: { accountId: optedIn.accountId, action: "watchlist_alert.dismissed" },
    });
    expect(audit).toMatchObject({ targetId: hit });
  });

  it("an account that did not opt in gets no alert, and an account's own list never alerts for another account", async () => {
    const name = `Ferrando Quastlemire ${randomUUID().slice(0, 4).replace(/\d/g, "q")}`;
    const entry = `p-001,Person,${name},,1965-02-03,,,,,,,SYN-P,Synthetic,,,`;
    const notOptedVerification = await approvedIdentity(notOptedIn, name, "1965-02-03");
    const otherAccountVerification = await approvedIdentity(optedIn, name, "1965-02-03");
    const ownerVerification = await approvedIdentity(listOwner, name, "1965-02-03");

    const own = await importWatchlist({
      format: "opensanctions-csv",
      file: listFile([entry]),
      name: `private-${randomUUID()}`,
      accountId: notOptedIn.accountId,
    });
    await settle(own.rescreen?.jobId);
    const privateList = await importWatchlist({
      format: "opensanctions-csv",
      file: listFile([entry]),
      name: `private-${randomUUID()}`,
      accountId: listOwner.accountId,
    });
    await settle(privateList.rescreen?.jobId);

    expect(await alertsOf(notOptedVerification)).toEqual([]);
    expect(await alertsOf(otherAccountVerification)).toEqual([]);
    expect(await alertsOf(ownerVerification)).toHaveLength(1);
    expect(await hitEventsOf(otherAccountVerification)).toEqual([]);
  });

  it("turning it on screens that account's approved identities once against the current lists, and no other account's", async () => {
    const name = `Ostravel Kimbrudge ${randomUUID().slice(0, 4).replace(/\d/g, "z")}`;
    const entry = `b-001,Person,${name},,1969-09-09,,,,,,,SYN-B,Synthetic,,,`;
    const account = await createTestAccount({ workflows: WORKFLOW });
    const owner = ownerOf(account);
    // a shared list (every account's), imported before anyone it names was approved: its own run finds nobody. It
    // is removed at the end: the other files of this test worker screen against the shared lists too.
    const shared = await importWatchlist({
      format: "opensanctions-csv",
      file: listFile([entry]),
      name: `shared-${name}`,
    });
    try {
      await settle(shared.rescreen?.jobId);
      const listed = await approvedIdentity(account, name, "1969-09-09");
      const clean = await approvedIdentity(
        account,
        `Nobody Listed ${randomUUID().slice(0, 4).replace(/\d/g, "n")}`,
        null,
      );
      const otherAccount = await approvedIdentity(optedIn, name, "1969-09-09");
      const foreignList = await importWatchlist({
        format: "opensanctions-csv",
        file: listFile([entry]),
        name: `private-${randomUUID()}`,
        accountId: notOptedIn.accountId,
      });
      await settle(foreignList.rescreen?.jobId);

      const on = await setOngoingScreening(owner, true);
      const jobs = await prisma.watchlistRescreenJob.findMany({ where: { accountId: account.accountId } });
      expect(jobs).toHaveLength(on.baselineLists);
      expect(jobs.map((j) => j.sourceId)).toContain(shared.sourceId);
      // another account's own list is not among the lists this account screens against
      expect(jobs.map((j) => j.sourceId)).not.toContain(foreignList.sourceId);
      expect(jobs.every((j) => j.isFull)).toBe(true);
      for (const job of jobs) await settle(job.id);

      const [alert, ...more] = await alertsOf(listed);
      expect(more).toEqual([]);
      expect(alert).toMatchObject({ status: "OPEN", externalId: "b-001", entryName: name });
      expect(await hitEventsOf(listed)).toHaveLength(1);
      expect(await alertsOf(clean)).toEqual([]);
      // the baseline is this account's alone: an opted-in account naming the same person waits for a list change
      expect(await alertsOf(otherAccount)).toEqual([]);
      const audit = await prisma.auditLog.findFirst({
        where: { accountId: account.accountId, action: "account.ongoing_screening_changed" },
      });
      expect(audit?.data).toMatchObject({ enabled: true, baselineLists: on.baselineLists });

      // already on: nothing queued; off and on again: queued again, nothing raised twice
      expect(await setOngoingScreening(owner, true)).toEqual({ baselineLists: 0 });
      expect(await setOngoingScreening(owner, false)).toEqual({ baselineLists: 0 });
      expect((await setOngoingScreening(owner, true)).baselineLists).toBe(on.baselineLists);
      const queued = await prisma.watchlistRescreenJob.findMany({
        where: { accountId: account.accountId, doneAt: null },
      });
      for (const job of queued) await settle(job.id);
      expect(await alertsOf(listed)).toHaveLength(1);
      expect(await hitEventsOf(listed)).toHaveLength(1);

      // a baseline job naming another account's own list screens nobody
      const stray = await prisma.watchlistRescreenJob.create({
        data: { sourceId: foreignList.sourceId, accountId: account.accountId, isFull: true, externalIds: [] },
      });
      expect(await settle(stray.id)).toMatchObject({ screened: 0, alerts: 0 });
    } finally {
      await prisma.watchlistSource.delete({ where: { id: shared.sourceId } });
    }
  });
});
