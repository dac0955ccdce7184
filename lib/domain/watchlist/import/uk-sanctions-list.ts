import { XMLParser } from "fast-xml-parser";
import type { WatchlistEntityType } from "@/generated/prisma/enums";
import { xmlRecords } from "@/lib/domain/watchlist/import/read-file";
import { distinct, genderOf, type ListParser, type ParsedEntry } from "@/lib/domain/watchlist/import/types";

// UK Sanctions List, XML, published by the FCDO (https://www.gov.uk/government/publications/the-uk-sanctions-list,
// "UK_Sanctions_List.xml"). Since 28 January 2026 it is the UK's one official list of designations: OFSI's
// Consolidated List of Asset Freeze Targets was retired that day, so its CSV is not read here.
//   <Designations>
//     <Designation>
//       <LastUpdated>dd/mm/yyyy</LastUpdated> <DateDesignated/> <UniqueID>RUS0001</UniqueID> <OFSIGroupID/>?
//       <UNReferenceNumber/>?
//       <Names><Name><Name1/>…<Name5/><Name6>(family name, or the whole name of an entity or ship)</Name6>
//         <NameType>Primary Name|Primary Name Variation|Alias</NameType><AliasStrength/>?</Name>*</Names>
//       <NonLatinNames><NameNonLatinScript/><NonLatinScriptType/><NonLatinScriptLanguage/></NonLatinNames>*
//       <RegimeName/> <IndividualEntityShip>Individual|Entity|Ship</IndividualEntityShip> <DesignationSource/>
//       <SanctionsImposed/> <OtherInformation/> <UKStatementofReasons/>
//       <Addresses><Address><AddressLine1/>…<AddressCountry/></Address>*</Addresses>
//       <IndividualDetails><Individual><DOBs><DOB>dd/mm/yyyy</DOB>*</DOBs>
//         <Nationalities><Nationality/>*</Nationalities> <BirthDetails/> <Genders/> …</Individual></IndividualDetails>
//       <ShipDetails><Ship><CurrentBelievedFlagOfShips><CurrentBelievedFlagOfShip/>*</…><IMONumbers/> …</Ship></ShipDetails>
//     </Designation>*
//   </Designations>
// A DOB may hide unknown parts as "dd" or "mm" ("dd/mm/1971").

const parser = new XMLParser({ ignoreAttributes: true, parseTagValue: false, trimValues: true });
const TYPES: Record<string, WatchlistEntityType> = { individual: "PERSON", entity: "ORGANIZATION", ship: "VESSEL" };

type Node = string | number | boolean | null | undefined | Node[] | { [tag: string]: Node };

/** Every text value of `tag` anywhere below `node`: the nesting of these groups varies between publications. */
function collect(node: Node, tag: string, out: string[] = []): string[] {
  if (Array.isArray(node)) for (const child of node) collect(child, tag, out);
  else if (node && typeof node === "object")
    for (const [key, child] of Object.entries(node)) {
      if (key === tag) {
        for (const v of [child].flat()) if (typeof v === "string" || typeof v === "number") out.push(String(v));
      } else collect(child, tag, out);
    }
  return out;
}

type UkName = Record<string, string | undefined>;

const nameOf = (n: UkName) =>
  distinct(["Name1", "Name2", "Name3", "Name4", "Name5", "Name6"].map((k) => n[k]))
    .join(" ")
    .trim() || undefined;
const isLow = (n: UkName) => /low/i.test(n.AliasStrength ?? n.AliasQuality ?? "");

/** "24/10/1972" → 1972-10-24, "dd/10/1972" → 1972-10, "dd/mm/1971" → 1971. */
export function ukDate(raw: string): string | null {
  const m = raw.trim().match(/^(\d{1,2}|dd)\/(\d{1,2}|mm)\/(\d{4})$/i);
  if (!m) return null;
  const [, day, month, year] = m;
  if (!/^\d+$/.test(month!)) return year!;
  const mm = month!.padStart(2, "0");
  return /^\d+$/.test(day!) ? `${year}-${mm}-${day!.padStart(2, "0")}` : `${year}-${mm}`;
}

export function ukDesignationToParsed(d: Record<string, Node>): ParsedEntry | null {
  const names = ([collectNames(d.Names)].flat() as UkName[]).filter(Boolean);
  const primary = names.find((n) => /^primary name$/i.test(n.NameType?.trim() ?? "")) ?? names[0];
  const primaryName = primary && nameOf(primary);
  const externalId = typeof d.UniqueID === "string" ? d.UniqueID.trim() : undefined;
  if (!externalId || !primaryName) return null;
  const others = names.filter((n) => n !== primary);
  const unRef = typeof d.UNReferenceNumber === "string" ? d.UNReferenceNumber : undefined;
  return {
    externalId,
    entityType:
      TYPES[
        String(d.IndividualEntityShip ?? "")
          .trim()
          .toLowerCase()
      ] ?? "OTHER",
    primaryName,
    aliases: distinct([
      ...others.filter((n) => !isLow(n)).map(nameOf),
      // the name in its own script: matched after transliteration like any alias
      ...collect(d.NonLatinNames, "NameNonLatinScript"),
    ]).filter((a) => a !== primaryName),
    lowQualityAliases: distinct(others.filter(isLow).map(nameOf)).filter((a) => a !== primaryName),
    birthDates: distinct(collect(d.IndividualDetails, "DOB").map(ukDate)),
    gender: genderOf(collect(d.IndividualDetails, "Gender")),
    countries: distinct([
      ...collect(d.IndividualDetails, "Nationality"),
      ...collect(d.Addresses, "AddressCountry"),
      ...collect(d.ShipDetails, "CurrentBelievedFlagOfShip"),
    ]),
    programs: distinct(collect(d, "RegimeName")),
    remarks: distinct([unRef && `UN ref ${unRef}`, ...collect(d, "OtherInformation")]).join(" — ") || null,
  };
}

function collectNames(names: Node): UkName[] {
  if (!names || typeof names !== "object" || Array.isArray(names)) return [];
  return [names.Name]
    .flat()
    .filter((n): n is { [tag: string]: Node } => !!n && typeof n === "object" && !Array.isArray(n))
    .map((n) => Object.fromEntries(Object.entries(n).map(([k, v]) => [k, v == null ? undefined : String(v)])));
}

export const parseUkSanctionsList: ListParser = async function* (file, context) {
  const records = xmlRecords(file, context.hash, ["Designation"], () => {});
  for await (const { xml } of records) {
    const designation = ((parser.parse(xml) as { Designation?: Record<string, Node> }).Designation ?? {}) as Record<
      string,
      Node
    >;
    const parsed = ukDesignationToParsed(designation);
    if (!parsed) {
      context.skipped++;
      continue;
    }
    // the list's version: its latest change (the file itself carries no publication date)
    const updated = typeof designation.LastUpdated === "string" ? ukDate(designation.LastUpdated) : null;
    if (updated && (!context.sourceVersion || updated > context.sourceVersion)) context.sourceVersion = updated;
    yield parsed;
  }
};
