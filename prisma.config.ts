import "dotenv/config";
import { existsSync, readdirSync } from "node:fs";
import path from "node:path";
import { defineConfig } from "prisma/config";

// Offline machines cannot download Prisma's native schema engine, yet every CLI command (even `generate`)
// asks for one. Point it at a dummy only when no real engine is installed; migrations run through
// server/db.ts (the same engine compiled to WASM).
const enginesDir = path.join(__dirname, "node_modules/@prisma/engines");
const hasEngine = existsSync(enginesDir) && readdirSync(enginesDir).some((f) => f.startsWith("schema-engine-"));
if (!hasEngine && !process.env.PRISMA_SCHEMA_ENGINE_BINARY) process.env.PRISMA_SCHEMA_ENGINE_BINARY = "/bin/true";

export default defineConfig({
  schema: "prisma/schema.prisma",
  migrations: { path: "prisma/migrations" },
  // generate needs no database; `env()` from prisma/config would throw when DATABASE_URL is unset
  datasource: { url: process.env.DATABASE_URL ?? "postgresql://postgres:postgres@127.0.0.1:54329/openkyc" },
});
