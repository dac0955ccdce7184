import { XMLParser } from "fast-xml-parser";
import { parseListedDate, yearRange } from "@/lib/domain/watchlist/import/dates";
import { xmlRecords } from "@/lib/domain/watchlist/import/read-file";
import { distinct, genderOf, type ListParser, type ParsedEntry } from "@/lib/domain/watchlist/import/types";

// UN Security Council Consolidated List, XML (https://scsanctions.un.org/resources/xml/en/consolidated.xml):
//   <CONSOLIDATED_LIST dateGenerated="2025-01-15T10:00:00.000Z">
//     <INDIVIDUALS><INDIVIDUAL>
//       <DATAID/> <VERSIONNUM/> <FIRST_NAME/> <SECOND_NAME/> <THIRD_NAME/>? <FOURTH_NAME/>?
//       <UN_LIST_TYPE/> <REFERENCE_NUMBER/> <LISTED_ON/> <NAME_ORIGINAL_SCRIPT/>? <COMMENTS1/>?
//       <TITLE><VALUE/>*</TITLE> <DESIGNATION><VALUE/>*</DESIGNATION> <NATIONALITY><VALUE/>*</NATIONALITY>
//       <LIST_TYPE><VALUE/></LIST_TYPE> <LAST_DAY_UPDATED><VALUE/>*</LAST_DAY_UPDATED>
//       <INDIVIDUAL_ALIAS><QUALITY>Good|Low|a.k.a.</QUALITY><ALIAS_NAME/></INDIVIDUAL_ALIAS>*
//       <INDIVIDUAL_ADDRESS><STREET/>?<CITY/>?<COUNTRY/>?</INDIVIDUAL_ADDRESS>*
//       <INDIVIDUAL_DATE_OF_BIRTH><TYPE_OF_DATE>EXACT|APPROXIMATELY|BETWEEN</TYPE_OF_DATE>
//         (<DATE>YYYY-MM-DD</DATE> | <YEAR>YYYY</YEAR> | <FROM_YEAR/><TO_YEAR/>)</INDIVIDUAL_DATE_OF_BIRTH>*
//       <INDIVIDUAL_PLACE_OF_BIRTH/>*, <INDIVIDUAL_DOCUMENT/>*, <SORT_KEY/>, <SORT_KEY_LAST_MOD/>
//     </INDIVIDUAL>*</INDIVIDUALS>
//     <ENTITIES><ENTITY>
//       <DATAID/> <FIRST_NAME>(the entity's name)</FIRST_NAME> <UN_LIST_TYPE/> <REFERENCE_NUMBER/> <COMMENTS1/>?
//       <ENTITY_ALIAS><QUALITY/><ALIAS_NAME/></ENTITY_ALIAS>* <ENTITY_ADDRESS><COUNTRY/>?</ENTITY_ADDRESS>*
//     </ENTITY>*</ENTITIES>
//   </CONSOLIDATED_LIST>

const LISTS = new Set([
  "VALUE",
  "INDIVIDUAL_ALIAS",
  "INDIVIDUAL_ADDRESS",
  "INDIVIDUAL_DATE_OF_BIRTH",
  "ENTITY_ALIAS",
  "ENTITY_ADDRESS",
]);
const parser = new XMLParser({
  ignoreAttributes: true,
  parseTagValue: false,
  trimValues: true,
  isArray: (name) => LISTS.has(name),
});

type Values = { VALUE?: string[] } | string;
type Alias = { QUALITY?: string; ALIAS_NAME?: string };
type BirthDate = { TYPE_OF_DATE?: string; DATE?: string; YEAR?: string; FROM_YEAR?: string; TO_YEAR?: string };
type UnRecord = {
  DATAID?: string;
  FIRST_NAME?: string;
  SECOND_NAME?: string;
  THIRD_NAME?: string;
  FOURTH_NAME?: string;
  UN_LIST_TYPE?: string;
  REFERENCE_NUMBER?: string;
  NAME_ORIGINAL_SCRIPT?: string;
  COMMENTS1?: string;
  NATIONALITY?: Values;
  INDIVIDUAL_ALIAS?: Alias[];
  ENTITY_ALIAS?: Alias[];
  INDIVIDUAL_ADDRESS?: { COUNTRY?: string }[];
  ENTITY_ADDRESS?: { COUNTRY?: string }[];
  INDIVIDUAL_DATE_OF_BIRTH?: BirthDate[];
  GENDER?: string;
};

const isLowQuality = (alias: Alias) => alias.QUALITY?.trim().toLowerCase() === "low";
const values = (v: Values | undefined): string[] => (typeof v === "object" ? (v.VALUE ?? []) : []);

function birthDates(date: BirthDate): string[] {
  if (date.DATE) return parseListedDate(date.DATE);
  if (date.FROM_YEAR && date.TO_YEAR) return yearRange(Number(date.FROM_YEAR), Number(date.TO_YEAR));
  return parseListedDate(date.YEAR);
}

export function unRecordToParsed(tag: "INDIVIDUAL" | "ENTITY", record: UnRecord): ParsedEntry | null {
  // not distinct(): a name may repeat a part (AHMED AHMED)
  const primaryName = [record.FIRST_NAME, record.SECOND_NAME, record.THIRD_NAME, record.FOURTH_NAME]
    .map((part) => part?.trim())
    .filter(Boolean)
    .join(" ");
  if (!record.DATAID || !primaryName) return null;
  const aliases = (tag === "INDIVIDUAL" ? record.INDIVIDUAL_ALIAS : record.ENTITY_ALIAS) ?? [];
  const addresses = (tag === "INDIVIDUAL" ? record.INDIVIDUAL_ADDRESS : record.ENTITY_ADDRESS) ?? [];
  return {
    externalId: String(record.DATAID),
    entityType: tag === "INDIVIDUAL" ? "PERSON" : "ORGANIZATION",
    primaryName,
    aliases: distinct([
      // the name in its own script (Arabic, Cyrillic, ...): matched after transliteration like any alias
      record.NAME_ORIGINAL_SCRIPT,
      // "Low" quality aliases are the UN's own warning: single names and fragments that only cause false hits
      ...aliases.filter((a) => !isLowQuality(a)).map((a) => a.ALIAS_NAME),
    ]).filter((a) => a !== primaryName),
    // kept apart, not dropped: whether they are screened is the workflow's choice (docs/checks.md)
    lowQualityAliases: distinct(aliases.filter(isLowQuality).map((a) => a.ALIAS_NAME)).filter((a) => a !== primaryName),
    birthDates: distinct((record.INDIVIDUAL_DATE_OF_BIRTH ?? []).flatMap(birthDates)),
    gender: genderOf([record.GENDER]),
    countries: distinct([...values(record.NATIONALITY), ...addresses.map((a) => a.COUNTRY)]),
    programs: distinct([record.UN_LIST_TYPE]),
    remarks:
      distinct([record.REFERENCE_NUMBER && `UN ref ${record.REFERENCE_NUMBER}`, record.COMMENTS1]).join(" — ") || null,
  };
}

export const parseUnConsolidated: ListParser = async function* (file, context) {
  const records = xmlRecords(file, context.hash, ["INDIVIDUAL", "ENTITY"], (prolog) => {
    context.sourceVersion = prolog.match(/<CONSOLIDATED_LIST\b[^>]*\bdateGenerated="([^"]+)"/)?.[1] ?? null;
  });
  for await (const { tag, xml } of records) {
    const record = (parser.parse(xml) as Record<string, UnRecord | undefined>)[tag] ?? {};
    const parsed = unRecordToParsed(tag as "INDIVIDUAL" | "ENTITY", record);
    if (parsed) yield parsed;
    else context.skipped++;
  }
};
