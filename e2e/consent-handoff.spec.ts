import { expect, test } from "@playwright/test";
import { apiStart, apiStatus } from "./support";
import {
  checkScreen,
  chooseDocument,
  giveConsent,
  heading,
  photographWithCamera,
  shareableLink,
} from "./verify-helpers";

// Issue 16: consent before anything is collected (given, refused, the biometric tick), and "Continue on your phone"
// with two browser contexts: the desktop shows a QR code and follows the phone, which finishes the verification.

test("consent declined: the verification is abandoned and nothing is asked", async ({ page, request }, testInfo) => {
  const started = await apiStart(request, "address-only");
  await page.goto(started.verificationUrl);
  await heading(page, "Verify your identity");
  await expect(page.getByText("Your home address, to confirm where you live.")).toBeVisible();
  await expect(page.getByText(/keeps your personal data until it deletes it/)).toBeVisible();
  await checkScreen(page, testInfo, "1-consent");
  // nothing before the answer: the server refuses the page's inputs
  expect((await apiStatus(request, started.verificationId)).status).toBe("INITIATED");

  await page.getByRole("button", { name: "Decline" }).click();
  await heading(page, "You declined");
  await checkScreen(page, testInfo, "2-declined");
  const status = await apiStatus(request, started.verificationId);
  expect(status.status).toBe("ABANDONED");

  // the link now opens on the same answer, never on the form
  await page.reload();
  await heading(page, "You declined");
});

test("consent with biometric data needs the explicit tick", async ({ page }, testInfo) => {
  await page.goto(shareableLink("full-kyc"));
  await heading(page, "Verify your identity");
  await page.getByRole("button", { name: "Agree and start" }).click();
  await expect(page.getByText("Tick the box to agree to the processing of your face, or decline.")).toBeVisible();
  const tick = page.getByRole("checkbox", { name: /processes images of my face/ });
  await expect(tick).toHaveAttribute("aria-invalid", "true");
  await checkScreen(page, testInfo, "1-tick-missing");
  // nothing was created yet: a shareable link starts its verification only on "Agree"
  expect(new URL(page.url()).searchParams.get("verificationId")).toBeNull();
  await tick.check();
  await page.getByRole("button", { name: "Agree and start" }).click();
  await heading(page, "Your identity document");
  expect(new URL(page.url()).searchParams.get("verificationId")).toBeTruthy();
});

test("desktop without a camera → continue on the phone: QR and short link, the desktop follows to the finish", async ({
  browser,
  request,
}, testInfo) => {
  test.setTimeout(180_000);
  const started = await apiStart(request, "document-verification");

  const desktopContext = await browser.newContext({ permissions: ["camera"] });
  // a desktop with no camera at all
  await desktopContext.addInitScript(() => {
    navigator.mediaDevices.enumerateDevices = async () => [];
  });
  const desktop = await desktopContext.newPage();
  await desktop.goto(started.verificationUrl);
  await giveConsent(desktop);
  await heading(desktop, "Your identity document");
  await expect(desktop.getByText("We could not find a camera on this device.")).toBeVisible();
  await checkScreen(desktop, testInfo, "1-desktop-offer");
  await desktop.getByRole("button", { name: "Continue on your phone" }).click();

  await heading(desktop, "Continue on your phone");
  await expect(desktop.getByRole("img", { name: "QR code with the link to continue on your phone" })).toBeVisible();
  await expect(desktop.getByRole("status")).toHaveText("Waiting for your phone…");
  const link = (await desktop.getByTestId("handoff-link").innerText()).trim();
  expect(link).toMatch(/\/h\/[0-9A-Z]{4}-[0-9A-Z]{4}-[0-9A-Z]{4}$/);
  await checkScreen(desktop, testInfo, "2-desktop-qr");

  // the phone: a context of its own, with nothing but the link
  const phoneContext = await browser.newContext({
    permissions: ["camera"],
    viewport: { width: 360, height: 740 },
    hasTouch: true,
  });
  const phone = await phoneContext.newPage();
  await phone.goto(link);
  await heading(phone, "Continue on this phone");
  await checkScreen(phone, testInfo, "3-phone-code");
  await phone.getByRole("button", { name: "Continue", exact: true }).click();
  // consent was given on the desktop: the phone goes straight to the first step
  await chooseDocument(phone, "DE", "Passport");

  await expect(desktop.getByRole("status")).toContainText("Continue on your phone.", { timeout: 15_000 });
  await checkScreen(desktop, testInfo, "4-desktop-following");

  await photographWithCamera(phone, "Front of your document");
  await heading(phone, "Thank you");

  // the desktop reaches the finish screen by itself
  await heading(desktop, "Thank you");
  await expect(desktop.getByRole("heading", { level: 2, name: "What happens next" })).toBeVisible();
  await checkScreen(desktop, testInfo, "5-desktop-finish");
  expect(["PROCESSING", "COMPLETED"]).toContain((await apiStatus(request, started.verificationId)).status);

  // the code was single use
  const again = await phoneContext.newPage();
  await again.goto(link);
  await expect(again.getByText("This code has already been used or has expired.")).toBeVisible();
  await phoneContext.close();
  await desktopContext.close();
});
