import { describe, expect, it } from "vitest";
import { prisma } from "@/lib/core/db";
import { sweepStaleVerifications } from "@/lib/domain/verifications/sweep-stale";
import { createTestAccount, startVerification } from "@/test/fixtures";

describe("stale sweep", () => {
  it("abandons verifications inactive for more than 24 h and expires lapsed links, once, with events", async () => {
    const account = await createTestAccount({
      workflows: [
        { name: "w", processes: ["LIVENESS"] },
        { name: "expiring", processes: ["LIVENESS"], settings: { LINK_EXPIRY_HOURS: 1 } },
      ],
    });
    const now = new Date(Date.now() + 7 * 24 * 3_600_000); // a week on: every older row of other tests is stale too
    const make = async (
      workflow: string,
      status: "PENDING" | "INITIATED" | "PROCESSING" | "COMPLETED",
      hoursInactive: number,
    ) => {
      const { verificationId } = await startVerification(account, workflow);
      await prisma.verification.update({
        where: { id: verificationId },
        data: { status, lastActivityAt: new Date(now.getTime() - hoursInactive * 3_600_000) },
      });
      return verificationId;
    };
    const stalePending = await make("w", "PENDING", 25);
    const staleProcessing = await make("w", "PROCESSING", 24.5);
    const fresh = await make("w", "INITIATED", 23);
    const completed = await make("w", "COMPLETED", 100);
    const lapsed = await make("expiring", "INITIATED", 1);
    await prisma.verification.update({ where: { id: lapsed }, data: { expiresAt: new Date(now.getTime() - 60_000) } });

    const result = await sweepStaleVerifications(now);
    expect(result.abandoned).toBeGreaterThanOrEqual(2);
    expect(result.expired).toBeGreaterThanOrEqual(1);
    const statuses = Object.fromEntries(
      (
        await prisma.verification.findMany({
          where: { id: { in: [stalePending, staleProcessing, fresh, completed, lapsed] } },
          select: { id: true, status: true },
        })
      ).map((v) => [v.id, v.status]),
    );
    expect(statuses).toEqual({
      [stalePending]: "ABANDONED",
      [staleProcessing]: "ABANDONED",
      [fresh]: "INITIATED",
      [completed]: "COMPLETED",
      [lapsed]: "EXPIRED",
    });

    const abandonedEvent = await prisma.event.findFirstOrThrow({
      where: { verificationId: stalePending, name: "verification_abandoned" },
    });
    expect(abandonedEvent.payload).toMatchObject({
      eventName: "verification_abandoned",
      verificationStatus: "ABANDONED",
      resource: `/api/v1/verifications/${stalePending}`,
    });
    const expiredEvent = await prisma.event.findFirstOrThrow({
      where: { verificationId: lapsed, name: "verification_abandoned" },
    });
    expect(expiredEvent.payload).toMatchObject({ verificationStatus: "ABANDONED", reason: "EXPIRED" });

    // a second sweep finds nothing new for these
    await sweepStaleVerifications(now);
    expect(
      await prisma.event.count({
        where: { verificationId: { in: [stalePending, lapsed] }, name: "verification_abandoned" },
      }),
    ).toBe(2);
  });
});
