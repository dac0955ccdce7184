import type { WatchlistEntityType } from "@/generated/prisma/enums";
import { parseListedDate, yearRange } from "@/lib/domain/watchlist/import/dates";
import { xmlRecords } from "@/lib/domain/watchlist/import/read-file";
import { distinct, genderOf, type ListParser, type ParsedEntry } from "@/lib/domain/watchlist/import/types";
import { attr, attributeXmlParser, many, textOf, type XmlNode } from "@/lib/domain/watchlist/import/xml-node";

// EU Financial Sanctions Files, "xmlFullSanctionsList_1_1"
// (https://webgate.ec.europa.eu/fsd/fsf/public/files/xmlFullSanctionsList_1_1/content?token=...): the EU's
// consolidated list of persons, groups and entities subject to CFSP financial sanctions. Data sits in attributes:
//   <export generationDate="2026-01-01T..." globalFileId="..." xmlns="http://eu.europa.ec/fpi/fsd/export">
//     <sanctionEntity designationDetails="" unitedNationId="QDi.001" euReferenceNumber="EU.27.28" logicalId="13">
//       <remark>...</remark>?
//       <regulation regulationType="..." publicationDate="..." programme="IRQ" logicalId="..."><publicationUrl/></regulation>*
//       <subjectType code="person|enterprise" classificationCode="P|E"/>
//       <nameAlias firstName="" middleName="" lastName="" wholeName="" function="" gender="M|F" title=""
//                  nameLanguage="" strong="true|false" regulationLanguage="en" logicalId=""><remark/>?</nameAlias>*
//       <citizenship region="" countryIso2Code="IQ" countryDescription="IRAQ"/>*
//       <birthdate circa="false" calendarType="GREGORIAN" birthdate="1937-04-28" dayOfMonth="28" monthOfYear="4"
//                  year="1937" yearRangeFrom="" yearRangeTo="" city="" countryIso2Code="" countryDescription=""/>*
//       <address street="" city="" countryIso2Code="" countryDescription=""/>*, <identification/>*
//     </sanctionEntity>*
//   </export>
// Weak aliases: strong="false", or a remark saying "low quality" (how the EU marks UN Low-quality aliases).

const parser = attributeXmlParser();

const TYPES: Record<string, WatchlistEntityType> = { person: "PERSON", enterprise: "ORGANIZATION" };

const country = (node: XmlNode) => {
  const name = attr(node, "countryDescription");
  return name && name.toUpperCase() !== "UNKNOWN" ? name : undefined;
};
const aliasName = (a: XmlNode) =>
  attr(a, "wholeName") ||
  distinct([attr(a, "firstName"), attr(a, "middleName"), attr(a, "lastName")]).join(" ") ||
  undefined;
const isWeak = (a: XmlNode) =>
  attr(a, "strong")?.toLowerCase() === "false" || many(a.remark).some((r) => /\blow? quality\b/i.test(textOf(r) ?? ""));

function birthDates(b: XmlNode): string[] {
  const full = attr(b, "birthdate");
  if (full) return parseListedDate(full);
  const year = attr(b, "year");
  if (year && /^\d{4}$/.test(year)) {
    const month = attr(b, "monthOfYear")?.padStart(2, "0");
    const day = attr(b, "dayOfMonth")?.padStart(2, "0");
    if (!month || !/^\d{2}$/.test(month)) return [year];
    return [day && /^\d{2}$/.test(day) ? `${year}-${month}-${day}` : `${year}-${month}`];
  }
  const from = attr(b, "yearRangeFrom");
  const to = attr(b, "yearRangeTo");
  return from && to ? yearRange(Number(from), Number(to)) : [];
}

export function euEntityToParsed(entity: XmlNode): ParsedEntry | null {
  const names = many(entity.nameAlias);
  const strong = names.filter((a) => !isWeak(a));
  const primaryName = aliasName(strong[0] ?? names[0] ?? {});
  const externalId = attr(entity, "logicalId");
  if (!externalId || !primaryName) return null;
  const ref = attr(entity, "euReferenceNumber");
  const unRef = attr(entity, "unitedNationId");
  return {
    externalId,
    entityType: TYPES[attr(many(entity.subjectType)[0], "code")?.toLowerCase() ?? ""] ?? "OTHER",
    primaryName,
    aliases: distinct(strong.map(aliasName)).filter((a) => a !== primaryName),
    lowQualityAliases: distinct(names.filter(isWeak).map(aliasName)).filter((a) => a !== primaryName),
    birthDates: distinct(many(entity.birthdate).flatMap(birthDates)),
    gender: genderOf(names.map((a) => attr(a, "gender"))),
    countries: distinct([...many(entity.citizenship).map(country), ...many(entity.address).map(country)]),
    programs: distinct(many(entity.regulation).map((r) => attr(r, "programme"))),
    remarks:
      distinct([ref && `EU ref ${ref}`, unRef && `UN ref ${unRef}`, ...many(entity.remark).map(textOf)]).join(" — ") ||
      null,
  };
}

export const parseEuFsf: ListParser = async function* (file, context) {
  const records = xmlRecords(file, context.hash, ["sanctionEntity"], (prolog) => {
    context.sourceVersion = prolog.match(/<export\b[^>]*\bgenerationDate="([^"]+)"/)?.[1] ?? null;
  });
  for await (const { xml } of records) {
    const parsed = euEntityToParsed(many((parser.parse(xml) as XmlNode).sanctionEntity)[0] ?? {});
    if (parsed) yield parsed;
    else context.skipped++;
  }
};
