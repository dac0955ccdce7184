import { expect, test } from "@playwright/test";
import { apiStart, readSeed, workflowId } from "./support";
import { checkScreen } from "./verify-helpers";

// Broken links get a friendly page that says what to do, never a stack trace or a server error.
const cases: [string, () => string, RegExp][] = [
  ["no parameters", () => "/verify", /link is incomplete/],
  ["a flow but no client", () => `/verify?flowId=${workflowId("full-kyc")}`, /link is incomplete/],
  [
    "an unknown flow",
    () => `/verify?flowId=0199aaaa-bbbb-7ccc-8ddd-eeeeeeeeeeee&clientId=${readSeed().clientId}`,
    /does not point to an active verification/,
  ],
  [
    "a flow with another client id",
    () => `/verify?flowId=${workflowId("full-kyc")}&clientId=someone-else`,
    /does not point to an active verification/,
  ],
  [
    "metadata that is not JSON",
    () => `/verify?flowId=${workflowId("full-kyc")}&clientId=${readSeed().clientId}&metadata=%7Bbroken`,
    /link is damaged/,
  ],
];

for (const [name, path, message] of cases) {
  test(`invalid link: ${name}`, async ({ page }, testInfo) => {
    const response = await page.goto(path());
    expect(response!.status()).toBe(200);
    await expect(page.getByRole("heading", { name: "This link cannot be used" })).toBeVisible();
    await expect(page.getByText(message)).toBeVisible();
    await expect(page.locator("body")).not.toContainText(/Error:|at \w+ \(|prisma|stack/i);
    await checkScreen(page, testInfo, name);
  });
}

test("invalid link: a tampered resume token", async ({ page, request }) => {
  const started = await apiStart(request, "address-only");
  const url = new URL(started.verificationUrl);
  const token = url.searchParams.get("token")!;
  url.searchParams.set("token", `${token.slice(0, -4)}AAAA`);
  await page.goto(url.pathname + url.search);
  await expect(page.getByText(/invalid or has expired/)).toBeVisible();
});

test("the page speaks the browser's language, or ?lang=", async ({ browser }) => {
  const spanish = await browser.newContext({ locale: "es-ES" });
  const page = await spanish.newPage();
  await page.goto(`/verify?flowId=${workflowId("address-only")}&clientId=${readSeed().clientId}`);
  await expect(page.getByRole("heading", { name: "Verifica tu identidad" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Aceptar y empezar" })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.lang)).toBe("es");
  await page.goto(`/verify?flowId=${workflowId("address-only")}&clientId=${readSeed().clientId}&lang=en`);
  await expect(page.getByRole("heading", { name: "Verify your identity" })).toBeVisible();
  await spanish.close();
});

test("invalid link: a repeated parameter is a 400 page that nobody may frame (issue 33)", async ({ page }) => {
  const flow = `flowId=${workflowId("address-only")}&clientId=${readSeed().clientId}`;
  const response = await page.goto(`/verify?${flow}&clientId=someone-else`);
  expect(response!.status()).toBe(400);
  expect(response!.headers()["content-security-policy"]).toContain("frame-ancestors 'none'");
  await expect(page.getByRole("heading", { name: "This verification link is invalid" })).toBeVisible();
  // the same link without the repeat opens the flow
  await page.goto(`/verify?${flow}&lang=en`);
  await expect(page.getByRole("heading", { name: "Verify your identity" })).toBeVisible();
});

test("the hosted page runs its scripts under a per-request nonce, without 'unsafe-inline' (issue 33)", async ({
  page,
}) => {
  const violations: string[] = [];
  page.on("console", (message) => {
    if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
  });
  const url = `/verify?flowId=${workflowId("address-only")}&clientId=${readSeed().clientId}&lang=en`;
  const first = await page.goto(url);
  const csp = first!.headers()["content-security-policy"]!;
  const nonce = /'nonce-([^']+)'/.exec(csp)?.[1];
  expect(nonce).toBeTruthy();
  expect(csp).not.toMatch(/script-src[^;]*'unsafe-inline'/);
  // the page is interactive: React hydrated under the policy (the language menu re-renders it)
  await expect(page.getByRole("heading", { name: "Verify your identity" })).toBeVisible();
  await page.getByLabel("Language").selectOption("es");
  await expect(page.getByRole("heading", { name: "Verifica tu identidad" })).toBeVisible();
  expect(violations).toEqual([]);
  // a new nonce for every request
  const second = await page.goto(url);
  expect(second!.headers()["content-security-policy"]).not.toContain(`'nonce-${nonce}'`);
});
