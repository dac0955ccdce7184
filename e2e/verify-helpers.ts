// Steps of the hosted verify page as an end user performs them, shared by the specs.
import { expect, type Page, type TestInfo } from "@playwright/test";
import { expectNoSeriousA11yViolations, readSeed, snap, workflowId } from "./support";

/** A customer's shareable link: /verify?flowId&clientId&metadata. */
export function shareableLink(
  flowName: string,
  metadata?: Record<string, unknown>,
  extra: Record<string, string> = {},
): string {
  const params = new URLSearchParams({ flowId: workflowId(flowName), clientId: readSeed().clientId, ...extra });
  if (metadata) params.set("metadata", JSON.stringify(metadata));
  return `/verify?${params}`;
}

export async function heading(page: Page, name: string | RegExp) {
  await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
}

/** Screenshot + accessibility scan of the screen as it is now. */
export async function checkScreen(page: Page, testInfo: TestInfo, name: string) {
  await snap(page, testInfo, name);
  await expectNoSeriousA11yViolations(page);
}

/**
 * The consent screen (the page's first): ticks the biometric box when the workflow takes a face, then "Agree and
 * start" (a shareable link) or "Agree and continue" (a verificationUrl).
 */
export async function giveConsent(page: Page) {
  await heading(page, "Verify your identity");
  await expect(page.getByRole("heading", { level: 2, name: "What is collected, and why" })).toBeVisible();
  const tick = page.getByRole("checkbox", { name: /processes images of my face/ });
  if (await tick.isVisible()) await tick.check();
  await page.getByRole("button", { name: /^Agree and (start|continue)$/ }).click();
}

export async function chooseDocument(page: Page, country: string, type: string) {
  await heading(page, "Your identity document");
  await page.getByLabel("Issuing country").selectOption(country);
  await page.getByRole("radio", { name: type }).check();
  await page.getByRole("button", { name: "Continue", exact: true }).click();
}

export async function photographWithCamera(page: Page, title: string) {
  await heading(page, title);
  const take = page.getByRole("button", { name: "Take photo" });
  await expect(take).toBeEnabled();
  await take.click();
  await expect(page.getByRole("img", { name: "Preview of your photo" })).toBeVisible();
  await page.getByRole("button", { name: "Use this photo" }).click();
}

export async function recordSelfie(page: Page) {
  await heading(page, "Selfie video");
  await expect(page.getByText("turn your head slowly to the left, then to the right")).toBeVisible();
  await page.getByRole("button", { name: "Start recording" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Recording" })).toBeVisible();
  await expect(page.getByLabel("Preview of your video")).toBeVisible({ timeout: 20_000 });
  await page.getByRole("button", { name: "Use this video" }).click();
}

export async function fillUsAddress(page: Page) {
  await heading(page, "Your address");
  await page.getByLabel("Country").selectOption("US");
  // the labels follow the country once its format has loaded
  await expect(page.getByLabel("ZIP code")).toBeVisible();
  await page.getByLabel("Street address").fill("350 Fifth Avenue");
  await page.getByLabel("City").fill("New York");
  await page.getByLabel(/^State/).fill("NY");
  await page.getByLabel("ZIP code").fill("10118");
}

/** The verificationId the page put into the address bar after starting. */
export function verificationIdOf(page: Page): string {
  const id = new URL(page.url()).searchParams.get("verificationId");
  expect(id, "verificationId in the address bar").toBeTruthy();
  return id!;
}
