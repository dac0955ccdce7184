// A Russian or Ukrainian organisation's name written in Latin letters word for word says in words what its English
// name says: OBYEDINENNAYA AVIASTROITELNAYA KORPORATSIYA is the UNITED AIRCRAFT CORPORATION, FEDERALNAYA SLUZHBA
// BEZOPASNOSTI the FEDERAL SECURITY SERVICE. Lists write both (OFAC's and the EU's aliases), and each word of one
// meets nothing in the other. So the words of kind, business and administration of such names are read as their
// English word too, as the transliterated kinds of Arabic names are (generic-words.ts): an alternative spelling of the
// token, so the written word stays what acronyms read (FSB). Each is a stem with the endings Russian and Ukrainian
// adjectives and nouns take in the transliterations lists use (-YI, -IY, -AYA, -AIA, -OYE, -OGO, -YKH, -A, -I …).
// Written for this project from the words of the lists' Russian and Ukrainian organisations; organisations only.

const ADJECTIVES: Readonly<Record<string, string>> = {
  OBYEDINENN: "UNITED",
  OBEDINENN: "UNITED",
  GOSUDARSTVENN: "STATE",
  DERZHAVN: "STATE",
  FEDERALN: "FEDERAL",
  NATSIONALN: "NATIONAL",
  MEZHDUNARODN: "INTERNATIONAL",
  ROSSIYSK: "RUSSIAN",
  ROSSIISK: "RUSSIAN",
  ROSSIJSK: "RUSSIAN",
  TSENTRALN: "CENTRAL",
  GLAVN: "MAIN",
  NEFTYAN: "OIL",
  NEFTIAN: "OIL",
  NAFTOV: "OIL",
  GAZOV: "GAS",
  INVESTITSIONN: "INVESTMENT",
  TRANSPORTN: "TRANSPORT",
  AVIASTROITELN: "AIRCRAFT",
  SUDOSTROITELN: "SHIPBUILDING",
  DVIGATELESTROITELN: "ENGINE",
  STROITELN: "CONSTRUCTION",
  ENERGETICHESK: "ENERGY",
  PROMYSHLENN: "INDUSTRIAL",
  TORGOV: "TRADING",
  KOMMERCHESK: "COMMERCIAL",
  AVTOMOBILN: "AUTOMOBILE",
  SELSKOKHOZYAYSTVENN: "AGRICULTURAL",
  SELSKOKHOZIAISTVENN: "AGRICULTURAL",
  RASCHETN: "SETTLEMENT",
  RAZVEDYVATELN: "INTELLIGENCE",
  VOENN: "MILITARY",
  ATOMN: "ATOMIC",
  KOSMICHESK: "SPACE",
  OBORONN: "DEFENCE",
  TEKHNOLOGICHESK: "TECHNOLOGICAL",
  FINANSOV: "FINANCIAL",
  STRAKHOV: "INSURANCE",
  LIZINGOV: "LEASING",
  PRYAM: "DIRECT",
  PRIAM: "DIRECT",
  NAUCHN: "SCIENTIFIC",
  PROIZVODSTVENN: "PRODUCTION",
  ZERNOV: "GRAIN",
  PRODOVOLCH: "FOOD",
  MOSKOVSK: "MOSCOW",
  KREDITN: "CREDIT",
  VNESHN: "FOREIGN",
  INOSTRANN: "FOREIGN",
  VNUTRENN: "INTERNAL",
  GENERALN: "GENERAL",
  AVIATSIONN: "AVIATION",
  TOCHN: "PRECISION",
  ISSLEDOVATELSK: "RESEARCH",
  ELEKTRONN: "ELECTRONIC",
  ELEKTRICHESK: "ELECTRIC",
  KHIMICHESK: "CHEMICAL",
  METALLURGICHESK: "METALLURGICAL",
  MORSK: "MARITIME",
  SUDOKHODN: "SHIPPING",
  EKONOMICHESK: "ECONOMIC",
  SOTSIALN: "SOCIAL",
  REGIONALN: "REGIONAL",
  RESPUBLIKANSK: "REPUBLICAN",
  SEVERN: "NORTHERN",
  YUZHN: "SOUTHERN",
  ZAPADN: "WESTERN",
  VOSTOCHN: "EASTERN",
  OKHRANN: "SECURITY",
  YADERN: "NUCLEAR",
  RAKETN: "MISSILE",
  // one Russian word for two English ones, given joined: it meets the other side's two words as one run (align.ts)
  VSEROSSIYSK: "ALLRUSSIAN",
  VSEROSSIISK: "ALLRUSSIAN",
  MASHINOSTROITELN: "MACHINEBUILDING",
  ZHELEZNODOROZHN: "RAILWAY",
};
// -YI, -IY, -YY, -II, -IJ (masculine), -AYA, -AIA, -A (feminine), -OYE, -OE, -YE, -IYE, -IE, -E (neuter, plural),
// -OY, -OI, -EY, -EI, -OGO, -OVO, -YKH, -IKH, -YM, -IM, -OM, -UYU, -YU (other cases); Ukrainian -YI, -A, -E, -OHO; and -O, the
// first part of a compound (PROMYSHLENNO-STROITELNYI, industrial and construction)
const ADJECTIVE_ENDING =
  /^(?:Y?I|IY|YY|II|IJ|YJ|AYA|AIA|A|OYE|OE|YE|IYE|IE|E|O|OY|OI|OJ|EY|EI|EJ|OGO|OVO|OHO|YKH|IKH|YM|IM|OM|UYU|YU)$/;

const NOUNS: Readonly<Record<string, string>> = {
  FOND: "FUND",
  ZAVOD: "PLANT",
  SLUZHB: "SERVICE",
  UPRAVLENI: "DIRECTORATE",
  AGENTSTV: "AGENCY",
  BIRZH: "EXCHANGE",
  DEPOZITARI: "DEPOSITORY",
  MINISTERSTV: "MINISTRY",
  INSTITUT: "INSTITUTE",
  TSENTR: "CENTER",
  UNIVERSITET: "UNIVERSITY",
  AKADEMI: "ACADEMY",
  PREDPRIYATI: "ENTERPRISE",
  PREDPRIIATI: "ENTERPRISE",
  OBYEDINENI: "ASSOCIATION",
  OBEDINENI: "ASSOCIATION",
  ISSLEDOVANI: "RESEARCH",
  INVESTITSI: "INVESTMENT",
  BEZOPASNOST: "SECURITY",
  KORPORATSI: "CORPORATION",
  MENEDZHMENT: "MANAGEMENT",
  KONSALTING: "CONSULTING",
  INZHINIRING: "ENGINEERING",
  KHOLDING: "HOLDING",
  TREYDING: "TRADING",
  OBORON: "DEFENCE",
  OKHRAN: "PROTECTION",
  RAZVEDK: "INTELLIGENCE",
  FEDERATSI: "FEDERATION",
  RESPUBLIK: "REPUBLIC",
  BLAGOSOSTOYANI: "WEALTH",
  SHTAB: "STAFF",
  TEKHNOLOGI: "TECHNOLOGIES",
  SISTEM: "SYSTEMS",
  MATERIAL: "MATERIALS",
  PARTI: "PARTY",
  DVIZHENI: "MOVEMENT",
  SOYUZ: "UNION",
  ASSOTSIATSI: "ASSOCIATION",
  KOMITET: "COMMITTEE",
  SOVET: "COUNCIL",
  PALAT: "CHAMBER",
  FLOT: "FLEET",
  PAROKHODSTV: "SHIPPING",
  AEROPORT: "AIRPORT",
  VERF: "SHIPYARD",
  KOMBINAT: "PLANT",
  TRAST: "TRUST",
  STRAKHOVANI: "INSURANCE",
  RAZVITI: "DEVELOPMENT",
  TORGOVL: "TRADE",
  NEFT: "OIL",
  MASHINOSTROENI: "MACHINEBUILDING",
  MASHINOSTROYENI: "MACHINEBUILDING",
};
// the nominative and the cases names take (-A, -Y, -I, -U, -E, -O, -OV, -YE, -YA, -IYU, -IY, -IYA …)
const NOUN_ENDING = /^(?:|A|Y|I|U|E|O|OV|YE|YA|IA|IYA|II|IY|IE|IYU|IU|YU|AM|AMI|AKH|OM|EM)$/;

const cache = new Map<string, string | null>();

/** The English word of a Russian or Ukrainian organisation's word in Latin letters (SLUZHBY: SERVICE), if any. */
export function russianWordInEnglish(word: string): string | undefined {
  let known = cache.get(word);
  if (known === undefined) {
    known = lookUp(word);
    if (cache.size > 10_000) cache.clear();
    cache.set(word, known);
  }
  return known ?? undefined;
}

function lookUp(word: string): string | null {
  if (word.length < 4) return null;
  for (const [table, ending] of [
    [ADJECTIVES, ADJECTIVE_ENDING],
    [NOUNS, NOUN_ENDING],
  ] as const)
    for (let cut = Math.min(word.length, 20); cut >= 4; cut--) {
      const english = table[word.slice(0, cut)];
      if (english && ending.test(word.slice(cut))) return english;
    }
  return null;
}

/**
 * A place's Russian adjective in Latin letters against the place (URALSKIY ~ URAL, KAZANSKOGO ~ KAZAN, and a place that
 * ends in -SK itself: OMSKIY ~ OMSK, VOTKINSKIY ~ VOTKINSK), as the English name of a Russian plant or institute
 * names its town: the adjective's -SK- and ending taken off, the rest the other word, of 3 letters at least.
 */
export function isRussianPlaceAdjective(a: string, b: string): boolean {
  return isAdjectiveOf(a, b) || isAdjectiveOf(b, a);
}

function isAdjectiveOf(adjective: string, place: string): boolean {
  if (place.length < 3 || !adjective.startsWith(place)) return false;
  const rest = adjective.slice(place.length);
  const ending = place.endsWith("SK") ? rest : rest.startsWith("SK") ? rest.slice(2) : null;
  return ending !== null && ADJECTIVE_ENDING.test(ending);
}
