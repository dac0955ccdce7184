import { expect, test, type APIRequestContext } from "@playwright/test";
import { apiHeaders, expectNoSeriousA11yViolations, snap } from "./support";
import { signInAsDemoOwner } from "./dashboard-session";

// The rule editor changes the outcome of a new verification and not of an old one. The workflow is the cheapest
// whose check result can be steered: LOCATION_INTELLIGENCE alone, with no inputs required. Started from this test's
// own requests (127.0.0.1, not a public address) and without a device location, its LOCATION_SIGNAL check is REVIEW:
// the fixed combination says MANUAL_REVIEW. A rule "location signal: review → ignore" makes it APPROVED.

async function start(request: APIRequestContext, flowId: string): Promise<string> {
  const response = await request.post("/api/v1/verifications", { headers: apiHeaders(), data: { flowId } });
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as { verificationId: string }).verificationId;
}

async function complete(request: APIRequestContext, verificationId: string) {
  const response = await request.post(`/api/v1/verifications/${verificationId}/send-inputs`, {
    headers: apiHeaders(),
    data: { inputs: [] },
  });
  expect(response.status(), await response.text()).toBe(200);
}

const resultOf = (request: APIRequestContext, verificationId: string) => async () => {
  const response = await request.get(`/api/v1/verifications/${verificationId}/status`, { headers: apiHeaders() });
  return ((await response.json()) as { result?: string }).result ?? null;
};

test("decision rules: a rule published in the builder decides new verifications, never older ones", async ({
  page,
  request,
}, testInfo) => {
  test.setTimeout(150_000);
  await signInAsDemoOwner(page);

  await page.goto("/dashboard/workflows/new");
  await page.getByLabel("Name", { exact: true }).fill(`Rules ${Date.now()}`);
  for (const process of ["Document verification", "Liveness"])
    await page.getByRole("button", { name: `Remove ${process}` }).click();
  await page.getByLabel("Process to add").selectOption({ label: "Location intelligence" });
  await page.getByRole("button", { name: "Add process" }).click();
  await page.getByRole("button", { name: "Create workflow" }).click();
  await expect(page.locator('code[aria-label="flowId"]')).toBeVisible();
  const flowId = await page.locator('code[aria-label="flowId"]').innerText();

  // started on version 1 (no rules); its inputs arrive only after version 2 is published
  const older = await start(request, flowId);

  await page.getByRole("button", { name: "Add rule" }).click();
  const rule = page.getByRole("group", { name: "Rule 1" });
  // validated by the server's own schema, message by field
  await page.getByRole("button", { name: "Publish new version" }).click();
  await expect(rule.locator("#wf-rule-0-check-error")).toHaveText("Choose a check");
  await expect(rule.getByLabel("Check", { exact: true })).toHaveAttribute("aria-invalid", "true");
  await rule.getByLabel("Check", { exact: true }).selectOption("LOCATION_INTELLIGENCE.LOCATION_SIGNAL");
  await expect(rule.getByLabel("When the check's result is")).toHaveValue("REVIEW");
  await rule.getByLabel("Outcome").selectOption({ label: "ignore (counts as passed)" });
  await snap(page, testInfo, "1-rule-editor");
  await expectNoSeriousA11yViolations(page);
  await page.getByRole("button", { name: "Publish new version" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Published version 2" })).toBeVisible();
  // the version history: version 2 has one rule (columns: version, published, processes, settings, rules, pinned)
  await expect(
    page
      .getByRole("row", { name: /v2 current/ })
      .getByRole("cell")
      .nth(4),
  ).toHaveText("1");

  const newer = await start(request, flowId);
  await complete(request, older);
  await complete(request, newer);
  await expect.poll(resultOf(request, older), { timeout: 60_000 }).toBe("MANUAL_REVIEW");
  await expect.poll(resultOf(request, newer), { timeout: 60_000 }).toBe("APPROVED");

  // the detail page says which rule decided
  await page.goto(`/dashboard/verifications/${newer}`);
  const how = page.getByRole("region", { name: "How it was decided" });
  await expect(how).toContainText("Decided by rule 1 of version 2");
  await expect(how).toContainText("A location signal (device or IP): review → ignore");
  await expect(how).toContainText("Without the rules: manual review");
  await snap(page, testInfo, "2-decided-by-rule");
  await page.goto(`/dashboard/verifications/${older}`);
  await expect(page.getByRole("region", { name: "How it was decided" })).toContainText(
    "Decided by the fixed combination",
  );
});
