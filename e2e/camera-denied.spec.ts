import { expect, test } from "@playwright/test";
import sharp from "sharp";
import { apiStatus } from "./support";
import { checkScreen, chooseDocument, giveConsent, heading, shareableLink, verificationIdOf } from "./verify-helpers";

// The end user refuses the camera (getUserMedia fails with NotAllowedError, as after "Block" in the prompt):
// the page explains it and offers the upload fallback, which the workflow allows.
test("camera denied → upload fallback", async ({ page, request }, testInfo) => {
  await page.addInitScript(() => {
    navigator.mediaDevices.getUserMedia = () =>
      Promise.reject(new DOMException("Permission denied", "NotAllowedError"));
  });
  await page.goto(shareableLink("document-verification"));
  await giveConsent(page);
  await chooseDocument(page, "DE", "Passport");

  await heading(page, "Front of your document");
  await expect(page.getByText("We cannot use your camera")).toBeVisible();
  await checkScreen(page, testInfo, "1-camera-denied");
  await page.getByRole("button", { name: "Upload a file instead" }).click();

  const photo = await sharp({
    create: { width: 1200, height: 850, channels: 3, background: { r: 200, g: 190, b: 170 } },
  })
    .composite([
      {
        input: Buffer.from(
          '<svg width="1200" height="850"><rect x="60" y="60" width="300" height="380" fill="#777"/><text x="420" y="200" font-size="60">PASSPORT</text></svg>',
        ),
      },
    ])
    .jpeg()
    .toBuffer();
  await page.getByLabel("Choose a file").setInputFiles({ name: "passport.jpg", mimeType: "image/jpeg", buffer: photo });
  await expect(page.getByRole("img", { name: "Preview of your photo" })).toBeVisible();
  await page.getByRole("button", { name: "Use this photo" }).click();

  // a passport has no back side: that was the last input
  await heading(page, "Thank you");
  const status = await apiStatus(request, verificationIdOf(page));
  expect(status.missingInputs).toEqual([]);
  expect(["PROCESSING", "COMPLETED"]).toContain(status.status);
});

test("a file that is too large is refused before upload", async ({ page }) => {
  await page.addInitScript(() => {
    navigator.mediaDevices.getUserMedia = () =>
      Promise.reject(new DOMException("Permission denied", "NotAllowedError"));
  });
  await page.goto(shareableLink("document-verification"));
  await giveConsent(page);
  await chooseDocument(page, "DE", "Passport");
  await page.getByRole("button", { name: "Upload a file instead" }).click();
  await page
    .getByLabel("Choose a file")
    .setInputFiles({ name: "huge.jpg", mimeType: "image/jpeg", buffer: Buffer.alloc(16 * 1024 * 1024, 1) });
  await expect(page.getByText("The file is larger than 15 MB.")).toBeVisible();
});
