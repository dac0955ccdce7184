import anyAscii from "any-ascii";
import { allCountries } from "@/lib/shared/countries";

// Countries and continents named in one word (GERMANY, EUROPE). In an organisation's name such a word usually says
// where a branch or subsidiary is, as a qualifier in parentheses does (FABERLIC EUROPE, GAZPROM GERMANIA): it weighs
// as little when only one side has it, and two different ones still conflict in full (align.ts).
const CONTINENTS = ["AFRICA", "AMERICA", "AMERICAS", "ASIA", "EUROPE", "EURASIA", "OCEANIA", "SCANDINAVIA"];

export const PLACE_WORDS: ReadonlySet<string> = new Set([
  ...CONTINENTS,
  ...allCountries()
    .map((c) => anyAscii(c.name).toUpperCase())
    .filter((name) => /^[A-Z]+$/.test(name)),
]);
