import type { WatchlistEntityType } from "@/generated/prisma/enums";
import {
  datePeriod,
  readLocation,
  ReferenceValues,
  type LocationFacts,
} from "@/lib/domain/watchlist/import/ofac-advanced-refs";
import { xmlRecords } from "@/lib/domain/watchlist/import/read-file";
import { distinct, genderOf, type ListParser, type ParsedEntry } from "@/lib/domain/watchlist/import/types";
import { attr, attributeXmlParser, many, textOf, type XmlNode } from "@/lib/domain/watchlist/import/xml-node";

// OFAC SDN list, "advanced" XML (https://sanctionslistservice.ofac.treas.gov/api/PublicationPreview/exports/
// SDN_ADVANCED.XML; OFAC's "sdn_advanced_notes.pdf" describes it). Fully cross-referenced:
//   <Sanctions xmlns="https://sanctionslistservice.ofac.treas.gov/api/PublicationPreview/exports/ADVANCED_XML">
//     <DateOfIssue><Year/><Month/><Day/></DateOfIssue>
//     <ReferenceValueSets> AliasTypeValues (A.K.A., F.K.A., N.K.A., Name), CountryValues, AreaCodeValues,
//       FeatureTypeValues (Birthdate, Place of Birth, Nationality Country, Citizenship Country, Location, ...),
//       NamePartTypeValues (Last Name, First Name, Middle Name, Patronymic, Entity Name, Vessel Name, ...),
//       PartySubTypeValues (Vessel, Aircraft, Unknown → PartyTypeValues: Individual, Entity), LocPartTypeValues,
//       SanctionsTypeValues (Program, Block, ...), ... </ReferenceValueSets>
//     <Locations><Location ID><LocationCountry CountryID/>?<LocationAreaCode AreaCodeID/>?<LocationPart/>*</Location>*
//     <IDRegDocuments/>
//     <DistinctParties><DistinctParty FixedRef="36"><Comment/>
//       <Profile ID="36" PartySubTypeID="3">
//         <Identity ID Primary="true"><Alias AliasTypeID Primary LowQuality><DocumentedName>
//             <DocumentedNamePart><NamePartValue NamePartGroupID ScriptID>AEROCARIBBEAN AIRLINES</NamePartValue>
//           </DocumentedNamePart>*</DocumentedName>*</Alias>*
//           <NamePartGroups><MasterNamePartGroup><NamePartGroup ID NamePartTypeID/></MasterNamePartGroup>*</NamePartGroups>
//         </Identity>
//         <Feature FeatureTypeID><FeatureVersion><DatePeriod/>?<VersionDetail/>?<VersionLocation LocationID/>?
//         </FeatureVersion></Feature>*
//       </Profile></DistinctParty>*</DistinctParties>
//     <ProfileRelationships/>
//     <SanctionsEntries><SanctionsEntry ProfileID ListID><SanctionsMeasure SanctionsTypeID><Comment>CUBA</Comment>
//       </SanctionsMeasure>*</SanctionsEntry>*</SanctionsEntries>
//   </Sanctions>
// FixedRef is the SDN uid of SDN.XML and the ent_num of the CSV. Programs come last, in <SanctionsEntries>: they
// reach their entries through ParseContext.latePrograms, as FtM Sanction entities do. Reference values are matched
// by their TEXT ("Birthdate", "Last Name"), never by a hard-coded id.

const parser = attributeXmlParser();

const TYPES: Record<string, WatchlistEntityType> = {
  individual: "PERSON",
  entity: "ORGANIZATION",
  vessel: "VESSEL",
  aircraft: "OTHER",
};

type State = {
  refs: ReferenceValues;
  locations: Map<string, LocationFacts>;
  /** Profile ID → FixedRef, for the SanctionsEntries that name the profile */
  profiles: Map<string, string>;
};

/** One DocumentedName as OFAC writes it elsewhere: "LAST, Given Names" for a person, the whole name otherwise. */
function documentedName(state: State, groups: Map<string, string>, name: XmlNode): string | undefined {
  const parts = many(name.DocumentedNamePart).flatMap((p) =>
    many(p.NamePartValue).map((v) => ({ type: groups.get(attr(v, "NamePartGroupID") ?? ""), value: textOf(v) })),
  );
  const last = parts.filter((p) => p.type === "Last Name").map((p) => p.value);
  const rest = parts.filter((p) => p.type !== "Last Name").map((p) => p.value);
  const lastText = distinct(last).join(" ");
  const restText = rest.filter(Boolean).join(" ");
  return (lastText && restText ? `${lastText}, ${restText}` : lastText || restText) || undefined;
}

const isPrimaryLatin = (state: State, name: XmlNode) =>
  state.refs.text("DocNameStatus", attr(name, "DocNameStatusID"))?.toLowerCase() === "primary latin";

function partyType(state: State, profile: XmlNode): WatchlistEntityType {
  const subType = state.refs.get("PartySubType", attr(profile, "PartySubTypeID"));
  let label = subType?.text;
  if (!label || label.toLowerCase() === "unknown")
    label = state.refs.text("PartyType", attr(subType?.node, "PartyTypeID"));
  return TYPES[label?.toLowerCase() ?? ""] ?? "OTHER";
}

function features(state: State, profile: XmlNode) {
  const birthDates: string[] = [];
  const countries: (string | undefined)[] = [];
  const genders: (string | undefined)[] = [];
  for (const feature of many(profile.Feature)) {
    const label = state.refs.text("FeatureType", attr(feature, "FeatureTypeID"))?.toLowerCase() ?? "";
    const isBirthDate = /^birth ?date$/.test(label);
    const isNationality = /^(nationality|citizenship)( country)?$/.test(label);
    const isLocation = label === "location";
    const isGender = label === "gender";
    if (!isBirthDate && !isNationality && !isLocation && !isGender) continue;
    for (const version of many(feature.FeatureVersion)) {
      if (isBirthDate) for (const period of many(version.DatePeriod)) birthDates.push(...datePeriod(period));
      for (const loc of many(version.VersionLocation)) {
        const facts = state.locations.get(attr(loc, "LocationID") ?? "");
        countries.push(isNationality ? (facts?.country ?? facts?.unknownPart) : facts?.country);
      }
      if (isGender)
        for (const detail of many(version.VersionDetail))
          genders.push(state.refs.text("DetailReference", attr(detail, "DetailReferenceID")) ?? textOf(detail));
      if (isNationality)
        for (const detail of many(version.VersionDetail))
          countries.push(state.refs.text("DetailReference", attr(detail, "DetailReferenceID")) ?? textOf(detail));
    }
  }
  return { birthDates, countries, gender: genderOf(genders) };
}

export function distinctPartyToParsed(state: State, party: XmlNode): ParsedEntry | null {
  const externalId = attr(party, "FixedRef");
  const profile = many(party.Profile)[0];
  if (!externalId || !profile) return null;
  const identities = many(profile.Identity);
  const identity = identities.find((i) => attr(i, "Primary") === "true") ?? identities[0];
  if (!identity) return null;
  const groups = new Map<string, string>();
  for (const master of many((many(identity.NamePartGroups)[0] ?? {}).MasterNamePartGroup))
    for (const group of many(master.NamePartGroup))
      groups.set(attr(group, "ID") ?? "", state.refs.text("NamePartType", attr(group, "NamePartTypeID")) ?? "");

  let primaryName: string | undefined;
  const aliases: (string | undefined)[] = [];
  const weak: (string | undefined)[] = [];
  for (const alias of many(identity.Alias)) {
    const isPrimary = attr(alias, "Primary") === "true";
    // the primary alias may carry the name in several scripts: its "Primary Latin" one is the entry's name
    const documented = many(alias.DocumentedName).sort(
      (a, b) => Number(isPrimaryLatin(state, b)) - Number(isPrimaryLatin(state, a)),
    );
    const names = documented.map((n) => documentedName(state, groups, n));
    if (isPrimary && !primaryName) primaryName = names.shift();
    // LowQuality is the advanced file's "weak" a.k.a. (SDN.XML category="weak"): kept apart
    (attr(alias, "LowQuality") === "true" ? weak : aliases).push(...names);
  }
  primaryName ??= aliases.shift();
  if (!primaryName) return null;
  const { birthDates, countries, gender } = features(state, profile);
  state.profiles.set(attr(profile, "ID") ?? externalId, externalId);
  return {
    externalId,
    entityType: partyType(state, profile),
    primaryName,
    aliases: distinct(aliases).filter((a) => a !== primaryName),
    lowQualityAliases: distinct(weak).filter((a) => a !== primaryName),
    birthDates: distinct(birthDates),
    gender,
    countries: distinct(countries),
    // filled in from <SanctionsEntries> after the parties (ParseContext.latePrograms)
    programs: [],
    remarks: textOf(party.Comment) ?? null,
  };
}

/** <SanctionsEntry>: its "Program" measures (CUBA, SDGT, ...). */
function entryPrograms(state: State, entry: XmlNode): string[] {
  return distinct(
    many(entry.SanctionsMeasure)
      .filter((m) => state.refs.text("SanctionsType", attr(m, "SanctionsTypeID"))?.toLowerCase() === "program")
      .map((m) => textOf(m.Comment)),
  );
}

function dateOfIssue(prolog: string): string | null {
  const block = prolog.match(/<DateOfIssue\b[^>]*>([\s\S]*?)<\/DateOfIssue>/)?.[1];
  const part = (tag: string) => block?.match(new RegExp(`<${tag}>\\s*(\\d+)\\s*</${tag}>`))?.[1];
  const [y, m, d] = [part("Year"), part("Month"), part("Day")];
  return y && m && d ? `${y}-${m.padStart(2, "0")}-${d.padStart(2, "0")}` : null;
}

export const parseOfacSdnAdvanced: ListParser = async function* (file, context) {
  const state: State = { refs: new ReferenceValues(), locations: new Map(), profiles: new Map() };
  const tags = ["ReferenceValueSets", "Location", "DistinctParty", "SanctionsEntry"] as const;
  const records = xmlRecords(file, context.hash, tags, (prolog) => {
    context.sourceVersion = dateOfIssue(prolog);
  });
  for await (const { tag, xml } of records) {
    const node = ((parser.parse(xml) as XmlNode)[tag] ?? {}) as XmlNode;
    if (tag === "ReferenceValueSets") state.refs.load(node);
    else if (tag === "Location") state.locations.set(attr(node, "ID") ?? "", readLocation(state.refs, node));
    else if (tag === "SanctionsEntry") {
      const target = state.profiles.get(attr(node, "ProfileID") ?? "");
      const programs = entryPrograms(state, node);
      if (target && programs.length > 0)
        context.latePrograms.set(target, distinct([...(context.latePrograms.get(target) ?? []), ...programs]));
    } else {
      if (state.refs.size === 0)
        throw new Error("a DistinctParty before any ReferenceValueSets: not an OFAC SDN_ADVANCED.XML");
      const parsed = distinctPartyToParsed(state, node);
      if (parsed) yield parsed;
      else context.skipped++;
    }
  }
};
