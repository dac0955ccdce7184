import anyAscii from "any-ascii";
import worldCountries from "world-countries";
import { allCountries } from "@/lib/shared/countries";

// Countries and continents named in one word (GERMANY, EUROPE). In an organisation's name such a word usually says
// where a branch or subsidiary is, as a qualifier in parentheses does (FABERLIC EUROPE, GAZPROM GERMANIA): it weighs
// as little when only one side has it, and two different ones still conflict in full (align.ts). A country's demonym
// qualifies a name as its name does (AEROFLOT RUSSIAN AIRLINES, BELAVIA BELARUSIAN AIRLINES): the English demonyms
// world-countries lists, and KOREAN, which both Koreas' two-word demonyms share.
const CONTINENTS = ["AFRICA", "AMERICA", "AMERICAS", "ASIA", "EUROPE", "EURASIA", "OCEANIA", "SCANDINAVIA"];

export const PLACE_WORDS: ReadonlySet<string> = new Set([
  ...CONTINENTS,
  ...allCountries()
    .map((c) => anyAscii(c.name).toUpperCase())
    .filter((name) => /^[A-Z]+$/.test(name)),
  ...demonyms(),
]);

function demonyms(): string[] {
  const codes = new Set(allCountries().map((c) => c.code));
  const words = worldCountries
    .filter((c) => codes.has(c.cca2))
    .flatMap((c) => [c.demonyms?.eng?.f, c.demonyms?.eng?.m])
    .map((word) => anyAscii(word ?? "").toUpperCase());
  return [...words.filter((word) => /^[A-Z]+$/.test(word)), "KOREAN"];
}
