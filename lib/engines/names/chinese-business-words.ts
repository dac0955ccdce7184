import { businessWordsRewriter } from "@/lib/engines/names/business-words";
import { HAN } from "@/lib/engines/names/chinese";

// A company's name written in Chinese characters says in words what its English name says in words: 华为技术有限公司
// is HUAWEI TECHNOLOGIES CO., LTD. Read character by character in Pinyin (HUA WEI JI SHU YOU XIAN GONG SI), only the
// brand would meet the English name, and the rest would weigh as six names the list's entry lacks. So the words that
// say what kind of company it is, and its legal form, are read as the English words Chinese companies' own English
// names use for them (the renderings in their registrations, annual reports and the lists' aliases); the brand and
// the places stay Pinyin (大华 DA HUA ~ DAHUA, 浙江 ZHE JIANG ~ ZHEJIANG). Written for this project; organisations only.

/** Chinese business words and legal forms → the English words of company names, longest first when read. */
const WORDS: Readonly<Record<string, string>> = {
  // legal forms: a limited company, by shares or not, calls itself CO., LTD. in English
  股份有限公司: "CO LTD",
  有限责任公司: "CO LTD",
  有限公司: "CO LTD",
  集团有限公司: "GROUP CO LTD",
  公司: "COMPANY",
  集团: "GROUP",
  控股: "HOLDINGS",
  // what the company does
  技术: "TECHNOLOGY",
  科技: "TECHNOLOGY",
  银行: "BANK",
  国际: "INTERNATIONAL",
  贸易: "TRADING",
  进出口: "IMPORT EXPORT",
  电子: "ELECTRONICS",
  通信: "COMMUNICATIONS",
  电信: "TELECOM",
  移动: "MOBILE",
  石油: "PETROLEUM",
  石化: "PETROCHEMICAL",
  化工: "CHEMICAL",
  航空: "AVIATION",
  航天: "AEROSPACE",
  航运: "SHIPPING",
  海运: "SHIPPING",
  船务: "SHIPPING",
  船舶: "SHIPBUILDING",
  能源: "ENERGY",
  投资: "INVESTMENT",
  发展: "DEVELOPMENT",
  工业: "INDUSTRY",
  实业: "INDUSTRIAL",
  物流: "LOGISTICS",
  建设: "CONSTRUCTION",
  工程: "ENGINEERING",
  半导体: "SEMICONDUCTOR",
  制造: "MANUFACTURING",
  数字: "DIGITAL",
  软件: "SOFTWARE",
  网络: "NETWORK",
  设备: "EQUIPMENT",
  仪器: "INSTRUMENTS",
  材料: "MATERIALS",
  机械: "MACHINERY",
  研究所: "RESEARCH INSTITUTE",
  研究院: "RESEARCH INSTITUTE",
  大学: "UNIVERSITY",
  中国: "CHINA",
  香港: "HONG KONG",
};

// The same words in Traditional characters, as Hong Kong, Macau and Taiwan register companies (華信船務(香港)有限公司,
// HUAXIN SHIPPING (HONG KONG) LTD): each character written otherwise in Traditional, and the words those places use
// for the same thing (軟體, 網路)
const TRADITIONAL: Readonly<Record<string, string>> = {
  责: "責",
  团: "團",
  术: "術",
  银: "銀",
  国: "國",
  际: "際",
  贸: "貿",
  进: "進",
  电: "電",
  动: "動",
  运: "運",
  资: "資",
  发: "發",
  实: "實",
  业: "業",
  设: "設",
  导: "導",
  体: "體",
  制: "製",
  数: "數",
  软: "軟",
  网: "網",
  络: "絡",
  备: "備",
  仪: "儀",
  机: "機",
  学: "學",
  务: "務",
};
const traditional = (word: string) => [...word].map((char) => TRADITIONAL[char] ?? char).join("");
const rewrite = businessWordsRewriter({
  ...Object.fromEntries(Object.entries(WORDS).map(([word, english]) => [traditional(word), english])),
  軟體: "SOFTWARE",
  網路: "NETWORK",
  ...WORDS,
});

/** An organisation's name with its Chinese business words and legal form written as English words, apart. */
export function chineseBusinessWordsInEnglish(name: string): string {
  if (!HAN.test(name)) return name;
  return rewrite(name);
}
