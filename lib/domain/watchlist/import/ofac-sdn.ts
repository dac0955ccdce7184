import { XMLParser } from "fast-xml-parser";
import type { WatchlistEntityType } from "@/generated/prisma/enums";
import { parseListedDate } from "@/lib/domain/watchlist/import/dates";
import { xmlRecords } from "@/lib/domain/watchlist/import/read-file";
import { distinct, type ListParser, type ParsedEntry } from "@/lib/domain/watchlist/import/types";

// OFAC SDN list, "SDN.XML" (https://sanctionslistservice.ofac.treas.gov/api/PublicationPreview/exports/SDN.XML,
// formerly treasury.gov/ofac/downloads/sdn.xml):
//   <sdnList xmlns="…">
//     <publshInformation><Publish_Date>MM/DD/YYYY</Publish_Date><Record_Count>n</Record_Count></publshInformation>
//     <sdnEntry>
//       <uid/> <firstName/>? <lastName/> <title/>? <sdnType>Individual|Entity|Vessel|Aircraft</sdnType> <remarks/>?
//       <programList><program/>*</programList>
//       <akaList><aka><uid/><type>a.k.a.|f.k.a.|n.k.a.</type><category>strong|weak</category><firstName/>?<lastName/></aka>*</akaList>
//       <addressList><address><uid/>…<country/>?</address>*</addressList>
//       <nationalityList><nationality><uid/><country/><mainEntry/></nationality>*</nationalityList>
//       <citizenshipList><citizenship><uid/><country/><mainEntry/></citizenship>*</citizenshipList>
//       <dateOfBirthList><dateOfBirthItem><uid/><dateOfBirth>10 Dec 1948 | 1948 | circa 1948 | 1948 to 1950</dateOfBirth><mainEntry/></dateOfBirthItem>*</dateOfBirthList>
//       <placeOfBirthList/>, <idList/>, <vesselInfo/> (not used for name screening)
//     </sdnEntry>*
//   </sdnList>
// (the header element really is spelled "publshInformation").

const LISTS = new Set(["program", "aka", "address", "nationality", "citizenship", "dateOfBirthItem"]);
const parser = new XMLParser({
  ignoreAttributes: true,
  parseTagValue: false,
  trimValues: true,
  isArray: (name) => LISTS.has(name),
});

const TYPES: Record<string, WatchlistEntityType> = { individual: "PERSON", entity: "ORGANIZATION", vessel: "VESSEL" };

type Named = { firstName?: string; lastName?: string };
type SdnEntry = Named & {
  uid?: string;
  title?: string;
  sdnType?: string;
  remarks?: string;
  programList?: { program?: string[] };
  akaList?: { aka?: (Named & { category?: string })[] };
  addressList?: { address?: { country?: string }[] };
  nationalityList?: { nationality?: { country?: string }[] };
  citizenshipList?: { citizenship?: { country?: string }[] };
  dateOfBirthList?: { dateOfBirthItem?: { dateOfBirth?: string }[] };
};

// OFAC writes individuals "LAST, First" in its own publications: keep that form for the reviewer.
function fullName({ firstName, lastName }: Named): string {
  return [lastName, firstName]
    .map((p) => p?.trim())
    .filter(Boolean)
    .join(", ");
}

const isWeak = (aka: { category?: string }) => aka.category?.trim().toLowerCase() === "weak";

export function sdnEntryToParsed(entry: SdnEntry): ParsedEntry | null {
  const primaryName = fullName(entry);
  if (!entry.uid || !primaryName) return null;
  return {
    externalId: String(entry.uid),
    entityType: TYPES[entry.sdnType?.trim().toLowerCase() ?? ""] ?? "OTHER",
    primaryName,
    // OFAC: weak AKAs are "relatively broad or generic" and not expected to be screened
    aliases: distinct((entry.akaList?.aka ?? []).filter((a) => !isWeak(a)).map(fullName)).filter(
      (a) => a !== primaryName,
    ),
    // kept apart, not dropped: whether they are screened is the workflow's choice (docs/checks.md)
    lowQualityAliases: distinct((entry.akaList?.aka ?? []).filter(isWeak).map(fullName)).filter(
      (a) => a !== primaryName,
    ),
    birthDates: distinct((entry.dateOfBirthList?.dateOfBirthItem ?? []).flatMap((d) => parseListedDate(d.dateOfBirth))),
    countries: distinct([
      ...(entry.nationalityList?.nationality ?? []).map((n) => n.country),
      ...(entry.citizenshipList?.citizenship ?? []).map((c) => c.country),
      ...(entry.addressList?.address ?? []).map((a) => a.country),
    ]),
    programs: distinct(entry.programList?.program ?? []),
    remarks: distinct([entry.title, entry.remarks]).join(" — ") || null,
  };
}

function publishDate(prolog: string): string | null {
  const raw = prolog.match(/<Publish_Date>\s*([^<]+?)\s*<\/Publish_Date>/)?.[1];
  const us = raw?.match(/^(\d{2})\/(\d{2})\/(\d{4})$/);
  return us ? `${us[3]}-${us[1]}-${us[2]}` : (raw ?? null);
}

export const parseOfacSdn: ListParser = async function* (file, context) {
  const records = xmlRecords(file, context.hash, ["sdnEntry"], (prolog) => {
    context.sourceVersion = publishDate(prolog);
  });
  for await (const { xml } of records) {
    const parsed = sdnEntryToParsed((parser.parse(xml) as { sdnEntry?: SdnEntry }).sdnEntry ?? {});
    if (parsed) yield parsed;
    else context.skipped++;
  }
};
