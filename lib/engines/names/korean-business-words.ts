import { businessWordsRewriter } from "@/lib/engines/names/business-words";
import { HANGUL } from "@/lib/engines/names/korean";

// A company's name written in Hangul says in words what its English name says in words, written without spaces:
// 단군무역회사 is DANGUN TRADING CORPORATION, 삼성전자 주식회사 SAMSUNG ELECTRONICS CO., LTD. Read syllable by syllable in
// Revised Romanisation it is one word, DANGUNMUYEOKHOESA, that meets nothing in the English name. So the words that
// say what kind of company it is, and its legal form, are read as the English words Korean companies' own English
// names use for them, apart; the brand stays Hangul (삼성, compared with SAMSUNG as Korean spellings are, korean.ts).
// 조선 (Chosŏn) opening a name is Korea, as North Korea's organisations call it in English (조선광업개발무역회사, Korea
// Mining Development Trading Corporation), and shipbuilding elsewhere (대우조선해양); 대한 opening a name is Korea
// too (대한항공, Korean Air), and so is 한국 (한국전력공사, Korea Electric Power Corporation). Written for this project; organisations only.

/** Korean business words and legal forms → the English words of company names, longest first when read. */
const WORDS: Readonly<Record<string, string>> = {
  주식회사: "CO LTD",
  유한책임회사: "LLC",
  유한회사: "LTD",
  총회사: "GENERAL CORPORATION",
  공사: "CORPORATION",
  회사: "COMPANY",
  그룹: "GROUP",
  홀딩스: "HOLDINGS",
  지주: "HOLDINGS",
  무역: "TRADING",
  상사: "TRADING",
  해운: "SHIPPING",
  항공: "AIR",
  전자: "ELECTRONICS",
  자동차: "MOTOR",
  중공업: "HEAVY INDUSTRIES",
  공업: "INDUSTRIAL",
  산업: "INDUSTRIES",
  광업: "MINING",
  개발: "DEVELOPMENT",
  은행: "BANK",
  건설: "CONSTRUCTION",
  화학: "CHEMICAL",
  기술: "TECHNOLOGY",
  통신: "TELECOM",
  투자: "INVESTMENT",
  증권: "SECURITIES",
  보험: "INSURANCE",
  에너지: "ENERGY",
  전력: "ELECTRIC POWER",
  석유: "OIL",
  철강: "STEEL",
  제철: "STEEL",
  국제: "INTERNATIONAL",
  중앙: "CENTRAL",
  조선: "SHIPBUILDING",
};

const rewrite = businessWordsRewriter(WORDS);
// Korea's names opening an organisation's name (or a word of it)
const KOREA = /(^|\s)(?:조선|대한|한국)(?=\S)/gu;

/** An organisation's name with its Korean business words and legal form written as English words, apart. */
export function koreanBusinessWordsInEnglish(name: string): string {
  if (!HANGUL.test(name)) return name;
  return rewrite(name.replace(KOREA, "$1 KOREA "));
}
