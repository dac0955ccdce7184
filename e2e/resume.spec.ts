import { expect, test } from "@playwright/test";
import { apiStatus } from "./support";
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
