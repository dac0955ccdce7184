import { describe, expect, it } from "vitest";
import { GET } from "./route";

describe("GET /api/health", () => {
  it("says the database answers and which ffmpeg decodes uploads, without paths", async () => {
    const response = await GET();
    expect(response.status).toBe(200);
    const body = await response.json();
    expect(body).toEqual({
      status: "ok",
      database: "ok",
      ffmpeg: { source: "system", version: expect.stringMatching(/^\d/) },
    });
    expect(JSON.stringify(body)).not.toContain("/");
  });
});
