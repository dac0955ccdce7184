import { parseListedDate } from "@/lib/domain/watchlist/import/dates";
import { ftmEntityType } from "@/lib/domain/watchlist/import/opensanctions-csv";
import { lines } from "@/lib/domain/watchlist/import/read-file";
import { distinct, genderOf, type ListParser, type ParsedEntry } from "@/lib/domain/watchlist/import/types";

// OpenSanctions FollowTheMoney entities, JSON lines ("entities.ftm.json", or "targets.nested.json"): one entity per line,
//   {"id": "...", "schema": "Person", "caption": "...", "target": true, "datasets": [...], "last_change": "...",
//    "properties": {"name": [...], "alias": [...], "previousName": [...], "birthDate": [...],
//                   "nationality": [...], "citizenship": [...], "country": [...], "notes": [...], "topics": [...]}}
// Programs sit on separate Sanction entities, {"schema": "Sanction", "properties": {"entity": ["<target id>"],
// "programId": [...], "program": [...]}}, before or after their target; the nested export embeds them instead
// under properties.sanctions. Non-target entities (relatives, owned companies) are not list entries: skipped.

type Value = string | FtmEntity;
type FtmEntity = {
  id?: string;
  schema?: string;
  caption?: string;
  target?: boolean;
  datasets?: string[];
  last_change?: string;
  properties?: Record<string, Value[] | undefined>;
};

const strings = (values: Value[] | undefined): string[] =>
  (values ?? []).filter((v): v is string => typeof v === "string");
const entities = (values: Value[] | undefined): FtmEntity[] =>
  (values ?? []).filter((v): v is FtmEntity => typeof v === "object" && v !== null);

function sanctionPrograms(sanction: FtmEntity): string[] {
  const p = sanction.properties ?? {};
  const ids = strings(p.programId);
  return ids.length > 0 ? ids : strings(p.program);
}

export function ftmEntityToParsed(entity: FtmEntity): ParsedEntry | null {
  const entityType = ftmEntityType(entity.schema);
  const p = entity.properties ?? {};
  const names = distinct(strings(p.name));
  const primaryName = entity.caption?.trim() || names[0];
  if (!entity.id || !entityType || !primaryName || entity.target === false) return null;
  const topics = distinct(strings(p.topics));
  return {
    externalId: entity.id,
    entityType,
    primaryName,
    // weakAlias is FtM's "low quality" alias, like OFAC's weak AKAs: not screened
    aliases: distinct([...names, ...strings(p.alias), ...strings(p.previousName)]).filter((a) => a !== primaryName),
    // kept apart, not dropped: whether they are screened is the workflow's choice (docs/checks.md)
    lowQualityAliases: distinct(strings(p.weakAlias)).filter((a) => a !== primaryName),
    birthDates: distinct(strings(p.birthDate).flatMap(parseListedDate)),
    gender: genderOf(strings(p.gender)),
    countries: distinct([...strings(p.nationality), ...strings(p.citizenship), ...strings(p.country)]),
    programs: distinct(entities(p.sanctions).flatMap(sanctionPrograms)),
    remarks:
      distinct([
        ...strings(p.notes),
        topics.length > 0 ? `topics: ${topics.join(", ")}` : null,
        entity.datasets?.length ? `datasets: ${entity.datasets.join(", ")}` : null,
      ]).join(" — ") || null,
  };
}

export const parseOpenSanctionsFtm: ListParser = async function* (file, context) {
  let lineNumber = 0;
  for await (const line of lines(file, context.hash)) {
    lineNumber++;
    if (!line.trim()) continue;
    let entity: FtmEntity;
    try {
      entity = JSON.parse(line) as FtmEntity;
    } catch {
      throw new Error(`line ${lineNumber} is not JSON: not an FtM JSON lines file`);
    }
    if (entity.schema === "Sanction") {
      const programs = sanctionPrograms(entity);
      for (const target of strings(entity.properties?.entity)) {
        context.latePrograms.set(target, distinct([...(context.latePrograms.get(target) ?? []), ...programs]));
      }
      continue;
    }
    const parsed = ftmEntityToParsed(entity);
    if (!parsed) {
      context.skipped++;
      continue;
    }
    const changed = entity.last_change;
    if (changed && (!context.sourceVersion || changed > context.sourceVersion)) context.sourceVersion = changed;
    yield parsed;
  }
};
