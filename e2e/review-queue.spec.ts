import { expect, test, type Browser } from "@playwright/test";
import { expectNoSeriousA11yViolations, screenThroughApi, snap } from "./support";
import { signUp } from "./dashboard-session";

// The review desk with two people: the owner assigns a case from the queue; a reviewer in another browser sees who
// holds it and gets no decision form; the reviewer's note shows on the case for both; the owner declines with a
// reason picked from the account's list, using the `d` shortcut.

async function newPage(browser: Browser) {
  const context = await browser.newContext();
  return { context, page: await context.newPage() };
}

test("two reviewers: one assigns, the other sees the lock; a note; decline with a reason", async ({
  page,
  browser,
  request,
}, testInfo) => {
  test.setTimeout(180_000);
  await signUp(page, "Deskco");

  // a watchlist-only workflow: with no list imported its verifications wait for a person (MANUAL_REVIEW)
  await page.goto("/dashboard/workflows/new");
  await page.getByLabel("Name", { exact: true }).fill("Screening");
  for (const process of ["Document verification", "Liveness"])
    await page.getByRole("button", { name: `Remove ${process}` }).click();
  await page.getByLabel("Process to add").selectOption({ label: "Watchlist check" });
  await page.getByRole("button", { name: "Add process" }).click();
  await page.getByRole("button", { name: "Create workflow" }).click();
  const flowId = await page.locator('code[aria-label="flowId"]').innerText();
  await page.getByRole("link", { name: "API keys" }).click();
  const clientId = await page.locator('code[aria-label="client id"]').innerText();
  await page.getByLabel("Name").fill("e2e desk");
  await page.getByRole("checkbox", { name: /verification:inputs/ }).check();
  await page.getByRole("button", { name: "Create key" }).click();
  const apiKey = await page.locator('code[aria-label="API key"]').innerText();
  const headers = { authorization: `Bearer ${apiKey}`, "x-client-id": clientId };
  const { verificationId, result } = await screenThroughApi(request, headers, {
    flowId: flowId,
    fullName: "Jane Example",
    dateOfBirth: "1990-04-12",
  });
  expect(result).toBe("MANUAL_REVIEW");

  // a second reviewer joins the account
  await page.getByRole("link", { name: "Members" }).click();
  const reviewerEmail = `desk-reviewer-${Date.now()}@example.com`;
  await page.getByLabel("E-mail").fill(reviewerEmail);
  await page.locator("#invite-role").selectOption("REVIEWER");
  await page.getByRole("button", { name: "Create invitation link" }).click();
  const inviteLink = await page.getByTestId("invite-link").innerText();
  const reviewer = await newPage(browser);
  await reviewer.page.goto(inviteLink);
  await reviewer.page.getByLabel("Your name").fill("Rita Reviewer");
  await reviewer.page.getByLabel(/^Password/).fill("correct horse battery");
  await reviewer.page.getByRole("button", { name: "Create user and join" }).click();
  await reviewer.page.waitForURL("**/dashboard**");

  // the owner works from the queue: the case is there, nobody holds it; assign to me
  await page.getByRole("link", { name: "Review queue" }).click();
  const row = page.locator(`tr[data-verification-id="${verificationId}"]`);
  await expect(row).toContainText("Screening");
  await expect(row).toContainText("nobody");
  await snap(page, testInfo, "1-queue");
  await expectNoSeriousA11yViolations(page);
  await row.getByRole("link").click();
  await page.waitForURL(`**/dashboard/verifications/${verificationId}`);
  await page.getByRole("button", { name: "Assign to me" }).click();
  await expect(page.getByTestId("case-holder")).toContainText("You hold this case");

  // the reviewer sees who holds it and cannot decide; a note is still theirs to add
  await reviewer.page.goto(`/dashboard/verifications/${verificationId}`);
  await expect(reviewer.page.getByTestId("case-holder")).toContainText("Deskco Owner holds this case");
  await expect(reviewer.page.getByRole("button", { name: "Decline", exact: true })).toHaveCount(0);
  await expect(reviewer.page.getByRole("button", { name: "Assign to me" })).toHaveCount(0);
  await reviewer.page.getByLabel(/^Add a note/).fill("Called the customer: <b>name</b> confirmed");
  await reviewer.page.getByRole("button", { name: "Add note" }).click();
  await expect(reviewer.page.getByTestId("review-notes")).toContainText("Called the customer: <b>name</b> confirmed");
  await snap(reviewer.page, testInfo, "2-locked");
  await reviewer.context.close();

  // the owner sees the note (as text), and in the queue
  await page.reload();
  await expect(page.getByTestId("review-notes")).toContainText("Rita Reviewer");
  await expect(page.getByTestId("review-notes")).toContainText("<b>name</b>");
  await expectNoSeriousA11yViolations(page);

  // decline with a reason: `d` jumps to the decline reason (the shortcut does not fire while typing)
  await page.getByRole("heading", { level: 1 }).click();
  await page.keyboard.press("d");
  await expect(page.getByLabel("Reason to decline")).toBeFocused();
  await page.getByLabel("Reason to decline").selectOption("Suspected fraud");
  await page.getByRole("button", { name: "Decline", exact: true }).click();
  await expect(page.getByTestId("review-case")).toHaveCount(0);
  await expect(page.getByText("DECLINED").first()).toBeVisible();
  await expect(page.getByText("Suspected fraud").first()).toBeVisible();
  await snap(page, testInfo, "3-declined");

  // decided: out of the queue
  await page.goto("/dashboard/review");
  await expect(page.locator(`tr[data-verification-id="${verificationId}"]`)).toHaveCount(0);
});
