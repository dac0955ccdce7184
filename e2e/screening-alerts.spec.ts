import { spawnSync } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { expect, test } from "@playwright/test";
import { apiHeaders, expectNoSeriousA11yViolations, screenThroughApi, workflowId } from "./support";
import { signInAsDemoOwner } from "./dashboard-session";

// Ongoing screening as an owner and a reviewer meet it: opt in on Settings, a verification approved on a clean
// name, then a list import (the real CLI, on the e2e database) that names that person → the alert on Review →
// Alerts, dismissed. The e2e database is the one e2e/server.ts created (embedded PostgreSQL on E2E_PG_PORT).

const DATABASE_URL = `postgresql://postgres:postgres@127.0.0.1:${process.env.E2E_PG_PORT ?? 54331}/openkyc_e2e`;
const HEADER =
  "id,schema,name,aliases,birth_date,countries,addresses,identifiers,sanctions,phones,emails,program_ids,dataset,first_seen,last_seen,last_change";

test("an approved identity named by a list update raises an alert a reviewer can dismiss", async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  await signInAsDemoOwner(page);

  await page.goto("/dashboard/settings");
  await page.getByRole("checkbox", { name: /Screen approved verifications again/ }).check();
  await page.getByRole("button", { name: "Apply screening setting" }).click();
  await expect(page.getByRole("status")).toContainText("Ongoing screening is on.");

  // a made-up name no list carries: approved at verification time
  const suffix = Date.now().toString(36).replace(/\d/g, "q");
  const fullName = `Orlavin Quessmark ${suffix}`;
  const headers = apiHeaders();
  const { verificationId, result } = await screenThroughApi(
    request,
    headers,
    {
      flowId: workflowId("watchlist-check"),
      fullName,
      dateOfBirth: "1975-03-14",
      metadata: { reference: `screening-${suffix}` },
    },
    60_000,
  );
  expect(result).toBe("APPROVED");

  // the account's own list, imported with the real CLI: it names the approved person
  const db = new pg.Client({ connectionString: DATABASE_URL });
  await db.connect();
  const { rows } = await db.query(`SELECT "accountId" FROM "Verification" WHERE "id" = $1`, [verificationId]);
  await db.end();
  const file = path.join(mkdtempSync(path.join(tmpdir(), "e2e-screening-")), "list.csv");
  writeFileSync(file, `${HEADER}\ne2e-1,Person,${fullName},,1975-03-14,,,,,,,E2E-PROG,E2E,,,\n`);
  const imported = spawnSync(
    process.execPath,
    [
      "--import",
      "tsx",
      "--conditions=react-server",
      "server/watchlist-import.ts",
      "--format",
      "opensanctions-csv",
    ].concat(["--file", file, "--name", `e2e-screening-${suffix}`, "--account", rows[0].accountId]),
    { encoding: "utf8", env: { ...process.env, DATABASE_URL }, timeout: 120_000 },
  );
  expect(imported.status, imported.stderr).toBe(0);
  // the CLI runs the job unless the app's own worker claimed it first (both are fine: claims in PostgreSQL)
  expect(imported.stdout).toMatch(/ongoing screening \(every entry\)/);

  const row = page.getByRole("row", { name: new RegExp(fullName) });
  await expect(async () => {
    await page.goto("/dashboard/review/alerts");
    await expect(row).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 60_000 });
  await expect(row).toContainText(`e2e-screening-${suffix} · e2e-1 · E2E-PROG`);
  await expect(row).toContainText("name, date of birth");
  await expectNoSeriousA11yViolations(page);
  await row.getByRole("button", { name: "Dismiss" }).click();
  await expect(page.getByRole("row", { name: new RegExp(fullName) })).toHaveCount(0);
});
