import { mkdirSync } from "node:fs";
import path from "node:path";
import { expect, test, type Page } from "@playwright/test";
import { LANGUAGES, LANGUAGE_NAMES } from "../components/verify/languages";
import { messagesFor } from "../components/verify/messages";
import { apiStart } from "./support";
import { checkScreen, heading, shareableLink } from "./verify-helpers";

// Issue 16, items 4 and 5: ten languages chosen by ?lang=, the browser, or the page's menu; Arabic right to left;
// field errors as sentences in the end user's language. Screenshots also land in test-results/languages/.
const SHOTS = path.resolve(__dirname, "../test-results/languages");

async function shot(page: Page, name: string) {
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: path.join(SHOTS, `${name}.png`), fullPage: true });
}

for (const lang of LANGUAGES) {
  test(`first screen in ${LANGUAGE_NAMES[lang]} (?lang=${lang})`, async ({ page }, testInfo) => {
    const m = messagesFor(lang);
    await page.goto(shareableLink("full-kyc", { reference: `e2e-lang-${lang}` }, { lang }));
    await heading(page, m.welcome.title);
    await expect(page.getByText(m.consent.collect.DOCUMENT_VERIFICATION)).toBeVisible();
    await expect(page.getByRole("button", { name: m.consent.agreeStart })).toBeVisible();
    await expect(page.locator("html")).toHaveAttribute("lang", lang);
    await expect(page.locator("html")).toHaveAttribute("dir", lang === "ar" ? "rtl" : "ltr");
    await expect(page).toHaveTitle(new RegExp(`^${m.meta.title}`));
    await expect(page.getByLabel(m.language.label)).toHaveValue(lang);
    await shot(page, `welcome-${lang}`);
    await checkScreen(page, testInfo, `welcome-${lang}`);
  });
}

test("the language follows the browser (Accept-Language) when the link has no ?lang=", async ({ browser }) => {
  const context = await browser.newContext({ locale: "de-DE" });
  const page = await context.newPage();
  await page.goto(shareableLink("full-kyc", { reference: "e2e-lang-browser" }));
  await heading(page, messagesFor("de").welcome.title);
  await context.close();
});

test("the language menu switches the page, and a started verification keeps the language", async ({ page }) => {
  await page.goto(shareableLink("full-kyc", { reference: "e2e-lang-menu" }));
  await heading(page, "Verify your identity");
  await page.getByLabel("Language").selectOption("fr");
  const fr = messagesFor("fr");
  await heading(page, fr.welcome.title);
  expect(new URL(page.url()).searchParams.get("lang")).toBe("fr");
  // the first screen is the consent screen: full-kyc takes a face, so the biometric tick comes first
  await page.getByRole("checkbox").check();
  await page.getByRole("button", { name: fr.consent.agreeStart }).click();
  await heading(page, fr.document.selectTitle);
  // the address bar now resumes this verification, still in French
  const url = new URL(page.url());
  expect(url.searchParams.get("verificationId")).toBeTruthy();
  expect(url.searchParams.get("lang")).toBe("fr");
  // a reload resumes it where it stopped (consent given, nothing sent yet: the document screen), in French
  await page.reload();
  await heading(page, fr.document.selectTitle);
});

test("Arabic lays the page out right to left", async ({ page }, testInfo) => {
  const ar = messagesFor("ar");
  await page.goto(shareableLink("full-kyc", { reference: "e2e-lang-rtl" }, { lang: "ar" }));
  await heading(page, ar.welcome.title);
  await expect(page.locator("main")).toHaveAttribute("dir", "rtl");
  // the brand sits at the right and the language menu at the left; text and bullets start at the right
  const brand = (await page.locator("main > div").first().locator("p").boundingBox())!;
  const menu = (await page.getByLabel(ar.language.label).boundingBox())!;
  expect(brand.x).toBeGreaterThan(menu.x);
  const layout = await page.evaluate(() => {
    const h1 = document.querySelector("h1")!;
    const list = document.querySelector("ul")!;
    const style = getComputedStyle(list);
    const range = document.createRange();
    range.selectNodeContents(h1);
    const text = range.getBoundingClientRect();
    const box = h1.getBoundingClientRect();
    return {
      direction: getComputedStyle(h1).direction,
      textGapRight: box.right - text.right,
      textGapLeft: text.left - box.left,
      paddingRight: parseFloat(style.paddingRight),
      paddingLeft: parseFloat(style.paddingLeft),
    };
  });
  expect(layout.direction).toBe("rtl");
  expect(layout.textGapRight).toBeLessThan(2);
  expect(layout.textGapLeft).toBeGreaterThan(20);
  expect(layout.paddingRight).toBeGreaterThan(0);
  expect(layout.paddingLeft).toBe(0);
  await shot(page, "rtl-welcome-ar");
  await checkScreen(page, testInfo, "rtl-welcome-ar");
});

test("field errors are sentences in the end user's language (Spanish, Arabic)", async ({ page, request }, testInfo) => {
  for (const lang of ["es", "ar"] as const) {
    const m = messagesFor(lang);
    const started = await apiStart(request, "address-only", { reference: `e2e-lang-errors-${lang}` });
    await page.goto(`${started.verificationUrl}&lang=${lang}`);
    await page.getByRole("button", { name: m.consent.agreeContinue }).click();
    await heading(page, m.address.title);
    await page.getByRole("button", { name: m.common.continue }).click();
    await expect(page.getByText(m.fieldErrors.required).first()).toBeVisible();
    await expect(page.getByText(m.fieldErrors.country)).toBeVisible();
    await expect(page.getByLabel(m.address.line)).toHaveAttribute("aria-invalid", "true");
    await expect(page.getByText(/Required|Expected|ISO 3166/)).toHaveCount(0);
    // a value too long: the limit comes from the server's rule, in the language's plural
    await page.getByLabel(m.address.line).fill("x".repeat(201));
    await page.getByRole("button", { name: m.common.continue }).click();
    const tooLong = lang === "es" ? "como máximo 200 caracteres" : "200 حرف";
    await expect(page.getByText(tooLong)).toBeVisible();
    await shot(page, `address-errors-${lang}`);
    await checkScreen(page, testInfo, `address-errors-${lang}`);
  }
});
