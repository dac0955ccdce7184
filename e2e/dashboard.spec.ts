import { expect, test, type Browser, type Page } from "@playwright/test";
import { expectNoSeriousA11yViolations, screenThroughApi, snap } from "./support";
import { signUp } from "./dashboard-session";
import { startReceiver } from "@/test/webhook-receiver";

// The dashboard end to end, as a customer meets it: sign up → workflow → API key → webhook endpoint → a
// verification started with that key over the API → in the list → reviewed → the webhook with the new status.
// Then another tenant and a reviewer try what they must not do.

const copied = (page: Page, label: string) => page.locator(`code[aria-label="${label}"]`).innerText();

async function newPage(browser: Browser) {
  const context = await browser.newContext();
  return { context, page: await context.newPage() };
}

test("sign up → workflow → key → API verification → list → review → webhook; other tenants and reviewers are kept out", async ({
  page,
  browser,
  request,
}, testInfo) => {
  test.setTimeout(180_000);
  // the secret is shown once in the browser: this receiver records without checking signatures
  const receiver = await startReceiver();
  try {
    await signUp(page, "Acme");
    await expect(page.getByRole("heading", { name: "Overview" })).toBeVisible();
    await snap(page, testInfo, "1-overview");
    await expectNoSeriousA11yViolations(page);

    // a workflow: a watchlist check (no list imported yet → MANUAL_REVIEW, which is what we review below)
    await page.getByRole("link", { name: "Workflows" }).click();
    await page.goto("/dashboard/workflows/new");
    await page.getByLabel("Name", { exact: true }).fill("Screening");
    // the builder says what is decided without a person: US licences by their barcode, others by review
    await page.getByRole("checkbox", { name: "Driver's license" }).check();
    await page.getByLabel("Issuing countries accepted (none selected: all)").selectOption(["US", "DE"]);
    const automation = page.getByRole("table").filter({ hasText: "Outcome" });
    await expect(automation.getByRole("row", { name: /Decided automatically \(PDF417 barcode\)/ })).toContainText(
      "United States",
    );
    await expect(automation.getByRole("row", { name: /Manual review/ })).toContainText("Germany");
    await page.getByRole("checkbox", { name: "Driver's license" }).uncheck();
    await page.getByLabel("Issuing countries accepted (none selected: all)").selectOption([]);
    // a new workflow starts with a document and a liveness step: this one screens names only
    for (const process of ["Document verification", "Liveness"])
      await page.getByRole("button", { name: `Remove ${process}` }).click();
    await page.getByLabel("Process to add").selectOption({ label: "Watchlist check" });
    await page.getByRole("button", { name: "Add process" }).click();
    await snap(page, testInfo, "2-workflow-builder");
    await page.getByRole("button", { name: "Create workflow" }).click();
    await expect(page.locator('code[aria-label="flowId"]')).toBeVisible();
    const flowId = await copied(page, "flowId");
    const workflowUrl = page.url();
    await expectNoSeriousA11yViolations(page);

    // an API key, shown once
    await page.getByRole("link", { name: "API keys" }).click();
    const clientId = await copied(page, "client id");
    await page.getByLabel("Name").fill("e2e backend");
    await page.getByRole("checkbox", { name: /verification:inputs/ }).check();
    await page.getByRole("button", { name: "Create key" }).click();
    const apiKey = await copied(page, "API key");
    await snap(page, testInfo, "3-api-key");

    // a webhook endpoint for verification_completed
    await page.getByRole("link", { name: "Webhooks" }).click();
    await page.getByLabel("URL").fill(receiver.url);
    await page.getByRole("checkbox", { name: "verification_completed" }).check();
    await page.getByRole("button", { name: "Add endpoint" }).click();
    await expect(page.locator('code[aria-label="signing secret"]')).toBeVisible();
    const endpointLink = page.getByRole("link", { name: receiver.url });
    const endpointUrl = new URL((await endpointLink.getAttribute("href"))!, page.url()).toString();

    // the integrator's server, with the new key
    const headers = { authorization: `Bearer ${apiKey}`, "x-client-id": clientId };
    const reference = `dash-${Date.now()}`;
    const { verificationId, result } = await screenThroughApi(request, headers, {
      flowId,
      fullName: "Jane Example",
      dateOfBirth: "1990-04-12",
      metadata: { reference },
    });
    expect(result).toBe("MANUAL_REVIEW");
    await expect.poll(() => receiver.received.length, { timeout: 30_000 }).toBe(1);
    expect(receiver.received[0]!.json).toMatchObject({
      eventName: "verification_completed",
      verificationStatus: "NEEDS_REVIEW",
    });

    // in the list, found by its reference
    await page.getByRole("link", { name: "Verifications" }).click();
    await page.getByLabel("Search").fill(reference);
    await page.getByRole("button", { name: "Filter" }).click();
    const row = page.getByRole("row").filter({ hasText: reference });
    await expect(row).toHaveCount(1);
    await expect(row).toContainText("manual review");
    await snap(page, testInfo, "4-list");
    await expectNoSeriousA11yViolations(page);
    await row.getByRole("link").click();
    await page.waitForURL(`**/dashboard/verifications/${verificationId}`);
    const detailUrl = page.url();
    await expect(page.getByRole("heading", { name: "Review", exact: true })).toBeVisible();
    await snap(page, testInfo, "5-detail");
    await expectNoSeriousA11yViolations(page);

    // another tenant sees none of it: every page is a 404, and the API key of this account means nothing to it
    const other = await newPage(browser);
    await signUp(other.page, "Globex");
    for (const url of [detailUrl, workflowUrl, endpointUrl]) {
      const response = await other.page.goto(url);
      expect(response!.status(), url).toBe(404);
    }
    await other.context.close();

    // a reviewer: invited by the owner, joins with the one-time link, reviews, but never sees keys or webhooks
    await page.getByRole("link", { name: "Members" }).click();
    const reviewerEmail = `reviewer-${Date.now()}@example.com`;
    await page.getByLabel("E-mail").fill(reviewerEmail);
    await page.locator("#invite-role").selectOption("REVIEWER");
    await page.getByRole("button", { name: "Create invitation link" }).click();
    const inviteLink = await page.getByTestId("invite-link").innerText();
    const reviewer = await newPage(browser);
    await reviewer.page.goto(inviteLink);
    await expect(reviewer.page.getByLabel("E-mail")).toHaveValue(reviewerEmail);
    await reviewer.page.getByLabel("Your name").fill("Rita Reviewer");
    await reviewer.page.getByLabel(/^Password/).fill("correct horse battery");
    await reviewer.page.getByRole("button", { name: "Create user and join" }).click();
    await reviewer.page.waitForURL("**/dashboard**");
    await expect(reviewer.page.getByRole("link", { name: "API keys" })).toHaveCount(0);
    for (const path of [
      "/dashboard/credentials",
      "/dashboard/webhooks",
      "/dashboard/workflows",
      "/dashboard/members",
      "/dashboard/settings",
    ]) {
      expect((await reviewer.page.goto(path))!.status(), path).toBe(404);
    }

    // the reviewer approves, with a reason
    await reviewer.page.goto(detailUrl);
    await reviewer.page.getByLabel("Reason to approve").selectOption("All checks verified manually");
    await reviewer.page.getByLabel("Comment (optional, kept in the audit log)").first().fill("Name checked");
    await reviewer.page.getByRole("button", { name: "Approve", exact: true }).click();
    await expect(reviewer.page.getByText("APPROVED").first()).toBeVisible();
    await snap(reviewer.page, testInfo, "6-reviewed");
    await reviewer.context.close();

    // the integrator hears of it: verification_completed again, now SUCCESS
    await expect.poll(() => receiver.received.length, { timeout: 30_000 }).toBe(2);
    expect(receiver.received[1]!.json).toMatchObject({
      eventName: "verification_completed",
      verificationStatus: "SUCCESS",
    });
    const status = (await (
      await request.get(`/api/v1/verifications/${verificationId}/status`, { headers })
    ).json()) as { result: string };
    expect(status.result).toBe("APPROVED");
  } finally {
    await receiver.close();
  }
});

test("the dashboard needs a sign-in, and a wrong password is refused", async ({ page }) => {
  const response = await page.goto("/dashboard/verifications");
  expect(page.url()).toContain("/login");
  expect(response!.status()).toBeLessThan(500);
  await page.getByLabel("E-mail").fill("nobody@example.com");
  await page.getByLabel("Password").fill("not the password");
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByText("Wrong e-mail or password.")).toBeVisible();
});
