// Next.js calls register() once when a server process starts: the place to start the background engine, and to
// seal personal data rows written before the columns were encrypted (lib/domain/privacy/seal-existing.ts).
export async function register() {
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  const { onShutdown } = await import("@/lib/core/observability/core");
  const { log } = await import("@/lib/core/observability/logger");
  const { collectProcessMetrics } = await import("@/lib/core/observability/metrics");
  collectProcessMetrics(); // the event-loop lag monitor runs from the start, not from the first scrape
  const { startEngine } = await import("@/lib/jobs/start-engine");
  startEngine();
  const { prisma } = await import("@/lib/core/db");
  // last step of a graceful shutdown (server/http-front.ts): the pool closes once the engine has released its work
  onShutdown("database pool", 90, () =>
    // bounded: a connection still held by abandoned work (a step waiting on a lock) would keep the pool open
    Promise.race([prisma.$disconnect(), new Promise<void>((resolve) => setTimeout(resolve, 2_000))]),
  );
  const { sealExistingRows } = await import("@/lib/domain/privacy/seal-existing");
  const logger = log("privacy");
  sealExistingRows().then(
    (sealed) => {
      const total = sealed.verifications + sealed.inputs + sealed.steps + sealed.events;
      if (total) logger.info({ sealed }, "sealed rows written before encryption");
    },
    (error) => logger.error({ err: error }, "sealing older rows failed; it runs again at the next start"),
  );
}
