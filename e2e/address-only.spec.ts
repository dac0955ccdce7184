import { expect, test } from "@playwright/test";
import { apiStart, apiStatus } from "./support";
import { checkScreen, fillUsAddress, giveConsent, heading } from "./verify-helpers";

// The "address-only" demo workflow from the API's verificationUrl: validation messages, the submitted screen,
// the result, and the return to metadata.redirectUrl with verificationId, status and result.
test("address-only: verificationUrl → address form (validated) → result → back to redirectUrl", async ({
  page,
  request,
  baseURL,
}, testInfo) => {
  const redirectUrl = `${baseURL}/?from=kyc`;
  const started = await apiStart(request, "address-only", { reference: "e2e-address", redirectUrl });
  await page.goto(started.verificationUrl);
  await giveConsent(page);

  await heading(page, "Your address");
  await expect(page.getByText("Step 1 of 1")).toBeVisible();
  // the allowed countries of the workflow only
  const options = await page.getByLabel("Country").locator("option").allTextContents();
  expect(options.length).toBe(13);
  // the same rules as the server, before anything is sent
  await page.getByRole("button", { name: "Continue", exact: true }).click();
  // sentences in the end user's language, never the validator's English ("Expected an ISO 3166-1 …")
  await expect(page.getByText("Please fill in this field.").first()).toBeVisible();
  await expect(page.getByText("Choose a country from the list.")).toBeVisible();
  await expect(page.getByText(/Expected|ISO 3166/)).toHaveCount(0);
  await expect(page.getByLabel("Street address")).toHaveAttribute("aria-invalid", "true");
  await checkScreen(page, testInfo, "1-address-errors");
  expect((await apiStatus(request, started.verificationId)).status).toBe("INITIATED");

  await fillUsAddress(page);
  await page.getByLabel("ZIP code").fill("1011");
  await expect(page.getByText("does not look like a valid code")).toBeVisible();
  // a space left out is the same code to the check, so no mismatch either (ZIP+4 written 101181234)
  await page.getByLabel("ZIP code").fill("101181234");
  await expect(page.getByText("does not look like a valid code")).toHaveCount(0);
  await expect(page.getByText("For example 95014", { exact: true })).toBeVisible();
  await page.getByLabel("ZIP code").fill("10118");
  await expect(page.getByText("For example 95014", { exact: true })).toBeVisible();
  await page.getByRole("button", { name: "Continue", exact: true }).click();

  await heading(page, "Thank you");
  await checkScreen(page, testInfo, "2-submitted");
  const status = await apiStatus(request, started.verificationId);
  expect(status.missingInputs).toEqual([]);

  // the result arrives, then the page returns the end user to the customer
  await page.waitForURL((url) => url.searchParams.get("from") === "kyc", { timeout: 60_000 });
  const back = new URL(page.url());
  expect(back.searchParams.get("verificationId")).toBe(started.verificationId);
  expect(back.searchParams.get("status")).toBe("COMPLETED");
  const final = await apiStatus(request, started.verificationId);
  expect(back.searchParams.get("result")).toBe(final.result);
});
