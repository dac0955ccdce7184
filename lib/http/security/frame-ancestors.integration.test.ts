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

describe("proxy: a /verify link that repeats a key (issue 33)", () => {
  const get = (path: string) => proxy(new NextRequest(new URL(path, "http://localhost:3000")));

  it("refuses a repeated verificationId, token, flowId or clientId: 400, framed by nobody", async () => {
    // the attacker's account allows its own origin; the victim allows nobody
    const attacker = await createTestAccount({ workflows: [{ name: "address", processes: ["ADDRESS_VERIFICATION"] }] });
    await prisma.account.update({
      where: { id: attacker.accountId },
      data: { allowedFrameOrigins: ["https://evil.example"] },
    });
    const victim = await createTestAccount({ workflows: [{ name: "address", processes: ["ADDRESS_VERIFICATION"] }] });
    const own = await startVerification(attacker, "address");
    const ownId = new URL(own.verificationUrl).searchParams.get("verificationId")!;
    const victimLink = `flowId=${victim.workflows.address}&clientId=${victim.clientId}&embedOrigin=https://evil.example`;

    for (const path of [
      `/verify?verificationId=${ownId}&verificationId=x&${victimLink}`,
      `/verify?token=a&token=b&${victimLink}`,
      `/verify?${victimLink}&flowId=${victim.workflows.address}`,
      `/verify?clientId=${attacker.clientId}&${victimLink}`,
    ]) {
      const response = await get(path);
      expect(response.status, path).toBe(400);
      expect(response.headers.get("content-security-policy"), path).toContain("frame-ancestors 'none'");
      expect(response.headers.get("x-frame-options"), path).toBe("DENY");
    }
  });

  it("lets a verification's account decide only with its id and a valid resume token", async () => {
    const attacker = await createTestAccount({ workflows: [{ name: "address", processes: ["ADDRESS_VERIFICATION"] }] });
    await prisma.account.update({
      where: { id: attacker.accountId },
      data: { allowedFrameOrigins: ["https://evil.example"] },
    });
    const victim = await createTestAccount({ workflows: [{ name: "address", processes: ["ADDRESS_VERIFICATION"] }] });
    const own = new URL((await startVerification(attacker, "address")).verificationUrl).searchParams;
    const victimLink = `flowId=${victim.workflows.address}&clientId=${victim.clientId}`;
    const csp = async (path: string) => (await get(path)).headers.get("content-security-policy") ?? "";

    // an id alone, or with a token that is not its own, shows an error page: framed by nobody
    expect(await csp(`/verify?verificationId=${own.get("verificationId")}&${victimLink}`)).toContain(
      "frame-ancestors 'none'",
    );
    expect(
      await csp(`/verify?verificationId=${own.get("verificationId")}&token=vst_forged.00&${victimLink}`),
    ).toContain("frame-ancestors 'none'");
    // the real pair still frames for its own account
    expect(
      await csp(`/verify?verificationId=${own.get("verificationId")}&token=${own.get("token")}&${victimLink}`),
    ).toContain("frame-ancestors https://evil.example");
  });
});
