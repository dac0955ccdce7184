import { expect, test } from "@playwright/test";
import { apiRecord, apiStatus, snap } from "./support";
import {
  checkScreen,
  fillUsAddress,
  giveConsent,
  heading,
  photographWithCamera,
  recordSelfie,
  shareableLink,
  verificationIdOf,
} from "./verify-helpers";

// The "full-kyc" demo workflow (document, liveness, address, watchlist) from the customer's shareable link to the
// submitted screen, with the fake camera, then the API's view of what was stored.
test("full-kyc: shareable link → document photos, selfie video, address → submitted; the API shows every input in", async ({
  page,
  request,
}, testInfo) => {
  // the real checks run on these images (OCR tries every preprocessing variant on a picture with no MRZ): minutes on a busy CI machine
  test.setTimeout(240_000);
  await page.goto(shareableLink("full-kyc", { reference: "e2e-full-kyc" }));
  await heading(page, "Verify your identity");
  await expect(page.getByText("Photos of your identity document")).toBeVisible();
  await checkScreen(page, testInfo, "1-consent");
  await giveConsent(page);

  await heading(page, "Your identity document");
  // the address bar now resumes this verification
  const verificationId = verificationIdOf(page);
  expect(new URL(page.url()).searchParams.get("token")).toMatch(/^vst_/);
  await expect(page.getByText("Step 1 of 4")).toBeVisible();
  await page.getByLabel("Issuing country").selectOption("DE");
  // the types come from the document-types endpoint for the chosen country
  await expect(page.getByRole("radio", { name: "National identity card" })).toBeVisible();
  await checkScreen(page, testInfo, "2-document-select");
  await page.getByRole("radio", { name: "National identity card" }).check();
  await page.getByRole("button", { name: "Continue", exact: true }).click();

  await heading(page, "Front of your document");
  await expect(page.getByRole("button", { name: "Take photo" })).toBeEnabled();
  await checkScreen(page, testInfo, "3-document-front");
  await photographWithCamera(page, "Front of your document");
  // a national ID has a back side: one more screen than a passport
  await photographWithCamera(page, "Back of your document");
  await expect(page.getByText("Step 4 of 5")).toBeVisible();

  await heading(page, "Selfie video");
  await checkScreen(page, testInfo, "4-selfie");
  await recordSelfie(page);

  // the address starts in the country of the identity document
  await heading(page, "Your address");
  await expect(page.getByLabel("Country")).toHaveValue("DE");
  await fillUsAddress(page);
  await checkScreen(page, testInfo, "5-address");
  await page.getByRole("button", { name: "Continue", exact: true }).click();

  await heading(page, "Thank you");
  await checkScreen(page, testInfo, "6-submitted");

  const status = await apiStatus(request, verificationId);
  expect(["PROCESSING", "COMPLETED"]).toContain(status.status);
  expect(status.missingInputs).toEqual([]);
  expect(status.steps.map((s) => s.processType)).toEqual([
    "DOCUMENT_VERIFICATION",
    "LIVENESS",
    "ADDRESS_VERIFICATION",
    "WATCHLIST_CHECK",
  ]);
  const record = await apiRecord(request, verificationId);
  expect(record.metadata).toEqual({ reference: "e2e-full-kyc" });

  // the page follows the verification to its result
  await expect
    .poll(async () => (await apiStatus(request, verificationId)).status, { timeout: 150_000 })
    .toBe("COMPLETED");
  const final = await apiStatus(request, verificationId);
  // the page follows the status for 90 s; a reload (or a return to the link later) shows the outcome too
  if ((await page.locator("[data-status]").getAttribute("data-status")) !== "COMPLETED") await page.reload();
  await expect(page.locator("[data-status]")).toHaveAttribute("data-status", "COMPLETED", { timeout: 15_000 });
  await expect(page.locator("[data-result]")).toHaveAttribute("data-result", final.result!);
  await snap(page, testInfo, "7-result");
});
