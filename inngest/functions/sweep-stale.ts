import { inngest, verificationReady } from "@/inngest/client";
import { prisma } from "@/lib/db";
import { clock } from "@/lib/clock";
import { sweepStaleVerifications } from "@/lib/verifications/sweep-stale";
import { notifyWork } from "@/lib/engine/dispatch";

// Every 5 minutes: verifications inactive for more than 24 h → ABANDONED, expired links → EXPIRED. Also
// re-announces verification jobs whose event was lost (the app died between commit and send).
export const sweepStaleFunction = inngest.createFunction(
  { id: "sweep-stale-verifications", retries: 2, triggers: [{ cron: "*/5 * * * *" }] },
  async ({ step }) => {
    const swept = await step.run("sweep", () => sweepStaleVerifications());
    await step.run("announce-deliveries", () => notifyWork("deliveries"));
    const stuck = await step.run("find-unannounced-jobs", async () => {
      const cutoff = new Date(clock.now().getTime() - 60_000);
      const jobs = await prisma.job.findMany({
        where: { doneAt: null, runAt: { lt: cutoff }, OR: [{ lockedUntil: null }, { lockedUntil: { lt: clock.now() } }] },
        select: { verificationId: true },
        take: 500,
      });
      return jobs.map((j) => j.verificationId).filter((id): id is string => Boolean(id));
    });
    if (stuck.length) await step.sendEvent("re-announce", stuck.map((verificationId) => verificationReady.create({ verificationId })));
    return { ...swept, reannounced: stuck.length };
  },
);
