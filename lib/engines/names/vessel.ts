// A ship's type prefix is not its name: M/V WISE HONEST is the vessel WISE HONEST, and lists, registers and
// documents write the same ship with or without it (MV, M/V, M.V. motor vessel; MT, M/T motor tanker; MS, M/S, MY,
// SS, S/S, SV, RV, FV, TS; HMS, USS, USNS). Only for vessels' names: as an organisation's first word MV or MS is a
// name (MV Agusta). The prefix is taken off only where a name follows it.

const PREFIX = /^\s*(?:(?:M|S|R|F|T)\.?\s*[/.]?\s*[VTSY]|HMS|USNS|USS)\.?\s+(?=\S)/i;
// the two-letter pairs above that are a vessel type (MA, SA … are not; a pair like "TT" neither)
const TYPES = new Set(["MV", "MT", "MS", "MY", "SS", "SV", "SY", "RV", "FV", "TS", "HMS", "USNS", "USS"]);

/** The vessel's name without a leading type prefix (M/V WISE HONEST → WISE HONEST); otherwise as written. */
export function withoutVesselPrefix(name: string): string {
  const match = PREFIX.exec(name);
  if (!match) return name;
  const type = match[0].replace(/[\s./]/g, "").toUpperCase();
  return TYPES.has(type) ? name.slice(match[0].length) : name;
}
