import { expect, test } from "@playwright/test";
import { apiStart, apiStatus } from "./support";
import { checkScreen, giveConsent, heading } from "./verify-helpers";

// The steps full-kyc does not have: e-mail with its one-time code, the agreement video, location and the
// name/date-of-birth form of a watchlist check without a document.

test("e-mail: request a code, a wrong code is shown at the field, the right one from the outbox completes", async ({
  page,
  request,
}, testInfo) => {
  const started = await apiStart(request, "email-check");
  await page.goto(started.verificationUrl);
  await giveConsent(page);
  await heading(page, "Your e-mail address");
  const email = `e2e-${Date.now()}@example.com`;
  await page.getByLabel("E-mail address").fill("not-an-address");
  await page.getByRole("button", { name: "Send code" }).click();
  await expect(page.getByText("Enter an e-mail address like name@example.com.")).toBeVisible();
  await page.getByLabel("E-mail address").fill(email);
  await page.getByRole("button", { name: "Send code" }).click();
  await expect(page.getByText(`We sent a code to ${email}`)).toBeVisible();
  await expect(page.getByText("You can ask for up to 5 codes per hour.")).toBeVisible();
  await checkScreen(page, testInfo, "1-code");

  // the local outbox (SMTP_URL unset) is the inbox
  const inbox = await page.context().newPage();
  await inbox.goto("/outbox");
  const mail = await inbox.locator("article").filter({ hasText: email }).first().innerText();
  await inbox.close();
  const code = /\b(\d{6})\b/.exec(mail)?.[1];
  expect(code, "code in the outbox").toBeTruthy();
  const wrong = code === "000000" ? "111111" : "000000";
  await page.getByLabel("6-digit code").fill(wrong);
  await page.getByRole("button", { name: "Confirm" }).click();
  // the server's refusal, in the page's words (the API's English message is for integrators)
  await expect(page.locator("#email-code-error")).toHaveText(
    "This code was not accepted. Check it, or ask for a new code if it has expired.",
  );
  await expect(page.getByLabel("6-digit code")).toHaveAttribute("aria-invalid", "true");

  await page.getByLabel("6-digit code").fill(code!);
  await page.getByRole("button", { name: "Confirm" }).click();
  await heading(page, "Thank you");
  expect((await apiStatus(request, started.verificationId)).missingInputs).toEqual([]);
});

test("video agreement: the statement is on screen while recording", async ({ page, request }, testInfo) => {
  const started = await apiStart(request, "video-agreement");
  const statement = started.inputs.find((i) => i.fieldName === "AGREEMENT_VIDEO")!.data!.statement as string;
  await page.goto(started.verificationUrl);
  await giveConsent(page);
  await heading(page, "Video statement");
  await expect(page.getByText(statement)).toBeVisible();
  await page.getByRole("button", { name: "Start recording" }).click();
  const stop = page.getByRole("button", { name: "Stop recording" });
  await expect(stop).toBeEnabled({ timeout: 10_000 });
  await checkScreen(page, testInfo, "1-recording");
  await stop.click();
  await expect(page.getByLabel("Preview of your video")).toBeVisible();
  await page.getByRole("button", { name: "Use this video" }).click();
  await heading(page, "Thank you");
  expect((await apiStatus(request, started.verificationId)).missingInputs).toEqual([]);
});

test("location: shared from the browser, or skipped", async ({ page, request }, testInfo) => {
  const shared = await apiStart(request, "location-intelligence");
  await page.goto(shared.verificationUrl);
  await giveConsent(page);
  await heading(page, "Your location");
  await checkScreen(page, testInfo, "1-location");
  await page.getByRole("button", { name: "Share my location" }).click();
  await heading(page, "Thank you");
  expect((await apiStatus(request, shared.verificationId)).status).not.toBe("INITIATED");

  const skipped = await apiStart(request, "location-intelligence");
  await page.goto(skipped.verificationUrl);
  await giveConsent(page);
  await page.getByRole("button", { name: "Continue without location" }).click();
  await heading(page, "Thank you");
  expect((await apiStatus(request, skipped.verificationId)).status).not.toBe("INITIATED");
});

test("watchlist without a document: name and date of birth, checked like the server checks them", async ({
  page,
  request,
}) => {
  const started = await apiStart(request, "watchlist-check");
  await page.goto(started.verificationUrl);
  await giveConsent(page);
  await heading(page, "About you");
  await page.getByLabel("Full name").fill("12345");
  await page.getByLabel("Date of birth").fill("2999-01-01");
  await page.getByRole("button", { name: "Continue", exact: true }).click();
  // the server's rules, explained in the page's words (the API keeps "Expected a name", "Must be in the past")
  await expect(page.getByText("Enter your name in letters, as it appears on your identity document.")).toBeVisible();
  await expect(page.getByText("Enter your date of birth: a date in the past, after 1 January 1900.")).toBeVisible();
  await expect(page.getByText(/Expected a name|Must be in the past/)).toHaveCount(0);
  await page.getByLabel("Full name").fill("Jane Example");
  await page.getByLabel("Date of birth").fill("1990-04-12");
  await page.getByRole("button", { name: "Continue", exact: true }).click();
  await heading(page, "Thank you");
  expect((await apiStatus(request, started.verificationId)).missingInputs).toEqual([]);
});
