import http from "node:http";
import { expect, test, type FrameLocator, type Page } from "@playwright/test";
import { apiStart, apiStatus } from "./support";
import { signInAsDemoOwner } from "./dashboard-session";

// The embed (packages/web/embed.js, served at /embed.js) on an integrator's page of another origin: an allowed
// origin frames the flow, completes an address-only verification and gets onComplete with the verificationId; an
// origin the account does not allow cannot frame it (frame-ancestors), and embed.js reports that with onError.
const PORT = Number(process.env.E2E_PORT ?? 3210);
const ALLOWED = `http://localhost:${Number(process.env.E2E_EMBED_PORT ?? PORT + 2)}`;
const REFUSED = `http://localhost:${Number(process.env.E2E_EMBED_PORT ?? PORT + 2) + 1}`;

/** The integrator's page: loads embed.js from the service and opens the flow when the button is pressed. */
function integratorPage(service: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Shop</title>
<script src="${service}/embed.js"></script></head><body><h1>Shop checkout</h1>
<button id="verify">Verify my identity</button>
<script>
  window.received = { events: [], complete: null, error: null, cancel: null };
  document.getElementById("verify").addEventListener("click", function () {
    OpenKYC.open({
      verificationUrl: new URLSearchParams(location.search).get("url"),
      language: "en",
      readyTimeoutMs: 8000,
      onEvent: function (e) { window.received.events.push(e.type); },
      onComplete: function (r) { window.received.complete = r; },
      onError: function (e) { window.received.error = e; },
      onCancel: function (c) { window.received.cancel = c; },
    });
  });
</script></body></html>`;
}

async function serve(origin: string, html: string): Promise<http.Server> {
  const server = http.createServer((_req, res) => res.writeHead(200, { "content-type": "text/html" }).end(html));
  await new Promise<void>((resolve) => server.listen(Number(new URL(origin).port), "127.0.0.1", resolve));
  return server;
}

async function allowFrameOrigin(page: Page, origin: string) {
  await signInAsDemoOwner(page);
  await page.goto("/dashboard/settings");
  await page.getByLabel(/Origins that may embed the verify page/).fill(origin);
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByRole("status")).toContainText("Settings saved");
}

async function fillAddress(frame: FrameLocator) {
  await expect(frame.getByRole("heading", { level: 1, name: "Your address" })).toBeVisible();
  await frame.getByLabel("Country").selectOption("US");
  await expect(frame.getByLabel("ZIP code")).toBeVisible();
  await frame.getByLabel("Street address").fill("350 Fifth Avenue");
  await frame.getByLabel("City").fill("New York");
  await frame.getByLabel(/^State/).fill("NY");
  await frame.getByLabel("ZIP code").fill("10118");
}

test("embed.js: an allowed origin completes a verification in the modal; another origin cannot frame it", async ({
  page,
  browser,
  request,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const allowedServer = await serve(ALLOWED, integratorPage(baseURL!));
  const refusedServer = await serve(REFUSED, integratorPage(baseURL!));
  try {
    await allowFrameOrigin(page, ALLOWED);

    // the script is small and served as JavaScript
    const script = await request.get("/embed.js");
    expect(script.headers()["content-type"]).toContain("javascript");

    const started = await apiStart(request, "address-only", { reference: "e2e-embed" });
    const shopContext = await browser.newContext();
    const shop = await shopContext.newPage();
    await shop.goto(`${ALLOWED}/?url=${encodeURIComponent(started.verificationUrl)}`);
    await shop.getByRole("button", { name: "Verify my identity" }).click();
    await expect(shop.getByRole("dialog", { name: "Identity verification" })).toBeVisible();
    const frame = shop.frameLocator("iframe[title='Identity verification']");
    await expect(frame.getByRole("heading", { level: 1, name: "Verify your identity" })).toBeVisible();
    expect(await shop.locator("iframe").getAttribute("allow")).toContain("camera");
    await frame.getByRole("button", { name: "Continue" }).click();
    await fillAddress(frame);
    await frame.getByRole("button", { name: "Continue" }).click();

    await shop.waitForFunction(() => (window as never as { received: { complete: unknown } }).received.complete);
    const received = await shop.evaluate(
      () => (window as never as { received: { events: string[]; complete: { verificationId: string } } }).received,
    );
    expect(received.complete.verificationId).toBe(started.verificationId);
    expect(received.events).toEqual(expect.arrayContaining(["ready", "step", "complete"]));
    // a modal closes itself when the end user is done
    await expect(shop.getByRole("dialog")).toHaveCount(0);
    expect((await apiStatus(request, started.verificationId)).missingInputs).toEqual([]);

    // an origin the account does not allow: the browser refuses the frame, the page never says "ready"
    const other = await apiStart(request, "address-only", { reference: "e2e-embed-refused" });
    const stranger = await shopContext.newPage();
    await stranger.goto(`${REFUSED}/?url=${encodeURIComponent(other.verificationUrl)}`);
    await stranger.getByRole("button", { name: "Verify my identity" }).click();
    await stranger.waitForFunction(() => (window as never as { received: { error: unknown } }).received.error, null, {
      timeout: 20_000,
    });
    const refused = await stranger.evaluate(
      () =>
        (window as never as { received: { error: { code: string }; complete: unknown; events: string[] } }).received,
    );
    expect(refused.error.code).toBe("FRAME_UNAVAILABLE");
    expect(refused.complete).toBeNull();
    expect(refused.events).toEqual([]);
    await expect(stranger.frameLocator("iframe").getByRole("heading", { name: "Verify your identity" })).toHaveCount(0);
    await shopContext.close();
  } finally {
    allowedServer.close();
    refusedServer.close();
  }
});
