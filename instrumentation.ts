// Next.js calls register() once when a server process starts: the place to start the background engine.
export async function register() {
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  const { startEngine } = await import("@/lib/engine/start-engine");
  startEngine();
}
