import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { parseAll } from "@/test/parse-list";
import { parseOfacSdn } from "@/lib/domain/watchlist/import/ofac-sdn";
import { parseOpenSanctionsCsv } from "@/lib/domain/watchlist/import/opensanctions-csv";
import { parseOpenSanctionsFtm } from "@/lib/domain/watchlist/import/opensanctions-ftm";
import { parseUnConsolidated } from "@/lib/domain/watchlist/import/un-consolidated";
import { genderOf } from "@/lib/domain/watchlist/import/types";

const fixture = (name: string) => `lib/domain/watchlist/fixtures/${name}`;

describe("OFAC SDN XML", () => {
  it("reads every sdnEntry with names, strong AKAs, dates, countries and programs", async () => {
    const { entries, context, byId } = await parseAll(parseOfacSdn, fixture("sdn.xml"));
    expect(entries.map((e) => [e.externalId, e.entityType])).toEqual([
      ["990001", "PERSON"],
      ["990002", "PERSON"],
      ["990003", "ORGANIZATION"],
      ["990004", "VESSEL"],
      ["990005", "PERSON"],
    ]);
    expect(context.sourceVersion).toBe("2026-11-20");
    expect(byId.get("990001")).toEqual({
      externalId: "990001",
      entityType: "PERSON",
      primaryName: "FIKTIVOV, Ivan Petrovich",
      // the weak AKA "VANYA" is kept apart from the screened aliases
      aliases: ["FIKTIVOFF, Ivan", "Фиктивов, Иван Петрович"],
      lowQualityAliases: ["VANYA"],
      birthDates: ["1961-04-02"],
      countries: ["Russia", "Freedonia"],
      programs: ["SYNTH-RUSSIA", "SYNTH-CYBER"],
      remarks: "Synthetic test entry; not a real person.",
    });
    expect(byId.get("990002")!.birthDates).toEqual(["1970", "1972", "1973", "1974"]);
    expect(byId.get("990005")).toMatchObject({
      primaryName: "O'TESTER, Mary-Jane",
      birthDates: ["1980-12"],
      remarks: "Director & Treasurer",
    });
  });

  it("checksums the bytes it read", async () => {
    const { context } = await parseAll(parseOfacSdn, fixture("sdn.xml"));
    expect(context.hash.digest("hex")).toBe(
      createHash("sha256")
        .update(readFileSync(fixture("sdn.xml")))
        .digest("hex"),
    );
  });
});

describe("UN consolidated XML", () => {
  it("reads INDIVIDUAL and ENTITY records, the original-script name as an alias, Low-quality aliases apart", async () => {
    const { entries, context, byId } = await parseAll(parseUnConsolidated, fixture("consolidated.xml"));
    expect(entries.map((e) => [e.externalId, e.entityType])).toEqual([
      ["7990001", "PERSON"],
      ["7990002", "PERSON"],
      ["7990003", "ORGANIZATION"],
    ]);
    expect(context.sourceVersion).toBe("2026-11-19T22:00:05.123Z");
    expect(byId.get("7990001")).toEqual({
      externalId: "7990001",
      entityType: "PERSON",
      primaryName: "KHALID MAHMOUD AL-WAHMI",
      aliases: ["خالد محمود الوهمي", "Khaled al-Wahmi"],
      lowQualityAliases: ["Abu Test"],
      birthDates: ["1970-05-17", "1971"],
      gender: "M",
      countries: ["Freedonia", "Sylvania"],
      programs: ["Synthetic-Committee"],
      remarks: "UN ref SYi.001 — Synthetic test entry; not a real person.",
    });
    expect(byId.get("7990002")).toMatchObject({
      aliases: ["Светлана Игоревна Примерова"],
      birthDates: ["1965", "1966", "1967"],
      countries: ["Sylvania", "Freedonia"],
    });
    expect(byId.get("7990003")).toMatchObject({
      primaryName: "SAMPLE RELIEF FOUNDATION",
      aliases: ["SRF"],
      countries: ["Freedonia"],
    });
  });
});

describe("OpenSanctions targets.simple.csv", () => {
  it("reads rows by column name, splits ;-separated values, skips non-target schemas", async () => {
    const { entries, context, byId } = await parseAll(parseOpenSanctionsCsv, fixture("targets.simple.csv"));
    expect(entries.map((e) => [e.externalId, e.entityType])).toEqual([
      ["syn-os-0001", "PERSON"],
      ["syn-os-0002", "PERSON"],
      ["syn-os-0003", "ORGANIZATION"],
      ["syn-os-0004", "VESSEL"],
      ["syn-os-0005", "OTHER"],
    ]);
    expect(context.skipped).toBe(1);
    expect(context.sourceVersion).toBe("2026-11-02T12:30:00");
    expect(byId.get("syn-os-0001")).toMatchObject({
      primaryName: "Boris Testenko",
      aliases: ["Борис Тестенко", "Borys Testenko"],
      birthDates: ["1958-03-09"],
      countries: ["ua", "ru"],
      programs: ["SYN-UKR"],
    });
    expect(byId.get("syn-os-0002")).toMatchObject({
      primaryName: "Doe, Jane Example",
      birthDates: ["1980", "1981"],
      programs: ["SYN-TRAVEL", "SYN-UKR"],
    });
  });

  it("refuses a file without the required columns, or one that is not CSV", async () => {
    const { writeFileSync, mkdtempSync } = await import("node:fs");
    const { tmpdir } = await import("node:os");
    const file = `${mkdtempSync(`${tmpdir()}/os-`)}/other.csv`;
    writeFileSync(file, "entity_id,full_name\n1,Someone\n");
    await expect(parseAll(parseOpenSanctionsCsv, file)).rejects.toThrow(
      /not an OpenSanctions targets.simple.csv: no column id, schema, name/,
    );
    await expect(parseAll(parseOpenSanctionsCsv, fixture("sdn.xml"))).rejects.toThrow(
      /not a readable targets.simple.csv/,
    );
  });
});

describe("OpenSanctions FtM JSON lines", () => {
  it("reads target entities, collects Sanction programs (before or after their target), skips the rest", async () => {
    const { entries, context, byId } = await parseAll(parseOpenSanctionsFtm, fixture("entities.ftm.json"));
    expect(entries.map((e) => e.externalId)).toEqual(["syn-ftm-1", "syn-ftm-2", "syn-ftm-4", "syn-ftm-5"]);
    // the non-target relative and the Address entity
    expect(context.skipped).toBe(2);
    expect(context.sourceVersion).toBe("2026-11-05T08:00:00");
    expect(byId.get("syn-ftm-1")).toMatchObject({
      primaryName: "Yusuf Mithali",
      // weakAlias is kept apart from the screened aliases
      aliases: ["MITHALI, Yusuf", "يوسف مثالي", "Youssef Mithaly"],
      lowQualityAliases: ["Abu Yusuf"],
      birthDates: ["1983-11-30"],
      gender: "F",
      countries: ["xx", "xy"],
      programs: [],
    });
    expect(byId.get("syn-ftm-2")!.birthDates).toEqual(["1975-07"]);
    // nested export: programs embedded in the entity
    expect(byId.get("syn-ftm-5")!.programs).toEqual(["SYN-NESTED"]);
    expect(Object.fromEntries(context.latePrograms)).toEqual({
      "syn-ftm-1": ["SYN-PROG-LATE"],
      "syn-ftm-2": ["SYN-PROG-EARLY"],
    });
  });

  it("refuses a file that is not JSON lines", async () => {
    await expect(parseAll(parseOpenSanctionsFtm, fixture("targets.simple.csv"))).rejects.toThrow(/line 1 is not JSON/);
  });
});

describe("gender as publishers write it", () => {
  it("reads Male / FEMALE / m / f, and nothing from unknown, blank or contradictory values", () => {
    expect(genderOf(["Male"])).toBe("M");
    expect(genderOf([" FEMALE "])).toBe("F");
    expect(genderOf(["m", "M", null])).toBe("M");
    expect(genderOf(["f"])).toBe("F");
    expect(genderOf(["unknown", ""])).toBeNull();
    expect(genderOf(["Male", "Female"])).toBeNull();
    expect(genderOf([])).toBeNull();
  });
});

describe("record streaming", () => {
  it("finds records cut across read chunks, and the header before them", async () => {
    // a 1 MiB chunk boundary falls inside a record of this generated file
    const { writeFileSync, mkdtempSync } = await import("node:fs");
    const { tmpdir } = await import("node:os");
    const dir = mkdtempSync(`${tmpdir()}/sdn-`);
    const entry = (i: number) =>
      `<sdnEntry><uid>${i}</uid><firstName>Exemplar ${"x".repeat((i % 50) + 1)}</firstName><lastName>SYNTHETIC${i}</lastName><sdnType>Individual</sdnType></sdnEntry>\n`;
    const body = Array.from({ length: 12_000 }, (_, i) => entry(i + 1)).join("");
    writeFileSync(
      `${dir}/big.xml`,
      `<sdnList><publshInformation><Publish_Date>01/02/2027</Publish_Date></publshInformation>\n${body}</sdnList>`,
    );
    const { entries, context } = await parseAll(parseOfacSdn, `${dir}/big.xml`);
    expect(Buffer.byteLength(body)).toBeGreaterThan(1 << 20);
    expect(entries).toHaveLength(12_000);
    expect(entries.at(-1)).toMatchObject({ externalId: "12000", primaryName: "SYNTHETIC12000, Exemplar x" });
    expect(context.sourceVersion).toBe("2027-01-02");
  });
});
