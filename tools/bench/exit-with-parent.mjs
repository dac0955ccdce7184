// Preloaded (`--import`) into TypeScript children of the benchmarks that have no shutdown of their own on a lost
// parent (server/worker.ts): when the benchmark process goes away, even killed, the IPC channel closes and
// the child gets the SIGTERM it already handles (the worker finishes the work in hand, then exits).
process.on("disconnect", () => process.kill(process.pid, "SIGTERM"));
