import AxeBuilder from "@axe-core/playwright";
import { expect, request as apiRequest, test, type BrowserContext, type Page } from "@playwright/test";
import { DASHBOARD_PAGES, dashboardPath, type DashboardFixtures } from "./dashboard-pages";
import { apiHeaders, apiStart, apiStatus, workflowId } from "./support";
import { signInAsDemoOwner } from "./dashboard-session";

// Every dashboard page (e2e/dashboard-pages.ts) at a desktop width (1,280 px) and a tablet width (768 px), signed
// in as the demo account's owner: axe finds no WCAG 2.1 A/AA violation, nothing makes the document wider than
// the window (wide tables scroll inside their own region), and every navigation link is on screen and clickable.
// What is checked and why: docs/accessibility.md.

const WIDTHS = [1280, 768];
const HEIGHT = 800;
// axe's tags for WCAG 2.0 and 2.1, levels A and AA (best-practice rules are not part of the bar)
const WCAG_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"];

// axe walks the whole page: on the workflow builder (every process's settings) that takes tens of seconds on a
// busy 2-core machine, more than the default 90 s leaves once the page has loaded
test.describe.configure({ timeout: 180_000 });

let signedIn: Awaited<ReturnType<BrowserContext["storageState"]>>;
let fixtures: DashboardFixtures;

test.beforeAll(async ({ browser }, testInfo) => {
  // sign-in, a completed verification and a webhook endpoint: once for the file
  test.setTimeout(120_000);
  const baseURL = testInfo.project.use.baseURL;
  const context = await browser.newContext({ baseURL });
  const page = await context.newPage();
  await signInAsDemoOwner(page);

  // a real verification through the public API: a watchlist check of a name on the demo's synthetic list, so its
  // page has steps, a checks table, events and (when it asks for review) the decision form
  const api = await apiRequest.newContext({ baseURL });
  const started = await apiStart(api, "watchlist-check", { reference: "a11y" });
  const sent = await api.post(`/api/v1/verifications/${started.verificationId}/send-inputs`, {
    headers: apiHeaders(),
    data: {
      inputs: [
        { fieldName: "FULL_NAME", type: "TEXT", value: "Svetlana Igorevna Primerova" },
        { fieldName: "DATE_OF_BIRTH", type: "TEXT", value: "1966-01-15" },
      ],
    },
  });
  expect(sent.status(), await sent.text()).toBe(200);
  await expect
    .poll(async () => (await apiStatus(api, started.verificationId)).status, { timeout: 60_000 })
    .toBe("COMPLETED");
  await api.dispose();

  // a webhook endpoint of its own, disabled and for test verifications only: it never receives anything (a path
  // of its own per run: after a failed test Playwright runs this hook again in a new worker)
  const hookUrl = `http://127.0.0.1:9/a11y-hooks-${Date.now()}`;
  await page.goto("/dashboard/webhooks");
  await page.getByLabel("URL").fill(hookUrl);
  await page.getByRole("radio", { name: "Test verifications (sandbox)" }).check();
  await page.getByRole("checkbox", { name: /^Enabled/ }).uncheck();
  await page.getByRole("button", { name: "Add endpoint" }).click();
  await expect(page.locator('code[aria-label="signing secret"]')).toBeVisible();
  const endpointHref = await page.getByRole("link", { name: hookUrl }).getAttribute("href");
  const endpointId = endpointHref?.split("/").at(-1);
  expect(endpointId, "the new endpoint's link").toBeTruthy();

  fixtures = { verificationId: started.verificationId, workflowId: workflowId("full-kyc"), endpointId: endpointId! };
  signedIn = await context.storageState();
  await context.close();
});

/** axe's WCAG 2.1 A/AA violations, one line each with the first nodes, so that a failure says what to fix. */
async function axeViolations(page: Page, excluded: string[]): Promise<string[]> {
  const builder = new AxeBuilder({ page }).withTags(WCAG_TAGS);
  if (excluded.length) builder.disableRules(excluded);
  const { violations } = await builder.analyze();
  return violations.map(
    (v) =>
      `${v.impact ?? "?"} ${v.id}: ${v.help} — ${v.nodes
        .slice(0, 4)
        .map((n) => `${n.target.join(" ")}${n.failureSummary ? ` (${n.failureSummary.replace(/\s+/g, " ")})` : ""}`)
        .join(" | ")}${v.nodes.length > 4 ? ` …and ${v.nodes.length - 4} more` : ""}`,
  );
}

/**
 * How far the document is wider than the window, and the outermost elements that stick out on the right, outside
 * any element that scrolls on its own (overflow-x auto/scroll: a wide table in its scrolling region is fine).
 */
function horizontalOverflow() {
  const root = document.documentElement;
  const width = root.clientWidth;
  const scrollsInside = (el: Element) => {
    for (let p = el.parentElement; p && p !== document.body; p = p.parentElement) {
      const x = getComputedStyle(p).overflowX;
      if (x === "auto" || x === "scroll" || x === "hidden") return true;
    }
    return false;
  };
  const culprits: string[] = [];
  for (const el of document.body.querySelectorAll("*")) {
    const box = el.getBoundingClientRect();
    if (box.width === 0 || box.right <= width + 0.5 || scrollsInside(el)) continue;
    if (el.parentElement && el.parentElement.getBoundingClientRect().right > width + 0.5) continue;
    const name = `${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ""}${el.className && typeof el.className === "string" ? `.${el.className.split(" ")[0]}` : ""}`;
    culprits.push(`${name} right=${Math.round(box.right)}`);
    if (culprits.length >= 5) break;
  }
  return { scrollWidth: root.scrollWidth, width, culprits };
}

for (const width of WIDTHS) {
  test.describe(`at ${width} px`, () => {
    for (const entry of DASHBOARD_PAGES) {
      test(`${entry.path} (${entry.label}): axe, no horizontal overflow, navigation usable`, async ({
        browser,
      }, testInfo) => {
        const context = await browser.newContext({
          baseURL: testInfo.project.use.baseURL,
          viewport: { width, height: HEIGHT },
          storageState: entry.signedIn ? signedIn : undefined,
        });
        try {
          const page = await context.newPage();
          const path = dashboardPath(entry, fixtures);
          const response = await page.goto(path);
          expect(response?.status(), path).toBe(200);
          expect(new URL(page.url()).pathname, "not sent elsewhere (e.g. to the sign-in page)").toBe(
            path.split("?")[0],
          );
          await expect(page.getByRole("heading", { level: 1 })).toBeVisible();

          const excluded = (entry.axeExclusions ?? []).map((e) => e.rule);
          expect(await axeViolations(page, excluded), `axe WCAG 2.1 A/AA on ${path} at ${width} px`).toEqual([]);

          const overflow = await page.evaluate(horizontalOverflow);
          expect(
            overflow.scrollWidth,
            `${path} at ${width} px is ${overflow.scrollWidth} px wide (window ${overflow.width} px): ${overflow.culprits.join(", ")}`,
          ).toBeLessThanOrEqual(overflow.width);

          if (entry.signedIn) {
            const links = page.getByRole("navigation", { name: "Dashboard" }).getByRole("link");
            expect(await links.count()).toBeGreaterThanOrEqual(5);
            for (const link of await links.all()) {
              await expect(link).toBeVisible();
              const box = (await link.boundingBox())!;
              expect(box.x, `${await link.innerText()} starts on screen`).toBeGreaterThanOrEqual(0);
              expect(box.x + box.width, `${await link.innerText()} ends on screen`).toBeLessThanOrEqual(width);
              // WCAG 2.2's minimum target (24 × 24 CSS px): a link a finger or a shaky hand can hit
              expect(box.height, `${await link.innerText()} is tall enough to hit`).toBeGreaterThanOrEqual(24);
              // nothing lies on top of it: its centre answers with the link itself
              const onTop = await link.evaluate((el) => {
                const r = el.getBoundingClientRect();
                const hit = document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2);
                return !!hit && (hit === el || el.contains(hit));
              });
              expect(onTop, `${await link.innerText()} is not covered`).toBe(true);
            }
          }
        } catch (error) {
          // what the page looked like, for the report (only on failure: 26 full-page screenshots cost minutes here)
          const [page] = context.pages();
          if (page)
            await testInfo.attach(`${entry.label}-${width}`, {
              body: await page.screenshot({ fullPage: true }),
              contentType: "image/png",
            });
          throw error;
        } finally {
          await context.close();
        }
      });
    }
  });
}
