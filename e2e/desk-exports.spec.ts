import { readFileSync } from "node:fs";
import { parse } from "csv-parse/sync";
import { expect, test, type Page } from "@playwright/test";
import { apiHeaders, apiStart, apiStatus, expectNoSeriousA11yViolations, readSeed, snap } from "./support";

// The compliance desk's exports, side-by-side detail and auditor report (issue 19 items 2 and 5), as the seeded
// demo account's owner meets them: two verifications run over the API, found in the list, exported as CSV and as
// JSON (downloaded and parsed), one opened side by side with its offline map, and its report printed.

async function signIn(page: Page) {
  const { dashboard } = readSeed();
  await page.goto("/login");
  await page.getByLabel("E-mail").fill(dashboard.email);
  await page.getByLabel("Password").fill(dashboard.password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await page.waitForURL("**/dashboard");
}

async function download(page: Page, testId: string): Promise<string> {
  const [file] = await Promise.all([page.waitForEvent("download"), page.getByTestId(testId).click()]);
  return readFileSync((await file.path())!, "utf8");
}

test("export the filtered list as CSV and JSON, then the detail side by side and the auditor report", async ({
  page,
  request,
}, testInfo) => {
  // two verifications processed, two downloads, three pages with axe: like the dashboard spec, on a busy machine
  test.setTimeout(240_000);
  const run = `desk${Date.now()}`;
  const ids: string[] = [];
  for (const [i, userId] of ["plain-user", "=HYPERLINK(1)"].entries()) {
    const started = await apiStart(request, "address-only", { reference: `${run}-${i}`, userId, ipAddress: "8.8.8.8" });
    const sent = await request.post(`/api/v1/verifications/${started.verificationId}/send-inputs`, {
      headers: apiHeaders(),
      data: {
        inputs: [
          { fieldName: "ADDRESS_LINE", type: "TEXT", value: "350 Fifth Avenue" },
          { fieldName: "CITY", type: "TEXT", value: "New York" },
          { fieldName: "PROVINCE", type: "TEXT", value: "NY" },
          { fieldName: "POSTAL_CODE", type: "TEXT", value: "10118" },
          { fieldName: "COUNTRY", type: "TEXT", value: "US" },
        ],
      },
    });
    expect(sent.status(), await sent.text()).toBe(200);
    ids.push(started.verificationId);
  }
  for (const id of ids)
    await expect.poll(async () => (await apiStatus(request, id)).status, { timeout: 60_000 }).toBe("COMPLETED");

  await signIn(page);
  await page.goto(`/dashboard/verifications?q=${run}`);
  await expect(page.getByRole("row").filter({ hasText: run })).toHaveCount(2);

  // CSV: the two rows of the filter (not the whole account), escaped, the formula neutralised
  const csv = parse(await download(page, "export-csv"), { columns: true }) as Record<string, string>[];
  expect(csv.map((r) => r.id).sort()).toEqual([...ids].sort());
  expect(csv.map((r) => r.reference).sort()).toEqual([`${run}-0`, `${run}-1`]);
  const formula = csv.find((r) => r.reference === `${run}-1`)!;
  expect(formula.user_id).toBe("'=HYPERLINK(1)");
  expect(formula).toMatchObject({ city: "New York", postal_code: "10118", country: "US", ip_address: "8.8.8.8" });
  // JSON: the same rows, the values as they are (JSON needs no formula guard)
  const json = JSON.parse(await download(page, "export-json")) as Record<string, string | null>[];
  expect(json.map((r) => r.id).sort()).toEqual([...ids].sort());
  expect(json.find((r) => r.reference === `${run}-1`)!.user_id).toBe("=HYPERLINK(1)");

  // the detail: comparison panels side by side, "not available" for what this workflow does not collect, the map
  await page.goto(`/dashboard/verifications/${ids[0]}`);
  await expect(page.getByTestId("side-by-side")).toBeVisible();
  await expect(page.getByTestId("panel-faces")).toContainText("Document front: not available");
  await expect(page.getByTestId("panel-mrz")).toContainText("not available");
  await expect(page.getByTestId("panel-watchlist")).toContainText("not available");
  const address = page.getByTestId("panel-address");
  await expect(address.getByRole("row").filter({ hasText: "postal code" })).toContainText("10118");
  const map = page.getByTestId("country-map");
  await expect(map).toBeVisible();
  await expect(map.locator('path[data-country="US"]')).toHaveCount(1);
  expect(await map.locator("path").first().getAttribute("d")).toMatch(/^M\d+,\d+L/);
  await expect(map.locator("circle")).not.toHaveCount(0);
  await snap(page, testInfo, "1-side-by-side");
  await expectNoSeriousA11yViolations(page);

  // the auditor report: decision, steps, timeline; printable
  await page.getByRole("link", { name: "Auditor report" }).click();
  await page.waitForURL(`**/dashboard/verifications/${ids[0]}/report`);
  await expect(page.getByRole("heading", { name: "Verification report" })).toBeVisible();
  await expect(page.getByTestId("decided-by")).toContainText("the checks");
  await expect(page.getByRole("heading", { name: "Steps and checks" })).toBeVisible();
  await expect(page.getByText("ADDRESS_VERIFICATION").first()).toBeVisible();
  await page.emulateMedia({ media: "print" });
  await expect(page.locator("aside")).toBeHidden();
  await snap(page, testInfo, "2-report-print");
  await page.emulateMedia({ media: "screen" });
  await expectNoSeriousA11yViolations(page);
});
