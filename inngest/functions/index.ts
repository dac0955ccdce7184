import { inngest } from "@/inngest/client";
import { inngestDurable, inngestEvents } from "@/inngest/durable";
import type { Job, JobTrigger } from "@/lib/jobs/define-job";
import { jobs } from "@/lib/jobs/registry";

// Every Inngest function of the app, generated from the job registry (lib/jobs/registry.ts) and served at
// /api/inngest. A function's id is its job's name and its triggers are the job's: deployed Inngest installations
// know the functions by these, so a job's name never changes.

// Inngest types retries as the literals 0..20; a job's count is a plain number (STEP_RETRIES is computed)
type Retries = Parameters<typeof inngest.createFunction>[0]["retries"];

const toTrigger = (trigger: JobTrigger) => ("cron" in trigger ? { cron: trigger.cron } : inngestEvents[trigger.event]);

export function inngestFunction(job: Job) {
  return inngest.createFunction(
    {
      id: job.name,
      retries: job.retries as Retries,
      concurrency: job.concurrency,
      triggers: job.triggers.map(toTrigger),
    },
    async ({ event, step }) => {
      // a cron run's event is Inngest's timer; an event's data is validated by its zod schema (inngest/client.ts)
      const payload = event.data as never;
      const { claimOnEvent } = job;
      if (claimOnEvent && !(await step.run("claim", () => claimOnEvent.claim(payload))))
        return { skipped: claimOnEvent.skipped };
      return job.handler(payload, inngestDurable(step));
    },
  );
}

export const functions = jobs.map(inngestFunction);

/** The function generated for the job called `name` (tests drive it with @inngest/test). */
export function functionOf(name: string) {
  const found = functions.find((fn) => fn.id() === name);
  if (!found) throw new Error(`no job called ${name} in the registry`);
  return found;
}
