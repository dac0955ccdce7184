import anyAscii from "any-ascii";
import worldCountries from "world-countries";
import { allCountries } from "@/lib/shared/countries";

// Countries and continents named in one word (GERMANY, EUROPE). In an organisation's name such a word usually says
// where a branch or subsidiary is, as a qualifier in parentheses does (FABERLIC EUROPE, GAZPROM GERMANIA): it weighs
// as little when only one side has it, and two different ones still conflict in full (align.ts). A country's demonym
// qualifies a name as its name does (AEROFLOT RUSSIAN AIRLINES, BELAVIA BELARUSIAN AIRLINES): the English demonyms
// world-countries lists, and KOREA and KOREAN, which both Koreas' two-word names and demonyms share.
const CONTINENTS = ["AFRICA", "AMERICA", "AMERICAS", "ASIA", "EUROPE", "EURASIA", "OCEANIA", "SCANDINAVIA"];
// A company registered in China opens its name with the province or city it is registered in (HANGZHOU HIKVISION
// DIGITAL TECHNOLOGY, SHENZHEN DJI), which the company itself, the press and other lists leave out (HIKVISION): the
// provinces and regions, the four municipalities, and the cities companies of the US Entity List and OFAC's lists are
// most often registered in, in Pinyin (XIAN for Xi'an, as tokens have it) and the old spellings still used (PEKING).
// Written for this project from general knowledge.
const CHINESE_PLACES = (
  "ANHUI FUJIAN GANSU GUANGDONG GUIZHOU HAINAN HEBEI HEILONGJIANG HENAN HUBEI HUNAN JIANGSU JIANGXI JILIN LIAONING " +
  "QINGHAI SHAANXI SHANDONG SHANXI SICHUAN YUNNAN ZHEJIANG GUANGXI NINGXIA XINJIANG XIZANG " +
  "BEIJING PEKING SHANGHAI TIANJIN CHONGQING SHENZHEN GUANGZHOU HANGZHOU NANJING WUHAN CHENGDU XIAN SUZHOU DALIAN " +
  "QINGDAO NINGBO XIAMEN SHENYANG HARBIN CHANGSHA ZHENGZHOU JINAN HEFEI KUNMING FUZHOU WUXI CHANGZHOU DONGGUAN FOSHAN " +
  "ZHUHAI NANCHANG NANNING GUIYANG LANZHOU TAIYUAN SHIJIAZHUANG CHANGCHUN URUMQI HOHHOT YANTAI WENZHOU SHAOXING " +
  "JIAXING ZHONGSHAN HUIZHOU TANGSHAN BAOTOU LUOYANG XUZHOU NANTONG MIANYANG"
).split(" ");

// Which place each word names: a country's name and its demonyms its code (IRAN and IRANIAN: IR), a continent or a
// Chinese place itself. A demonym two countries share (DOMINICAN, CONGOLESE) names both.
const places = new Map<string, Set<string>>();
const addPlace = (word: string | undefined, place: string) => {
  const key = anyAscii(word ?? "").toUpperCase();
  if (/^[A-Z]+$/.test(key)) places.set(key, (places.get(key) ?? new Set()).add(place));
};
const countries = new Set(allCountries().map((c) => c.code));
const ours = worldCountries.filter((c) => countries.has(c.cca2));
for (const word of [...CONTINENTS, ...CHINESE_PLACES]) addPlace(word, word);
for (const c of allCountries()) addPlace(c.name, c.code);
for (const c of ours) for (const demonym of [c.demonyms?.eng?.f, c.demonyms?.eng?.m]) addPlace(demonym, c.cca2);
for (const word of ["KOREA", "KOREAN"]) for (const code of ["KR", "KP"]) addPlace(word, code);

export const PLACE_WORDS: ReadonlySet<string> = new Set(places.keys());

// the countries' common English names (IRAN beside the Islamic Republic of Iran) name their places too, for telling
// two places apart, not as qualifiers
for (const c of ours) addPlace(c.name.common, c.cca2);

// Every word of a country's name, common and official, in its several words (HONG and KONG, ARAB in UNITED ARAB
// EMIRATES and SYRIAN ARAB REPUBLIC), and every place word: a word that may be part of a place's name, where an
// organisation's name adds it to another's (align.ts, organisation-shapes.ts)
const STOP = new Set(["AND", "OF", "THE", "DA", "DE", "DU", "LA", "EL"]);
export const PLACE_NAME_WORDS: ReadonlySet<string> = new Set([
  ...PLACE_WORDS,
  ...ours.flatMap((c) =>
    [c.name.common, c.name.official].flatMap((n) =>
      anyAscii(n)
        .toUpperCase()
        .split(/[^A-Z]+/)
        .filter((w) => w.length > 1 && !STOP.has(w)),
    ),
  ),
]);

/** Both words name a known place: whether they share one, else null. */
function samePlace(a: string, b: string): boolean | null {
  const [pa, pb] = [places.get(a), places.get(b)];
  return pa && pb ? [...pa].some((place) => pb.has(place)) : null;
}

/**
 * Two words that each name a known place, and not the same one (IRAN and IRAQ, AUSTRIA and AUSTRALIA): another
 * country is another branch or another state's body however alike the letters (CENTRAL BANK OF IRAN is not of IRAQ).
 * A country and its demonym (IRAN, IRANIAN) name the same place.
 */
export const arePlacesApart = (a: string, b: string) => samePlace(a, b) === false;

/** A country's name and its demonym, or two demonyms of one country (IRAN, IRANIAN; BRITISH, BRITON). */
export const isSamePlace = (a: string, b: string) => samePlace(a, b) === true;
