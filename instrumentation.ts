// Next.js calls register() once when a server process starts: the place to start the background engine, and to
// seal personal data rows written before the columns were encrypted (lib/privacy/seal-existing.ts).
export async function register() {
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  const { startEngine } = await import("@/lib/engine/start-engine");
  startEngine();
  const { sealExistingRows } = await import("@/lib/privacy/seal-existing");
  sealExistingRows().then(
    (sealed) => {
      const total = sealed.verifications + sealed.inputs + sealed.steps + sealed.events;
      if (total) console.log(`[privacy] sealed rows written before encryption: ${JSON.stringify(sealed)}`);
    },
    (error) =>
      console.error(`[privacy] sealing older rows failed (${(error as Error).name}); it runs again at the next start`),
  );
}
