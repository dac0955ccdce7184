import { yearRange } from "@/lib/domain/watchlist/import/dates";
import { attr, many, textOf, type XmlNode } from "@/lib/domain/watchlist/import/xml-node";

// The cross-references of OFAC's SDN_ADVANCED.XML (see ofac-sdn-advanced.ts): every type, country and place in a
// party is a numeric id resolved through <ReferenceValueSets> or <Locations>, which the file publishes before its
// <DistinctParties>. Both are kept in memory while the parties stream: a few thousand small values (about 2 MB of
// the ~100 MB file), never the parties themselves.

/** One reference value: its text and attributes (a Country's ISO2, an AreaCode's Description, ...). */
export type RefValue = { text?: string; node: XmlNode };

/** <ReferenceValueSets><AliasTypeValues><AliasType ID="1400">A.K.A.</AliasType>... → "AliasType" → id → value. */
export class ReferenceValues {
  private readonly sets = new Map<string, Map<string, RefValue>>();

  get size() {
    return this.sets.size;
  }

  load(root: XmlNode) {
    for (const [setName, set] of Object.entries(root)) {
      if (!setName.endsWith("Values")) continue;
      const type = setName.slice(0, -"Values".length);
      const values = new Map<string, RefValue>();
      for (const node of many((set as XmlNode | undefined)?.[type])) {
        const id = attr(node, "ID");
        if (id) values.set(id, { text: textOf(node), node });
      }
      this.sets.set(type, values);
    }
  }

  get(type: string, id: string | undefined): RefValue | undefined {
    return id === undefined ? undefined : this.sets.get(type)?.get(id);
  }

  text(type: string, id: string | undefined): string | undefined {
    return this.get(type, id)?.text;
  }
}

// OFAC's placeholder for "no country known"
const isKnownCountry = (c: string | undefined): c is string => !!c && c.toLowerCase() !== "undetermined";

/** A <Location>: its country (LocationCountry, else its area code) and a free-text part typed "Unknown". */
export type LocationFacts = { country?: string; unknownPart?: string };

export function readLocation(refs: ReferenceValues, location: XmlNode): LocationFacts {
  const countries = [
    ...many(location.LocationCountry).map((c) => refs.text("Country", attr(c, "CountryID"))),
    ...many(location.LocationAreaCode).map((a) =>
      attr(refs.get("AreaCode", attr(a, "AreaCodeID"))?.node, "Description"),
    ),
  ].filter(isKnownCountry);
  // a Nationality/Citizenship feature points at a Location whose only part is the country's name, typed "Unknown"
  const unknownPart = many(location.LocationPart)
    .filter((p) => refs.text("LocPartType", attr(p, "LocPartTypeID"))?.toLowerCase() === "unknown")
    .flatMap((p) => many(p.LocationPartValue).map((v) => textOf(v.Value)))
    .find(isKnownCountry);
  return { country: countries[0], unknownPart };
}

/** <Year>1962</Year><Month>11</Month><Day>23</Day> → "1962-11-23" (or "1962-11", "1962"). */
function dateOf(node: XmlNode | undefined): string | undefined {
  const year = textOf(node?.Year);
  if (!year || !/^\d{4}$/.test(year)) return undefined;
  const month = textOf(node?.Month);
  const day = textOf(node?.Day);
  if (!month) return year;
  const mm = month.padStart(2, "0");
  return day ? `${year}-${mm}-${day.padStart(2, "0")}` : `${year}-${mm}`;
}

/** A <DatePeriod> (Start and End, each a From–To window) as dates of birth worth comparing. */
export function datePeriod(period: XmlNode): string[] {
  const start = many(period.Start)[0];
  const end = many(period.End)[0];
  const startFrom = dateOf(many(start?.From)[0]);
  const startTo = dateOf(many(start?.To)[0]) ?? startFrom;
  const endTo = dateOf(many(end?.To)[0]) ?? dateOf(many(end?.From)[0]) ?? startTo;
  if (!startFrom) return [];
  if (startFrom === endTo) return [startFrom];
  // a whole-year window ("1970-01-01" … "1972-12-31") is how OFAC writes "1970 to 1972" or a bare year
  if (/-01-01$/.test(startFrom) && /-12-31$/.test(endTo ?? ""))
    return yearRange(Number(startFrom.slice(0, 4)), Number(endTo!.slice(0, 4)));
  return [...new Set([startFrom, endTo!].filter(Boolean))];
}
