import path from "node:path";
import { chromium, expect, test, type Browser, type Page } from "@playwright/test";
import { CHROMIUM_ARGS, CHROMIUM_PATH, fakeCameraArgs } from "./chromium";
import { checkScreen, chooseDocument, heading, shareableLink } from "./verify-helpers";
import { apiStatus } from "./support";

// The capture judgement with the camera fed a generated passport page (e2e/document-camera.ts, written by
// global-setup): blurred, the page refuses the photo and says why, letting it through only after three refusals;
// sharp, it takes the photo by itself and accepts it. Chromium takes one fake camera file per launch, so each
// test launches a browser of its own.

/** A browser of its own with `file` as its camera, and a page in it like the configured ones. */
async function pageWithCamera(file: string): Promise<{ browser: Browser; page: Page }> {
  const browser = await chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: [...CHROMIUM_ARGS, ...fakeCameraArgs(path.resolve(__dirname, "fixtures", file))],
  });
  const context = await browser.newContext({
    baseURL: test.info().project.use.baseURL,
    permissions: ["camera"],
    viewport: { width: 1280, height: 720 },
  });
  return { browser, page: await context.newPage() };
}

async function openPassportFront(page: Page) {
  await page.goto(shareableLink("document-verification"));
  await page.getByRole("button", { name: "Start" }).click();
  await chooseDocument(page, "DE", "Passport");
  await heading(page, "Front of your document");
  await expect(page.getByRole("button", { name: "Take photo" })).toBeEnabled();
}

test("a blurred capture is refused with what to fix; retake, then 'use anyway' after three refusals", async () => {
  // three captures, each judged, on a machine other builds share
  test.setTimeout(180_000);
  const testInfo = test.info();
  const { browser, page } = await pageWithCamera("document-blurred.y4m");
  try {
    await openPassportFront(page);
    // the frame has a passport page's shape and its caption sits under it, not over the MRZ
    const frame = page.locator("[data-shape]");
    await expect(frame).toHaveAttribute("data-shape", "td3");
    const box = (await frame.boundingBox())!;
    expect(box.width / box.height).toBeCloseTo(125 / 88, 1);
    const caption = (await page.getByText("Align your document with the frame").boundingBox())!;
    expect(caption.y).toBeGreaterThanOrEqual(box.y + box.height);
    // the live hint already says what is wrong, and nothing is taken by itself
    await expect(page.getByText("It is blurry: hold still and let the camera focus.")).toBeVisible();
    await checkScreen(page, testInfo, "1-blurred-live");

    for (let attempt = 1; attempt <= 3; attempt++) {
      await page.getByRole("button", { name: "Take photo" }).click();
      await expect(page.locator("[data-quality]")).toHaveAttribute("data-quality", "refused");
      await expect(page.locator("[data-quality]").getByRole("alert")).toContainText("This photo cannot be used.");
      await expect(page.locator("[data-quality]").getByRole("alert")).toContainText("It is blurry");
      if (attempt === 1) await checkScreen(page, testInfo, "2-refused");
      if (attempt < 3) {
        await expect(page.getByRole("button", { name: "Use this photo" })).toHaveCount(0);
        await expect(page.getByRole("button", { name: "Use anyway" })).toHaveCount(0);
        await page.getByRole("button", { name: "Retake" }).click();
      }
    }
    // a judgement can be wrong: the third refusal in a row lets the end user send it anyway
    await expect(page.getByRole("button", { name: "Use anyway" })).toBeVisible();
    await checkScreen(page, testInfo, "3-use-anyway");
  } finally {
    await browser.close();
  }
});

test("a sharp, steady document is taken by itself and accepted", async ({ request }, testInfo) => {
  const { browser, page } = await pageWithCamera("document-sharp.y4m");
  try {
    await openPassportFront(page);
    await checkScreen(page, testInfo, "1-sharp-live");
    // auto-capture: nobody presses the button
    await expect(page.getByText("Photo taken automatically.")).toBeVisible({ timeout: 20_000 });
    await expect(page.locator("[data-quality]")).toHaveAttribute("data-quality", "accepted");
    await expect(page.locator("[data-quality]").getByRole("alert")).toHaveCount(0);
    await checkScreen(page, testInfo, "2-accepted");
    await page.getByRole("button", { name: "Use this photo" }).click();
    await heading(page, "Thank you");
    const verificationId = new URL(page.url()).searchParams.get("verificationId")!;
    expect((await apiStatus(request, verificationId)).missingInputs).toEqual([]);
  } finally {
    await browser.close();
  }
});
