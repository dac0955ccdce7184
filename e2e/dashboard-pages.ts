// Every dashboard page, in ONE list: the accessibility spec (e2e/dashboard-a11y.spec.ts) visits each at 1,280 px
// and 768 px and runs axe on it; `npm run bench:verify` measures each one's first-load JS against its budget.
// A new dashboard page is one more entry here (and, when its path has a new `:param`, one more fixture in both).
// Plain data: no Playwright or server imports, so that the bench script can load it too (through tsx).

/** The ids the dynamic paths need; the spec and the bench create them on their own database. */
export type DashboardFixtures = {
  /** a completed verification of the signed-in account (its detail page) */
  verificationId: string;
  /** a published workflow of the account (its page carries the builder) */
  workflowId: string;
  /** a webhook endpoint of the account */
  endpointId: string;
};

export type DashboardPage = {
  /** the path; `:name` segments are filled from DashboardFixtures (dashboardPath) */
  path: string;
  /** what the page is, for reports */
  label: string;
  /** false: a public page (sign-in, sign-up), visited signed out */
  signedIn: boolean;
  /**
   * First-load JS budget in KiB of gzip -9 (every /_next/ script the HTML loads; tools/bench/verify-first-load.mjs).
   * Next's own floor for a page of this app is ≈ 175 KiB (the home page `/`).
   */
  budgetKiB: number;
  /**
   * axe rules left out on this page, each with why (docs/accessibility.md). Empty everywhere today: a rule is
   * only ever excluded for a page, never for the whole dashboard.
   */
  axeExclusions?: { rule: string; why: string }[];
};

/** Server-rendered pages with small client islands (forms, copy buttons): Next's floor plus ≈ 25 KiB. */
const PAGE_BUDGET_KIB = 200;
/** The workflow builder validates with the server's zod schemas through react-hook-form (≈ 50 KiB over the floor). */
const BUILDER_BUDGET_KIB = 240;

export const DASHBOARD_PAGES: DashboardPage[] = [
  { path: "/login", label: "sign-in", signedIn: false, budgetKiB: PAGE_BUDGET_KIB },
  { path: "/signup", label: "sign-up", signedIn: false, budgetKiB: PAGE_BUDGET_KIB },
  { path: "/dashboard", label: "overview", signedIn: true, budgetKiB: PAGE_BUDGET_KIB },
  { path: "/dashboard/verifications", label: "verification list", signedIn: true, budgetKiB: PAGE_BUDGET_KIB },
  {
    path: "/dashboard/verifications/:verificationId",
    label: "verification detail",
    signedIn: true,
    budgetKiB: PAGE_BUDGET_KIB,
  },
  {
    path: "/dashboard/verifications/:verificationId/report",
    label: "auditor report",
    signedIn: true,
    budgetKiB: PAGE_BUDGET_KIB,
  },
  { path: "/dashboard/review", label: "review queue", signedIn: true, budgetKiB: PAGE_BUDGET_KIB },
  { path: "/dashboard/review/alerts", label: "watchlist alerts", signedIn: true, budgetKiB: PAGE_BUDGET_KIB },
  { path: "/dashboard/review/settings", label: "review settings", signedIn: true, budgetKiB: PAGE_BUDGET_KIB },
  { path: "/dashboard/workflows", label: "workflow list", signedIn: true, budgetKiB: PAGE_BUDGET_KIB },
  { path: "/dashboard/workflows/new", label: "workflow builder (new)", signedIn: true, budgetKiB: BUILDER_BUDGET_KIB },
  {
    path: "/dashboard/workflows/:workflowId",
    label: "workflow builder (edit)",
    signedIn: true,
    budgetKiB: BUILDER_BUDGET_KIB,
  },
  { path: "/dashboard/credentials", label: "API keys", signedIn: true, budgetKiB: PAGE_BUDGET_KIB },
  { path: "/dashboard/webhooks", label: "webhook endpoints", signedIn: true, budgetKiB: PAGE_BUDGET_KIB },
  { path: "/dashboard/webhooks/:endpointId", label: "webhook endpoint", signedIn: true, budgetKiB: PAGE_BUDGET_KIB },
  { path: "/dashboard/members", label: "members", signedIn: true, budgetKiB: PAGE_BUDGET_KIB },
  { path: "/dashboard/settings", label: "settings", signedIn: true, budgetKiB: PAGE_BUDGET_KIB },
];

/** The page's path with its `:params` filled in; throws on a param the fixtures do not have. */
export function dashboardPath(page: DashboardPage, fixtures: DashboardFixtures): string {
  return page.path.replace(/:([A-Za-z]+)/g, (_, name: string) => {
    const value = (fixtures as Record<string, string | undefined>)[name];
    if (!value) throw new Error(`${page.path}: no fixture "${name}" (e2e/dashboard-pages.ts DashboardFixtures)`);
    return encodeURIComponent(value);
  });
}
