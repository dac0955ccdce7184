import { describe, expect, it } from "vitest";
import { functions } from "@/inngest/functions";
import { createWorker, inProcessPlan } from "@/lib/jobs/adapters/in-process";
import { defineJob, type Job } from "@/lib/jobs/define-job";
import { inngestEvents } from "@/inngest/durable";
import { jobs } from "@/lib/jobs/registry";

// Both executors are generated from the one registry: the same jobs, by the same names, on the same triggers.

type FunctionConfig = {
  id: string;
  triggers: { event?: string; cron?: string }[];
  steps: Record<string, { retries?: { attempts: number } }>;
  concurrency?: unknown;
};
/** What /api/inngest registers with Inngest for a function (its sync payload). */
const registered = (fn: (typeof functions)[number]) =>
  (fn as unknown as { getConfig(o: { baseUrl: URL; appPrefix: string }): FunctionConfig[] }).getConfig({
    baseUrl: new URL("http://localhost/api/inngest"),
    appPrefix: "openkyc",
  })[0]!;
const inngestTriggers = (job: Job) =>
  job.triggers.map((t) => ("cron" in t ? { cron: t.cron } : { event: inngestEvents[t.event].name }));

describe("the job registry", () => {
  it("has one Inngest function per job: its name as the id, its triggers, retries and concurrency", () => {
    expect(functions.map((fn) => fn.id())).toEqual(jobs.map((job) => job.name));
    for (const [i, job] of jobs.entries()) {
      const config = registered(functions[i]!);
      expect(config.id).toBe(`openkyc-${job.name}`);
      expect(config.triggers.map(({ event, cron }) => (cron ? { cron } : { event }))).toEqual(inngestTriggers(job));
      expect(config.steps.step!.retries).toEqual({ attempts: job.retries });
      expect(config.concurrency).toEqual(job.concurrency);
    }
  });

  it("keeps the function ids and triggers deployed Inngest installations know", () => {
    expect(
      functions.map((fn) => {
        const { id, triggers, concurrency, steps } = registered(fn);
        return { id, triggers: triggers.map(({ event, cron }) => (cron ? { cron } : { event })), concurrency, steps };
      }),
    ).toMatchObject([
      {
        id: "openkyc-run-verification",
        triggers: [{ event: "openkyc/verification.ready" }],
        concurrency: { limit: 1, key: "event.data.verificationId" },
        steps: { step: { retries: { attempts: 2 } } },
      },
      {
        id: "openkyc-deliver-webhook",
        triggers: [{ event: "openkyc/webhook.delivery.created" }],
        steps: { step: { retries: { attempts: 0 } } },
      },
      {
        id: "openkyc-relay-webhook-deliveries",
        triggers: [{ event: "openkyc/webhook.deliveries.due" }, { cron: "* * * * *" }],
        steps: { step: { retries: { attempts: 2 } } },
      },
      {
        id: "openkyc-sweep-stale-verifications",
        triggers: [{ cron: "*/5 * * * *" }],
        steps: { step: { retries: { attempts: 2 } } },
      },
      {
        id: "openkyc-rescreen-watchlists",
        triggers: [{ cron: "* * * * *" }],
        concurrency: 1,
        steps: { step: { retries: { attempts: 2 } } },
      },
    ]);
  });

  it("runs every job in-process: event jobs polled, cron jobs on a timer, the relay by the delivery poll", () => {
    const plan = inProcessPlan();
    expect(plan.map((p) => p.name)).toEqual(jobs.map((job) => job.name));
    for (const [i, job] of jobs.entries()) {
      const kinds = new Set(job.triggers.map((t) => ("cron" in t ? "cron" : "event")));
      if (plan[i]!.runs === "polled") expect(kinds).toEqual(new Set(["event"]));
      if (plan[i]!.runs === "timed") expect(kinds).toEqual(new Set(["cron"]));
      if (plan[i]!.runs.startsWith("by ")) {
        const by = plan.find((p) => `by ${p.name}` === plan[i]!.runs);
        expect(by?.runs, `${job.name} is run by a polled job of the registry`).toBe("polled");
      }
    }
    expect(new Set(jobs.map((job) => job.name)).size).toBe(jobs.length);
  });

  it("the in-process worker runs what the jobs declare: claims of polled jobs, timed jobs at their period", async () => {
    const ran: string[] = [];
    let due = ["a", "b", "c"];
    const polled = defineJob({
      name: "polled",
      triggers: [{ event: "delivery.created" }],
      retries: 0,
      handler: async ({ deliveryId }: { deliveryId: string }, step) => step.run("x", async () => ran.push(deliveryId)),
      inProcess: {
        poll: {
          concurrency: 2,
          async claim(limit) {
            const taken = due.slice(0, limit);
            due = due.slice(limit);
            return taken.map((id) => ({ id, payload: { deliveryId: id }, log: {} }));
          },
          release: async () => 0,
          report: { kind: "test", ran: "test job", failed: "test job failed", outcome: () => "ok" },
        },
      },
    });
    const timed = defineJob({
      name: "timed",
      triggers: [{ cron: "* * * * *" }],
      retries: 0,
      handler: async () => void ran.push("timed"),
      inProcess: { every: { everyMs: () => 60_000, atStart: true } },
    });
    const worker = createWorker({ pollMs: 10_000, jobs: [polled, timed] as Job[] });
    worker.start();
    await worker.idle();
    await worker.stop();
    expect(ran.filter((r) => r !== "timed").sort()).toEqual(["a", "b", "c"]);
    expect(ran.filter((r) => r === "timed")).toEqual(["timed"]);
  });
});
