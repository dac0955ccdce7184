import { expect, test } from "@playwright/test";
import { apiStart, apiStatus } from "./support";
import {
  chooseDocument,
  giveConsent,
  heading,
  photographWithCamera,
  shareableLink,
  verificationIdOf,
} from "./verify-helpers";

// A reload, or the same link on another device, continues the verification where it stopped.
test("resume after a reload and on another device", async ({ page, browser, request }, testInfo) => {
  await page.goto(shareableLink("full-kyc"));
  await giveConsent(page);
  await chooseDocument(page, "FR", "National identity card");
  await photographWithCamera(page, "Front of your document");
  await heading(page, "Back of your document");
  const verificationId = verificationIdOf(page);
  const link = page.url();

  await page.reload();
  await heading(page, "Back of your document");
  await expect(page.getByText("Step 3 of 5")).toBeVisible();
  await testInfo.attach("after-reload", { body: await page.screenshot({ fullPage: true }), contentType: "image/png" });

  // "another device": a fresh browser context with nothing but the link
  const other = await browser.newContext({ permissions: ["camera"] });
  const phone = await other.newPage();
  await phone.goto(link);
  await heading(phone, "Back of your document");
  await photographWithCamera(phone, "Back of your document");
  await heading(phone, "Selfie video");
  await other.close();

  const status = await apiStatus(request, verificationId);
  expect(status.status).toBe("INITIATED");
  expect(status.missingInputs.map((i) => i.fieldName)).toEqual([
    "SELFIE_VIDEO",
    "ADDRESS_LINE",
    "CITY",
    "POSTAL_CODE",
    "COUNTRY",
  ]);
});

// A slow phone shows the server's page before its script runs. Nothing may be chosen then: React would put its own
// state back when it takes over, and the choice would be lost without a word (seen: "Select a country" again).
test("the page takes input only once it is ready, and keeps what was chosen", async ({ browser, request }) => {
  const started = await apiStart(request, "document-verification");
  const context = await browser.newContext({ permissions: ["camera"] });
  const first = await context.newPage();
  await first.goto(started.verificationUrl);
  await giveConsent(first);
  await heading(first, "Your identity document");
  await first.close();

  const page = await context.newPage();
  let release = () => {};
  const scriptsHeld = new Promise<void>((resolve) => (release = resolve));
  // the page's scripts, not its style sheets (the page is shown without its script, never without its styles)
  const script = (url: URL) => url.pathname.startsWith("/_next/static/") && url.pathname.endsWith(".js");
  await page.route(script, async (route) => {
    await scriptsHeld;
    await route.continue();
  });
  await page.goto(started.verificationUrl, { waitUntil: "commit" });
  await heading(page, "Your identity document");
  const country = page.getByLabel("Issuing country");
  await expect(country).toBeDisabled();
  release();
  await expect(country).toBeEnabled();
  await country.selectOption("DE");
  await expect(page.getByRole("radio", { name: "Passport" })).toBeVisible();
  await expect(country).toHaveValue("DE");
  await context.close();
});
