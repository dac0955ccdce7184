import { expect, test } from "@playwright/test";
import { apiStart } from "./support";

// The harness itself: server, seed, API keys and the hosted page's route. The real flows live in their own specs.
test("the API hands out a verificationUrl on this server, and /verify answers bad links with a page", async ({
  request,
  page,
  baseURL,
}) => {
  const started = await apiStart(request, "full-kyc", { reference: "e2e-smoke" });
  const link = new URL(started.verificationUrl);
  expect(link.origin).toBe(new URL(baseURL!).origin);
  expect(link.pathname).toBe("/verify");
  expect(link.searchParams.get("verificationId")).toBe(started.verificationId);

  const response = await page.goto("/verify?flowId=not-a-uuid&clientId=x");
  expect(response, "navigation response").not.toBeNull();
  // 200 (an error screen) or a 4xx page, never a server error
  expect(response!.status()).toBeLessThan(500);
  expect(response!.headers()["content-type"] ?? "").toContain("text/html");
  await expect(page.locator("body")).not.toBeEmpty();
});
