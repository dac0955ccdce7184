import { execFileSync } from "node:child_process";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { apiRecord, apiStart, apiStatus } from "./support";
import { checkScreen, giveConsent, heading } from "./verify-helpers";

// Issue 34 in Chromium: the hosted page of the "digital-credential" demo workflow asks the phone's wallet for an ID
// through the W3C Digital Credentials API and the verification ends APPROVED. The browser's own wallet prompt (the
// OS picks a credential and asks the holder to confirm) cannot run headless: an init script stands in for
// navigator.credentials.get and asks the test wallet (lib/engines/credentials/test-kit, answerAsTestWallet) through
// page.exposeFunction. Everything after that is real: the answer is encrypted to this verification's key, sent
// as the DIGITAL_CREDENTIAL input, and verified by the server against the trust anchors (the test issuer's root,
// put into the server's CREDENTIAL_TRUST_ANCHORS_DIR by the wallet, as an operator imports an IACA root).

const ROOT = path.resolve(__dirname, "..");
const ANCHORS_DIR = path.join(ROOT, `e2e/.state/trust-anchors-${process.env.E2E_PORT ?? 3210}`);

// each credential the demo workflow accepts: the mDL, and the EU PID as mdoc and as SD-JWT VC
for (const kind of ["MDL", "EU_PID_MDOC", "EU_PID_SD_JWT"] as const) {
  test(`digital-credential: the wallet's ${kind}, verified by the server, ends APPROVED`, async ({
    page,
    request,
  }, testInfo) => {
    const requestsSeen: unknown[] = [];
    await page.exposeFunction("__answerAsTestWallet", (requests: unknown[], origin: string) => {
      requestsSeen.push(...requests);
      const out = execFileSync(
        process.execPath,
        ["--import", "tsx", "--conditions=react-server", path.join(ROOT, "e2e/wallet-answer.ts")],
        { cwd: ROOT, input: JSON.stringify({ requests, origin, anchorsDir: ANCHORS_DIR, kind }), timeout: 60_000 },
      );
      return JSON.parse(out.toString("utf8")) as unknown;
    });
    await page.addInitScript(() => {
      type Answerer = (requests: unknown[], origin: string) => Promise<unknown>;
      const w = window as unknown as { DigitalCredential?: unknown; __answerAsTestWallet: Answerer };
      // the feature the page detects, and the call it makes
      w.DigitalCredential ??= class DigitalCredential {};
      Object.defineProperty(navigator.credentials, "get", {
        configurable: true,
        value: async (options: { digital?: { requests: { protocol: string }[] } }) => {
          const requests = options.digital?.requests ?? [];
          const data = await w.__answerAsTestWallet(requests, window.location.origin);
          return { type: "digital", protocol: requests[0]?.protocol, data };
        },
      });
    });

    const started = await apiStart(request, "digital-credential", { reference: `e2e-wallet-${kind}` });
    await page.goto(started.verificationUrl);
    await giveConsent(page);

    await heading(page, "Your ID from your phone's wallet");
    // data minimisation, said before anything is shared: the workflow's claims (the default KYC minimum)
    await expect(page.getByTestId("wallet-claims").getByRole("listitem")).toHaveText([
      "Given name",
      "Family name",
      "Date of birth",
      "Document number",
      "Expiry date",
      "Photo",
    ]);
    if (kind === "MDL") await checkScreen(page, testInfo, "1-wallet");
    await page.getByRole("button", { name: "Use the ID in your phone's wallet" }).click();

    await heading(page, "Thank you");
    expect(requestsSeen).toEqual([expect.objectContaining({ protocol: "openid4vp-v1-unsigned" })]);
    await expect
      .poll(async () => (await apiStatus(request, started.verificationId)).status, { timeout: 60_000 })
      .toBe("COMPLETED");
    expect((await apiStatus(request, started.verificationId)).result).toBe("APPROVED");
    const record = await apiRecord(request, started.verificationId);
    const step = record.steps.find((s) => s.stepId === "DIGITAL_CREDENTIAL");
    expect(step?.data).toMatchObject({
      full_name: "Jordan Sample",
      verified_from: "SIGNED_CREDENTIAL",
      credential: { kind, issuer: { name: expect.stringContaining("E2E test DMV") } },
    });
  });
}
