// Addresses through ADDRESS_VERIFICATION as the API receives them (no database).
//   npm run eval:addresses -- --data DIR [--json]
// DIR holds a cases.json of labelled addresses (the shared workspace's ../shared/data/addresses: libpostal's parser
// cases, libaddressinput's postal-code rules; the held-out half has the same layout). Each case's fields pass the
// API's input rules, then the step's own run() with POSTAL_VALIDATION on decides (tools/eval/address-cases.ts).
// Printed, overall and per source:
//  - valid accepted: valid cases the API takes and the step does not DECLINE (a postcode case's placeholder city,
//    "Exampleton", is in no list: MANUAL_REVIEW for the city counts as accepted, the postcode is what is judged);
//  - invalid postcodes caught: invalid cases the step DECLINES (POSTAL_VALIDATION FAILED);
//  - regions with a postcode decision: regions the API accepts as COUNTRY whose postcode rule is a pattern or "uses
//    no postal codes";
//  - addresses approved: whole libpostal addresses APPROVED outright (city, region and postcode all agree);
//  - city alternates: cities recognised under one of their other names ("NYC" → New York City).
import path from "node:path";
import { isAccepted, isCaught, isDecided, loadAddressSet, measureAddresses, type Tally } from "./address-cases";

const args = process.argv.slice(2);
const at = (name: string) => (args.includes(name) ? (args[args.indexOf(name) + 1] ?? null) : null);
const pct = (t: Tally) => `${t.total ? ((100 * t.hit) / t.total).toFixed(1) : "–"} % (${t.hit}/${t.total})`;

async function main(): Promise<void> {
  const dir = at("--data");
  if (!dir) {
    console.error("usage: npm run eval:addresses -- --data DIR [--json]");
    process.exit(2);
  }
  const set = loadAddressSet(path.resolve(dir));
  const { cases, regions, summary } = await measureAddresses(set);
  if (args.includes("--json")) {
    console.log(JSON.stringify({ data: set.dir, ...summary }, null, 2));
    return;
  }
  console.log(`\nAddresses in ${set.dir}: ${cases.length} cases, ${regions.length} regions`);
  console.log("| measure | all | libpostal | libaddressinput |");
  console.log("|---|---|---|---|");
  const { libpostal, libaddressinput } = summary.bySource;
  console.log(
    `| valid accepted | ${pct(summary.validAccepted)} | ${pct(libpostal!.validAccepted)} | ${pct(libaddressinput!.validAccepted)} |`,
  );
  console.log(
    `| invalid postcodes caught | ${pct(summary.invalidCaught)} | ${pct(libpostal!.invalidCaught)} | ${pct(libaddressinput!.invalidCaught)} |`,
  );
  console.log(`| regions with a postcode decision | ${pct(summary.regionsDecided)} | | |`);
  console.log(`| addresses approved outright | | ${pct(summary.addressesApproved)} | |`);
  console.log(`| city alternates matched | | ${summary.cityAlternates} | |`);
  const rules = new Map<string, number>();
  for (const r of regions) rules.set(r.rule, (rules.get(r.rule) ?? 0) + 1);
  console.log(`\nPostcode rules: ${[...rules].map(([rule, n]) => `${rule} ${n}`).join(", ")}`);
  const show = (title: string, lines: string[]) => {
    if (lines.length) console.log(`\n${title}:\n${lines.map((l) => `  ${l}`).join("\n")}`);
  };
  show(
    "Valid, not accepted",
    cases.filter((o) => o.case.label === "valid" && !isAccepted(o)).map((o) => `${o.case.id} ${o.refused ?? o.detail}`),
  );
  show(
    "Invalid, not caught",
    cases
      .filter((o) => o.case.label === "invalid" && !isCaught(o))
      .map((o) => `${o.case.id} ${o.case.fields.POSTAL_CODE}: ${o.refused ?? o.detail}`),
  );
  show(
    "Addresses not approved",
    cases.filter((o) => o.case.kind === "address" && o.result !== "APPROVED").map((o) => `${o.case.id} ${o.detail}`),
  );
  show(
    "City alternates",
    cases.filter((o) => o.cityAlternate).map((o) => `${o.case.id} ${o.cityAlternate}`),
  );
  show(
    "Regions without a decision",
    regions.filter((r) => !isDecided(r)).map((r) => `${r.region.code} ${r.rule}`),
  );
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
