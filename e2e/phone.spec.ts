import { expect, test, type Page } from "@playwright/test";
import { apiStart, apiStatus } from "./support";
import { checkScreen, chooseDocument, fillUsAddress, giveConsent, heading, shareableLink } from "./verify-helpers";

// A 360 px wide phone screen (the "phone" project): nothing wider than the screen, every control reachable.
async function expectNoHorizontalScroll(page: Page) {
  const widths = await page.evaluate(() => ({
    scroll: document.documentElement.scrollWidth,
    client: document.documentElement.clientWidth,
  }));
  expect(widths.scroll).toBeLessThanOrEqual(widths.client);
}

test("360 px: address-only end to end", async ({ page, request }, testInfo) => {
  const started = await apiStart(request, "address-only");
  await page.goto(started.verificationUrl);
  await expectNoHorizontalScroll(page);
  await checkScreen(page, testInfo, "1-consent");
  await giveConsent(page);
  await fillUsAddress(page);
  await expectNoHorizontalScroll(page);
  await checkScreen(page, testInfo, "2-address");
  await page.getByRole("button", { name: "Continue", exact: true }).click();
  await heading(page, "Thank you");
  expect((await apiStatus(request, started.verificationId)).missingInputs).toEqual([]);
});

test("360 px: document screens and the camera fit", async ({ page }, testInfo) => {
  await page.goto(shareableLink("full-kyc"));
  await giveConsent(page);
  await heading(page, "Your identity document");
  await expectNoHorizontalScroll(page);
  await chooseDocument(page, "US", "Passport");
  await heading(page, "Front of your document");
  await expect(page.getByRole("button", { name: "Take photo" })).toBeEnabled();
  await expectNoHorizontalScroll(page);
  await checkScreen(page, testInfo, "3-camera");
});

test("360 px: keyboard only through the address form", async ({ page, request }) => {
  const started = await apiStart(request, "address-only");
  await page.goto(started.verificationUrl);
  // the language menu at the top comes first
  await page.keyboard.press("Tab");
  await expect(page.getByLabel("Language")).toBeFocused();
  await page.keyboard.press("Tab");
  await expect(page.getByRole("button", { name: "Agree and continue" })).toBeFocused();
  await page.keyboard.press("Enter");
  await heading(page, "Your address");
  await page.keyboard.press("Tab");
  await expect(page.getByLabel("Country")).toBeFocused();
  await page.keyboard.press("Tab");
  await expect(page.getByLabel("Street address")).toBeFocused();
});
