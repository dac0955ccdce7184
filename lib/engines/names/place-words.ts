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

function demonyms(): string[] {
  const codes = new Set(allCountries().map((c) => c.code));
  const words = worldCountries
    .filter((c) => codes.has(c.cca2))
    .flatMap((c) => [c.demonyms?.eng?.f, c.demonyms?.eng?.m])
    .map((word) => anyAscii(word ?? "").toUpperCase());
  return [...words.filter((word) => /^[A-Z]+$/.test(word)), "KOREAN"];
}
