import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { parseAll } from "@/test/parse-list";
import { detectListFormat } from "@/lib/domain/watchlist/import/detect-format";
import { parseOfacSdnCsv } from "@/lib/domain/watchlist/import/ofac-sdn-csv";
import { parseOpenSanctionsFtm } from "@/lib/domain/watchlist/import/opensanctions-ftm";
import { parseUnConsolidated } from "@/lib/domain/watchlist/import/un-consolidated";
import { parseUsCsl } from "@/lib/domain/watchlist/import/us-csl";

// The real published extracts in ../shared/data/watchlist-lists (read in place, never copied into the project), and
// what their labels.json says they hold: every record's id, primary name and aliases, made by parsing the files with
// Python's csv and ElementTree (SOURCE.md there). Skipped, saying so, where the folder is absent.

const dir = path.resolve(process.cwd(), "../shared/data/watchlist-lists");
const present = existsSync(path.join(dir, "labels.json"));
const title = (what: string) => (present ? what : `${what} — SKIPPED: ${dir} is absent`);

type Labels = {
  ofac_sdn_csv: {
    entries: number;
    aliases: number;
    records: { ent_num: string; name: string; aliases: { name: string }[] }[];
  };
  un_consolidated_xml: {
    individuals: number;
    entities: number;
    aliases: number;
    with_original_script: number;
    records_individuals: { dataid: string; name: string; original_script: string; aliases: string[] }[];
    records_entities: { dataid: string; name: string; aliases: string[] }[];
  };
  us_csl_csv: { entries: number; records: { id: string; name: string; alt_names: string[] }[] };
  opensanctions_ftm: { entities: number; records: { id: string; schema: string; caption: string; names: string[] }[] };
};
const labels = (): Labels => JSON.parse(readFileSync(path.join(dir, "labels.json"), "utf8")) as Labels;

// the parsers collapse runs of whitespace (a name broken over two lines in the XML) and keep one of two equal names
const clean = (s: string) => s.replace(/\s+/g, " ").trim();
const set = (names: string[]) => [...new Set(names.map(clean).filter(Boolean))].sort();

describe.skipIf(!present)(title("real list samples (../shared/data/watchlist-lists)"), () => {
  it("OFAC SDN CSV (folder): all 17 entries and 13 aliases, every id, name and alias as labelled", async () => {
    const expected = labels().ofac_sdn_csv;
    const { entries, byId, context } = await parseAll(parseOfacSdnCsv, path.join(dir, "ofac_sdn_csv"));
    expect(entries).toHaveLength(expected.entries);
    expect(entries.reduce((n, e) => n + e.aliases.length, 0)).toBe(expected.aliases);
    for (const record of expected.records) {
      const entry = byId.get(record.ent_num);
      expect(entry, record.ent_num).toBeDefined();
      expect(entry!.primaryName).toBe(record.name);
      expect(entry!.aliases, record.ent_num).toEqual(record.aliases.map((a) => a.name));
    }
    // persons, vessels and aircraft keep their type; "-0-" is an entity
    expect(byId.get("48603")!.entityType).toBe("PERSON");
    expect(byId.get("40716")!.entityType).toBe("VESSEL");
    expect(byId.get("20540")!.entityType).toBe("OTHER");
    expect(byId.get("11195")!.entityType).toBe("ORGANIZATION");
    // read from the remarks, continued in sdn_comments.csv
    expect(byId.get("10278")).toMatchObject({ birthDates: ["1963-07-28"], lowQualityAliases: ["BURTON BURGESS"] });
    expect(byId.get("33151")!.remarks).toContain("1B64QRxfaa35MVkf7sDjuGUYAP5izQt7Qi");
    expect(byId.get("33151")!.lowQualityAliases).toEqual(["SUCCESSFUL EXCHANGE"]);
    expect(context.skipped).toBe(0);
    expect(detectListFormat(path.join(dir, "ofac_sdn_csv"))).toBe("ofac-sdn-csv");
    expect(detectListFormat(path.join(dir, "ofac_sdn_csv", "sdn.csv"))).toBe("ofac-sdn-csv");
  });

  it("UN XML: 730 individuals and 273 entities, every alias of every quality (Low ones apart)", async () => {
    const expected = labels().un_consolidated_xml;
    const file = path.join(dir, "un_consolidated_xml", "UN_consolidated.xml");
    const { entries, byId, context } = await parseAll(parseUnConsolidated, file);
    expect(entries.filter((e) => e.entityType === "PERSON")).toHaveLength(expected.individuals);
    expect(entries.filter((e) => e.entityType === "ORGANIZATION")).toHaveLength(expected.entities);
    expect(context.sourceVersion).toBe("2026-02-27T00:00:09.554Z");
    // labels count every <ALIAS_NAME> element (2,752), an alias repeated in one record included: compared as sets
    const records = [...expected.records_individuals, ...expected.records_entities];
    expect(records.reduce((n, r) => n + r.aliases.length, 0)).toBe(expected.aliases);
    let lowQuality = 0;
    for (const record of expected.records_individuals) {
      const entry = byId.get(record.dataid)!;
      expect(entry.primaryName, record.dataid).toBe(record.name);
      const script = clean(record.original_script ?? "");
      // the original-script name is an alias too (screened after transliteration)
      if (script && script !== entry.primaryName) expect(entry.aliases, record.dataid).toContain(script);
      const read = [...entry.aliases.filter((a) => a !== script), ...(entry.lowQualityAliases ?? [])];
      expect(set(read), record.dataid).toEqual(set(record.aliases).filter((a) => a !== entry.primaryName));
      lowQuality += entry.lowQualityAliases?.length ?? 0;
    }
    // labels.json carries no original-script name for entities: at most one more name, in a non-Latin script
    for (const record of expected.records_entities) {
      const entry = byId.get(record.dataid)!;
      expect(entry.primaryName, record.dataid).toBe(record.name);
      const read = set([...entry.aliases, ...(entry.lowQualityAliases ?? [])]);
      const labelled = set(record.aliases).filter((a) => a !== entry.primaryName);
      expect(read, record.dataid).toEqual(expect.arrayContaining(labelled));
      const extra = read.filter((a) => !labelled.includes(a));
      expect(extra.length, record.dataid).toBeLessThanOrEqual(1);
      for (const name of extra) expect(name, record.dataid).toMatch(/[^\p{Script=Latin}\p{Script=Common}]/u);
    }
    // SOURCE.md: 615 of the individuals' aliases have QUALITY "Low" (one repeated within its record)
    expect(lowQuality).toBeGreaterThanOrEqual(600);
    expect(lowQuality).toBeLessThanOrEqual(615);
    expect(detectListFormat(file)).toBe("un");
  });

  it("US Consolidated Screening List CSV: all 13 rows, every id, name and alt name as labelled", async () => {
    const expected = labels().us_csl_csv;
    const file = path.join(dir, "us_csl_csv", "consolidated.csv");
    const { entries, byId } = await parseAll(parseUsCsl, file);
    expect(entries).toHaveLength(expected.entries);
    for (const record of expected.records) {
      const entry = byId.get(record.id);
      expect(entry, record.id).toBeDefined();
      expect(entry!.primaryName).toBe(record.name);
      expect(entry!.aliases, record.id).toEqual(record.alt_names);
    }
    expect(byId.get("9673")).toMatchObject({ entityType: "PERSON", birthDates: ["1955"], programs: ["NS-PLC"] });
    expect(byId.get("18283")).toMatchObject({ entityType: "ORGANIZATION", countries: ["RU"] });
    // the BIS and State lists leave `type` empty: neither person nor organisation is claimed
    expect(byId.get("34d6611355974b0ba70eba9a096971f8")).toMatchObject({ entityType: "OTHER", programs: ["DTC"] });
    expect(detectListFormat(file)).toBe("us-csl");
  });

  it("OpenSanctions FtM JSON lines: the 6 targets with their captions and names as labelled", async () => {
    const expected = labels().opensanctions_ftm;
    const file = path.join(dir, "opensanctions_ftm", "entities.ftm.json");
    const { entries, byId, context } = await parseAll(parseOpenSanctionsFtm, file);
    const targets = expected.records.filter((r) => r.schema !== "Address");
    expect(entries).toHaveLength(targets.length);
    expect(entries.length + context.skipped).toBe(expected.entities);
    for (const record of targets) {
      const entry = byId.get(record.id)!;
      expect(entry.primaryName, record.id).toBe(record.caption);
      // the caption is the primary name; every other name is an alias
      expect(set(entry.aliases), record.id).toEqual(
        expect.arrayContaining(set(record.names).filter((n) => n !== record.caption)),
      );
    }
    expect(detectListFormat(file)).toBe("opensanctions-ftm");
  });
});
