import { describe, expect, it } from "vitest";
import { prisma } from "@/lib/core/db";
import * as sessionModule from "@/app/api/hosted/session/route";
import { call, route } from "@/test/api-client";
import { createTestAccount, startVerification } from "@/test/fixtures";

const sessionRoute = route("/api/hosted/session", sessionModule);

describe("POST /api/hosted/session", () => {
  it("trades the resume token of a verificationUrl for a session token and marks the verification INITIATED", async () => {
    const account = await createTestAccount({ workflows: [{ name: "w", processes: ["LIVENESS"] }] });
    const { verificationId, verificationUrl } = await startVerification(account, "w");
    const token = new URL(verificationUrl).searchParams.get("token");
    const response = await call(sessionRoute, "/api/hosted/session", { body: { verificationId, token } });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({
      verificationId,
      flowId: account.workflows.w,
      sessionToken: expect.stringMatching(/^vst_/),
    });
    expect(response.body.sessionToken).not.toBe(token);
    expect((await prisma.verification.findUniqueOrThrow({ where: { id: verificationId } })).status).toBe("INITIATED");
  });

  it("refuses a token of another verification", async () => {
    const account = await createTestAccount({ workflows: [{ name: "w", processes: ["LIVENESS"] }] });
    const a = await startVerification(account, "w");
    const b = await startVerification(account, "w");
    const response = await call(sessionRoute, "/api/hosted/session", {
      body: { verificationId: b.verificationId, token: new URL(a.verificationUrl).searchParams.get("token") },
    });
    expect(response.status).toBe(401);
    expect((await prisma.verification.findUniqueOrThrow({ where: { id: b.verificationId } })).status).toBe("PENDING");
  });
});
