// bench:verify part (c): every dashboard page of e2e/dashboard-pages.ts (the list the accessibility spec visits),
// its first-load JS (verify-first-load.mjs) against the budget the list states. Signed in as the bench account's owner
// (tools/bench/account.ts creates it confirmed, so no mailed link is needed), on fixtures made here: a watchlist
// verification that awaits review (the bench account has no list, so the check asks for a person; its page then
// carries the decision form), the full-kyc workflow, and a disabled test-mode webhook endpoint that never sends.
import { DASHBOARD_PAGES, dashboardPath } from "../../e2e/dashboard-pages.ts";
import { measureFirstLoad } from "./verify-first-load.mjs";

const KIB = 1024;

async function api(origin, bench, method, path, body) {
  const response = await fetch(`${origin}${path}`, {
    method,
    headers: {
      authorization: `Bearer ${bench.apiKey}`,
      "x-client-id": bench.clientId,
      "content-type": "application/json",
    },
    body: body ? JSON.stringify(body) : undefined,
  });
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${(await response.text()).slice(0, 300)}`);
  return response.json();
}

/** A verification of the watchlist workflow with its inputs sent, once it is decided (needs review here). */
async function reviewableVerification(origin, bench) {
  const flowId = bench.workflows["watchlist-check"];
  if (!flowId) throw new Error('the bench account has no "watchlist-check" workflow');
  const { verificationId } = await api(origin, bench, "POST", "/api/v1/verifications", {
    flowId,
    metadata: { reference: "bench-verify-dashboard" },
  });
  await api(origin, bench, "POST", `/api/v1/verifications/${verificationId}/send-inputs`, {
    inputs: [
      { fieldName: "FULL_NAME", type: "TEXT", value: "Jane Example" },
      { fieldName: "DATE_OF_BIRTH", type: "TEXT", value: "1990-04-12" },
    ],
  });
  for (const until = Date.now() + 60_000; Date.now() < until;) {
    const status = await api(origin, bench, "GET", `/api/v1/verifications/${verificationId}/status`);
    if (status.status === "COMPLETED" || status.status === "FAILED") return verificationId;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`verification ${verificationId} was not decided within 60 s`);
}

/** Signs in in Chromium, makes the fixtures, measures each page; returns one row per page. */
export async function measureDashboard({ browser, origin, bench, log }) {
  const context = await browser.newContext({ baseURL: origin });
  try {
    const page = await context.newPage();
    await page.goto("/login");
    await page.getByLabel("E-mail").fill(bench.owner.email);
    await page.getByLabel("Password").fill(bench.owner.password);
    await page.getByRole("button", { name: "Sign in" }).click();
    await page.waitForURL("**/dashboard", { timeout: 60_000 });
    const cookie = (await context.cookies()).map((c) => `${c.name}=${c.value}`).join("; ");

    const verificationId = await reviewableVerification(origin, bench);
    await page.goto("/dashboard/webhooks");
    await page.getByLabel("URL").fill("http://127.0.0.1:9/bench-hooks");
    await page.getByRole("radio", { name: "Test verifications (sandbox)" }).check();
    await page.getByRole("checkbox", { name: /^Enabled/ }).uncheck();
    await page.getByRole("button", { name: "Add endpoint" }).click();
    const link = page.getByRole("link", { name: "http://127.0.0.1:9/bench-hooks" });
    const endpointId = (await link.getAttribute("href", { timeout: 30_000 }))?.split("/").at(-1);
    if (!endpointId) throw new Error("the new webhook endpoint has no link on /dashboard/webhooks");
    const fixtures = { verificationId, workflowId: bench.workflows["full-kyc"], endpointId };

    const results = [];
    for (const entry of DASHBOARD_PAGES) {
      const path = dashboardPath(entry, fixtures);
      const measured = await measureFirstLoad({ url: `${origin}${path}` }, origin, entry.signedIn ? cookie : undefined);
      const budgetBytes = entry.budgetKiB * KIB;
      const row = {
        path: entry.path,
        label: entry.label,
        ...measured,
        budgetKiB: entry.budgetKiB,
        budgetRatio: Number((measured.js.gzipBytes / budgetBytes).toFixed(3)),
        withinBudget: measured.status === 200 && measured.js.gzipBytes <= budgetBytes,
      };
      log(
        `${path}: HTTP ${measured.status}, ${measured.js.files} scripts, ${(measured.js.gzipBytes / KIB).toFixed(1)} KiB gzip of ${entry.budgetKiB} KiB (${row.budgetRatio})`,
      );
      results.push(row);
    }
    return results;
  } finally {
    await context.close();
  }
}
