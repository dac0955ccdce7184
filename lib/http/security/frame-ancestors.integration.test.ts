import { describe, expect, it } from "vitest";
import { prisma } from "@/lib/core/db";
import { createTestAccount, startVerification } from "@/test/fixtures";
import { proxy } from "@/proxy";
import { NextRequest } from "next/server";

describe("proxy: security headers of the pages", () => {
  it("frames the verify page only for the account's allowed origins; the dashboard never", async () => {
    const account = await createTestAccount({ workflows: [{ name: "address", processes: ["ADDRESS_VERIFICATION"] }] });
    await prisma.account.update({
      where: { id: account.accountId },
      data: { allowedFrameOrigins: ["https://app.shop.example"] },
    });
    const other = await createTestAccount({ workflows: [{ name: "address", processes: ["ADDRESS_VERIFICATION"] }] });
    const csp = async (path: string) =>
      (await proxy(new NextRequest(new URL(path, "http://localhost:3000")))).headers.get("content-security-policy") ??
      "";

    expect(await csp(`/verify?flowId=${account.workflows.address}&clientId=${account.clientId}`)).toContain(
      "frame-ancestors https://app.shop.example",
    );
    const started = await startVerification(account, "address");
    expect(await csp(new URL(started.verificationUrl).pathname + new URL(started.verificationUrl).search)).toContain(
      "frame-ancestors https://app.shop.example",
    );
    expect(await csp(`/verify?flowId=${other.workflows.address}&clientId=${other.clientId}`)).toContain(
      "frame-ancestors 'none'",
    );
    expect(await csp("/dashboard")).toContain("frame-ancestors 'none'");
    expect(await csp("/verify?clientId=no-such-client")).toContain("frame-ancestors 'none'");
  });
});
