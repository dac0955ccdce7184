import { createHash } from "node:crypto";
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { describe, expect, it } from "vitest";
import { parseAll } from "@/test/parse-list";
import { detectListFormat } from "@/lib/domain/watchlist/import/detect-format";
import { parseEuFsf } from "@/lib/domain/watchlist/import/eu-fsf";
import { parseOfacSdnAdvanced } from "@/lib/domain/watchlist/import/ofac-sdn-advanced";
import { parseOfacSdnCsv } from "@/lib/domain/watchlist/import/ofac-sdn-csv";
import { parseUkSanctionsList, ukDate } from "@/lib/domain/watchlist/import/uk-sanctions-list";
import { parseUsCsl } from "@/lib/domain/watchlist/import/us-csl";

// The formats added for issue 30 on the small fixtures in lib/domain/watchlist/fixtures (their provenance is in each
// file's opening comment), malformed input, and format detection. The real samples: list-samples.real.test.ts.

const fixture = (name: string) => `lib/domain/watchlist/fixtures/${name}`;
const scratch = () => mkdtempSync(`${tmpdir()}/lists-`);

describe("OFAC SDN_ADVANCED.XML", () => {
  it("resolves names, types, dates and countries through the reference sets; programs arrive late", async () => {
    const { entries, context, byId } = await parseAll(parseOfacSdnAdvanced, fixture("sdn_advanced.xml"));
    expect(entries.map((e) => [e.externalId, e.entityType])).toEqual([
      ["36", "ORGANIZATION"],
      ["25057", "PERSON"],
      ["22790", "PERSON"],
      ["40716", "VESSEL"],
      ["20540", "OTHER"],
    ]);
    expect(context.sourceVersion).toBe("2026-03-06");
    expect(byId.get("36")).toMatchObject({
      primaryName: "AEROCARIBBEAN AIRLINES",
      aliases: ["AERO-CARIBBEAN"],
      countries: ["Cuba"],
    });
    expect(byId.get("25057")).toEqual({
      externalId: "25057",
      entityType: "PERSON",
      // Last Name, then the given names, as SDN.XML writes a person
      primaryName: "al-Rawi, 'Adnan Muhammad Amin",
      aliases: ["Alrawi Adnan Mahmoud"],
      // LowQuality="true": kept apart
      lowQualityAliases: ["Emad Mohammad"],
      birthDates: ["1985-01-07", "1982-08-28"],
      // a Gender feature whose detail is the reference value "Male"
      gender: "M",
      // its only Location is OFAC's "undetermined"
      countries: [],
      programs: [],
      remarks: null,
    });
    // a Citizenship Country feature points at a Location whose only part is the country's name
    // the "Primary Latin" documented name is the entry's name; the same alias in Cyrillic (listed first) an alias
    expect(byId.get("22790")).toMatchObject({
      primaryName: "MADURO MOROS, Nicolas",
      aliases: ["МАДУРО МОРОС Николас"],
      birthDates: ["1962-11-23"],
      countries: ["Venezuela"],
    });
    expect(Object.fromEntries(context.latePrograms)).toEqual({
      "36": ["CUBA"],
      "22790": ["VENEZUELA"],
      "40716": ["IRAN"],
      "20540": ["DPRK3"],
    });
  });

  it("refuses parties that come before the reference sets they need", async () => {
    const file = `${scratch()}/bad.xml`;
    writeFileSync(
      file,
      '<Sanctions><DistinctParties><DistinctParty FixedRef="1"><Profile ID="1"/></DistinctParty></DistinctParties></Sanctions>',
    );
    await expect(parseAll(parseOfacSdnAdvanced, file)).rejects.toThrow(/not an OFAC SDN_ADVANCED.XML/);
  });
});

describe("EU Financial Sanctions Files XML", () => {
  it("reads persons and enterprises from attributes; weak aliases apart; partial and ranged birth dates", async () => {
    const { entries, context, byId } = await parseAll(parseEuFsf, fixture("eu_fsf.xml"));
    expect(entries.map((e) => [e.externalId, e.entityType])).toEqual([
      ["13", "PERSON"],
      ["507", "PERSON"],
      ["600", "ORGANIZATION"],
    ]);
    expect(context.sourceVersion).toBe("2026-03-02T18:27:12.180+01:00");
    expect(byId.get("13")).toEqual({
      externalId: "13",
      entityType: "PERSON",
      primaryName: "Saddam Hussein Al-Tikriti",
      aliases: ["Saddam Hussein al-Takriti"],
      lowQualityAliases: ["Abu Ali"],
      birthDates: ["1937-04-28"],
      // the gender attribute of its name aliases
      gender: "M",
      countries: ["IRAQ"],
      programs: ["IRQ"],
      remarks: "EU ref EU.27.28",
    });
    // a "Low quality alias" remark marks a weak alias even where strong="true"; "UNKNOWN" is no country
    expect(byId.get("507")).toMatchObject({
      lowQualityAliases: ["Taha Abdul Rahman"],
      birthDates: ["1960-04-10", "1961"],
      countries: ["UNITED STATES"],
    });
    expect(byId.get("600")).toMatchObject({
      aliases: ["Акционерное общество Экзамплтранс"],
      birthDates: ["1990", "1991", "1992"],
      programs: ["RUS", "BLR"],
    });
  });
});

describe("UK Sanctions List XML (FCDO)", () => {
  it("reads individuals, entities and ships; alias strength; non-Latin names; dd/mm/yyyy dates", async () => {
    const { entries, context, byId } = await parseAll(parseUkSanctionsList, fixture("uk_sanctions_list.xml"));
    expect(entries.map((e) => [e.externalId, e.entityType])).toEqual([
      ["AFG0055", "PERSON"],
      ["RUS9999", "ORGANIZATION"],
      ["RUS9998", "VESSEL"],
    ]);
    // the latest LastUpdated: the file has no publication date of its own
    expect(context.sourceVersion).toBe("2026-04-29");
    expect(byId.get("AFG0055")).toMatchObject({
      primaryName: "NAJIBULLAH HAQQANI HIDAYATULLAH",
      aliases: ["NAJIBULLAH HAQANI", "نجيب الله حقانی هدایت الله"],
      lowQualityAliases: ["NAJIB"],
      birthDates: ["1971", "1972-10-24"],
      gender: "M",
      countries: ["Afghanistan"],
      programs: ["The Afghanistan (Sanctions) (EU Exit) Regulations 2020"],
    });
    expect(byId.get("RUS9999")!.aliases).toEqual(["AO EXAMPLETRANS"]);
    // an entity has no gender
    expect(byId.get("RUS9999")!.gender).toBeNull();
    expect(byId.get("RUS9998")!.countries).toEqual(["Gabon"]);
  });

  it("reads the date forms the list uses, and nothing else", () => {
    expect(["24/10/1972", "dd/10/1972", "dd/mm/1971", "1/2/1980", "1972", "10/24"].map(ukDate)).toEqual([
      "1972-10-24",
      "1972-10",
      "1971",
      "1980-02-01",
      null,
      null,
    ]);
  });
});

describe("OFAC SDN CSV (a folder of four files)", () => {
  const sdn =
    '36,"AEROCARIBBEAN AIRLINES",-0- ,"CUBA",-0- ,-0- ,-0- ,-0- ,-0- ,-0- ,-0- ,-0- \r\n' +
    '173,"ANGLO-CARIBBEAN CO., LTD.",-0- ,"CUBA",-0- ,-0- ,-0- ,-0- ,-0- ,-0- ,-0- ,"DOB 1950; a.k.a. \'ANGLO\'."\r\n' +
    "\u001a";

  it("reads a folder without the optional side files, and the path of its sdn.csv", async () => {
    const dir = scratch();
    writeFileSync(`${dir}/sdn.csv`, sdn);
    for (const path of [dir, `${dir}/sdn.csv`]) {
      const { entries } = await parseAll(parseOfacSdnCsv, path);
      expect(entries.map((e) => [e.externalId, e.primaryName, e.programs])).toEqual([
        ["36", "AEROCARIBBEAN AIRLINES", ["CUBA"]],
        ["173", "ANGLO-CARIBBEAN CO., LTD.", ["CUBA"]],
      ]);
      expect(entries[1]).toMatchObject({ birthDates: ["1950"], lowQualityAliases: ["ANGLO"], aliases: [] });
    }
  });

  it("refuses a file that is not the SDN CSV, with the reason", async () => {
    const dir = scratch();
    writeFileSync(`${dir}/sdn.csv`, "entity_id,full_name\n1,Someone\n");
    await expect(parseAll(parseOfacSdnCsv, dir)).rejects.toThrow(
      /not an OFAC sdn.csv: record 1 has 2 fields, expected 12/,
    );
    writeFileSync(`${dir}/sdn.csv`, sdn);
    writeFileSync(`${dir}/alt.csv`, '36,1,"aka","AERO"\n');
    await expect(parseAll(parseOfacSdnCsv, dir)).rejects.toThrow(
      /not an OFAC alt.csv: record 1 has 4 fields, expected 5/,
    );
    await expect(parseAll(parseOfacSdnCsv, scratch())).rejects.toThrow(/no sdn.csv in/);
    await expect(parseAll(parseOfacSdnCsv, fixture("sdn.xml"))).rejects.toThrow(/is a folder holding sdn.csv/);
  });

  it("checksums the side files and sdn.csv in one fixed order", async () => {
    const dir = scratch();
    writeFileSync(`${dir}/sdn.csv`, sdn);
    writeFileSync(`${dir}/alt.csv`, '36,1,"aka","AERO",-0- \n');
    const { context, byId } = await parseAll(parseOfacSdnCsv, dir);
    expect(byId.get("36")!.aliases).toEqual(["AERO"]);
    const expected = createHash("sha256")
      .update(readFileSync(`${dir}/alt.csv`))
      .update(readFileSync(`${dir}/sdn.csv`));
    expect(context.hash.digest("hex")).toBe(expected.digest("hex"));
  });
});

describe("US Consolidated Screening List CSV", () => {
  it("refuses a CSV without the CSL's columns", async () => {
    const file = `${scratch()}/consolidated.csv`;
    writeFileSync(file, "id,schema,name\nx,Person,Someone\n");
    await expect(parseAll(parseUsCsl, file)).rejects.toThrow(/not a US Consolidated Screening List CSV: no column _id/);
    await expect(parseAll(parseUsCsl, fixture("sdn.xml"))).rejects.toThrow(/Consolidated Screening List/);
  });
});

describe("format detection", () => {
  it("tells every format by what only it has", () => {
    expect(
      Object.fromEntries(
        [
          "sdn.xml",
          "sdn_advanced.xml",
          "consolidated.xml",
          "eu_fsf.xml",
          "uk_sanctions_list.xml",
          "targets.simple.csv",
          "entities.ftm.json",
        ].map((f) => [f, detectListFormat(fixture(f))]),
      ),
    ).toEqual({
      "sdn.xml": "ofac-sdn",
      "sdn_advanced.xml": "ofac-sdn-advanced",
      "consolidated.xml": "un",
      "eu_fsf.xml": "eu-fsf",
      "uk_sanctions_list.xml": "uk-sanctions-list",
      "targets.simple.csv": "opensanctions-csv",
      "entities.ftm.json": "opensanctions-ftm",
    });
    const dir = scratch();
    writeFileSync(`${dir}/sdn.csv`, '36,"AEROCARIBBEAN AIRLINES",-0- ,"CUBA"\n');
    expect(detectListFormat(dir)).toBe("ofac-sdn-csv");
    writeFileSync(`${dir}/consolidated.csv`, "_id,source,entity_number,type,programs,name,alt_names\n");
    expect(detectListFormat(`${dir}/consolidated.csv`)).toBe("us-csl");
  });

  it("refuses what it does not know instead of guessing", () => {
    const dir = scratch();
    writeFileSync(
      `${dir}/other.xml`,
      '<?xml version="1.0"?>\n<!-- <sdnList> -->\n<Designation><UniqueID>1</UniqueID></Designation>',
    );
    expect(() => detectListFormat(`${dir}/other.xml`)).toThrow(
      /unknown XML list format \(root element <Designation>\)/,
    );
    // a <Sanctions> root without the advanced file's sections, an <export> that is not the EU's
    writeFileSync(`${dir}/sanctions.xml`, "<Sanctions><Entry/></Sanctions>");
    expect(() => detectListFormat(`${dir}/sanctions.xml`)).toThrow(/root element <Sanctions>/);
    writeFileSync(`${dir}/export.xml`, "<export><item/></export>");
    expect(() => detectListFormat(`${dir}/export.xml`)).toThrow(/root element <export>/);
    writeFileSync(`${dir}/events.json`, '{"event": "login", "user": "someone"}\n');
    expect(() => detectListFormat(`${dir}/events.json`)).toThrow(/JSON lines without an FtM "schema"/);
    writeFileSync(`${dir}/names.csv`, "full_name,country\nSomeone,XX\n");
    expect(() => detectListFormat(`${dir}/names.csv`)).toThrow(/unknown list format/);
    // the headerless SDN CSV is only taken under its own name
    writeFileSync(`${dir}/numbers.csv`, "1,2,3\n");
    expect(() => detectListFormat(`${dir}/numbers.csv`)).toThrow(/unknown list format/);
    mkdirSync(`${dir}/empty`);
    expect(() => detectListFormat(`${dir}/empty`)).toThrow(/folder without sdn.csv/);
    expect(() => detectListFormat(`${dir}/missing.xml`)).toThrow(/no such file/);
  });
});
