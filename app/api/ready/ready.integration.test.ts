import { afterEach, describe, expect, it } from "vitest";
import { stampHeaders } from "@/lib/http/client-ip";
import { prisma } from "@/lib/core/db";
import { markShuttingDown } from "@/lib/core/observability/core";
import { GET } from "./route";

// the details go to a direct loopback client (or METRICS_TOKEN); a stranger gets the status only
const probe = (ip = "127.0.0.1") => new Request("http://localhost/api/ready", { headers: stampHeaders(ip) });
const shared = globalThis as unknown as { __openkycShuttingDown?: boolean };

afterEach(() => {
  shared.__openkycShuttingDown = false;
});

describe("GET /api/ready", () => {
  it("is ready when the database, migrations, storage key, ffmpeg and model files are", async () => {
    const response = await GET(probe());
    const body = await response.json();
    expect(body.failing).toBeUndefined();
    expect(response.status).toBe(200);
    expect(Object.keys(body.parts).sort()).toEqual(["database", "ffmpeg", "migrations", "models", "storageKey"]);
    expect(JSON.stringify(body)).not.toMatch(/\/|secret|postgres/i);
    const stranger = await GET(probe("203.0.113.41"));
    expect(stranger.status).toBe(200);
    expect(await stranger.json()).toEqual({ status: "ready" });
  });

  it("names a migration that is not applied, with 503", async () => {
    const [last] = await prisma.$queryRaw<{ id: string; rolled_back_at: Date | null }[]>`
      SELECT "id", "rolled_back_at" FROM "_prisma_migrations" ORDER BY "migration_name" DESC LIMIT 1`;
    await prisma.$executeRaw`UPDATE "_prisma_migrations" SET "rolled_back_at" = now() WHERE "id" = ${last!.id}`;
    try {
      const response = await GET(probe());
      expect(response.status).toBe(503);
      const body = await response.json();
      expect(body).toMatchObject({ status: "not-ready", failing: ["migrations"] });
      expect(body.parts.migrations.detail).toBe("1 migration(s) not applied (npm run db:migrate)");
      // a stranger gets the 503 and nothing about why (issue 33)
      const stranger = await GET(probe("203.0.113.41"));
      expect(stranger.status).toBe(503);
      expect(await stranger.json()).toEqual({ status: "not-ready" });
    } finally {
      await prisma.$executeRaw`UPDATE "_prisma_migrations" SET "rolled_back_at" = NULL WHERE "id" = ${last!.id}`;
    }
  });

  it("answers 503 at once while the instance drains after SIGTERM", async () => {
    markShuttingDown();
    const response = await GET(probe());
    expect(response.status).toBe(503);
    expect(await response.json()).toEqual({ status: "shutting-down", failing: ["shutdown"] });
  });
});
