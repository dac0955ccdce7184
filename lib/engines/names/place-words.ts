import anyAscii from "any-ascii";
import worldCountries from "world-countries";
import { allCountries } from "@/lib/shared/countries";

// Countries and continents named in one word (GERMANY, EUROPE). In an organisation's name such a word usually says
// where a branch or subsidiary is, as a qualifier in parentheses does (FABERLIC EUROPE, GAZPROM GERMANIA): it weighs
// as little when only one side has it, and two different ones still conflict in full (align.ts). A country's demonym
// qualifies a name as its name does (AEROFLOT RUSSIAN AIRLINES, BELAVIA BELARUSIAN AIRLINES): the English demonyms
// world-countries lists, and KOREAN, which both Koreas' two-word demonyms share.
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

export const PLACE_WORDS: ReadonlySet<string> = new Set([
  ...CONTINENTS,
  ...CHINESE_PLACES,
  ...allCountries()
    .map((c) => anyAscii(c.name).toUpperCase())
    .filter((name) => /^[A-Z]+$/.test(name)),
  ...demonyms(),
]);

// Which place each word names: a country's name and its demonyms its code (IRAN and IRANIAN: IR), a continent or a
// Chinese place itself. A demonym two countries share (DOMINICAN, CONGOLESE) names both.
const PLACES_OF: ReadonlyMap<string, ReadonlySet<string>> = (() => {
  const places = new Map<string, Set<string>>();
  const add = (word: string | undefined, place: string) => {
    const key = anyAscii(word ?? "").toUpperCase();
    if (!/^[A-Z]+$/.test(key)) return;
    places.set(key, (places.get(key) ?? new Set()).add(place));
  };
  for (const word of [...CONTINENTS, ...CHINESE_PLACES]) add(word, word);
  const codes = new Set(allCountries().map((c) => c.code));
  for (const c of allCountries()) add(c.name, c.code);
  for (const c of worldCountries.filter((c) => codes.has(c.cca2))) {
    add(c.name.common, c.cca2);
    add(c.demonyms?.eng?.f, c.cca2);
    add(c.demonyms?.eng?.m, c.cca2);
  }
  add("KOREAN", "KR");
  add("KOREAN", "KP");
  return places;
})();

/**
 * Two words that each name a known place, and not the same one (IRAN and IRAQ, AUSTRIA and AUSTRALIA): another
 * country is another branch or another state's body however alike the letters (CENTRAL BANK OF IRAN is not of IRAQ).
 * A country and its demonym (IRAN, IRANIAN) name the same place.
 */
export function arePlacesApart(a: string, b: string): boolean {
  const [pa, pb] = [PLACES_OF.get(a), PLACES_OF.get(b)];
  return !!pa && !!pb && ![...pa].some((place) => pb.has(place));
}

/** A country's name and its demonym, or two demonyms of one country (IRAN, IRANIAN; BRITISH, BRITON). */
export function isSamePlace(a: string, b: string): boolean {
  const [pa, pb] = [PLACES_OF.get(a), PLACES_OF.get(b)];
  return !!pa && !!pb && [...pa].some((place) => pb.has(place));
}

function demonyms(): string[] {
  const codes = new Set(allCountries().map((c) => c.code));
  const words = worldCountries
    .filter((c) => codes.has(c.cca2))
    .flatMap((c) => [c.demonyms?.eng?.f, c.demonyms?.eng?.m])
    .map((word) => anyAscii(word ?? "").toUpperCase());
  return [...words.filter((word) => /^[A-Z]+$/.test(word)), "KOREAN"];
}
