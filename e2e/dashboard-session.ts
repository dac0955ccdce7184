// Getting into the dashboard in a spec: as the seeded demo owner, or as the owner of a new account signed up the way
// a customer does it (the confirmation link read from the local outbox).
import { expect, type Cookie, type Page } from "@playwright/test";
import { readSeed } from "./support";

// The demo owner's session, kept for the worker's later specs: sign-in is rate-limited per address and e-mail
// (lib/auth/login-limit.ts: 5 in 15 minutes), and every spec signs in from 127.0.0.1 as the same owner.
let demoOwnerCookies: Cookie[] | null = null;

/** Signs in as the seeded demo account's owner (or reuses this worker's session of it) and waits for the overview. */
export async function signInAsDemoOwner(page: Page): Promise<void> {
  if (demoOwnerCookies) {
    await page.context().addCookies(demoOwnerCookies);
    await page.goto("/dashboard");
    if (new URL(page.url()).pathname === "/dashboard") return;
    await page.context().clearCookies(); // the session ended (signed out, expired): sign in again
  }
  const seed = readSeed();
  await page.goto("/login");
  await page.getByLabel("E-mail").fill(seed.dashboard.email);
  await page.getByLabel("Password").fill(seed.dashboard.password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await page.waitForURL("**/dashboard");
  demoOwnerCookies = await page.context().cookies();
}

/** Signs up a new account named `company`, confirms it from the outbox, signs in; returns the owner's e-mail. */
export async function signUp(page: Page, company: string): Promise<string> {
  const email = `${company.toLowerCase()}-${Date.now()}-${Math.random().toString(36).slice(2, 6)}@example.com`;
  await page.goto("/signup");
  await page.getByLabel("Company name").fill(company);
  await page.getByLabel("Your name").fill(`${company} Owner`);
  await page.getByLabel("Work e-mail").fill(email);
  await page.getByLabel(/^Password/).fill("correct horse battery");
  await page.getByRole("button", { name: "Create account" }).click();
  // the page never says whether the address is taken: the mailbox finishes the sign-up (the local outbox here)
  await expect(page.getByRole("status")).toContainText("Check your e-mail");
  await page.goto("/outbox");
  const mail = await page.locator("article", { hasText: email }).locator("pre").innerText();
  const link = /https?:\/\/\S+\/signup\/confirm\?token=\S+/.exec(mail)?.[0];
  expect(link, "confirmation link in the outbox").toBeTruthy();
  await page.goto(link!);
  await page.getByRole("button", { name: "Create my account" }).click();
  await page.waitForURL("**/login?created=1");
  await page.getByLabel("E-mail").fill(email);
  await page.getByLabel("Password").fill("correct horse battery");
  await page.getByRole("button", { name: "Sign in" }).click();
  await page.waitForURL("**/dashboard");
  return email;
}
