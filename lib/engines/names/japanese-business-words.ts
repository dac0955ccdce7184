// A company's name written in Japanese says in words what its English name says in words: トヨタ自動車株式会社 is
// TOYOTA MOTOR CORPORATION, 三菱重工業株式会社 MITSUBISHI HEAVY INDUSTRIES, LTD. The dictionary the names are read
// with (kuromoji's IPADIC) knows many companies whole (トヨタ自動車 is one word, TOYOTAJIDOSHA), which meets nothing
// in the English name. So the words that say what kind of company it is, and its legal form, are cut out and read as
// the English words Japanese companies' own English names use for them; the rest (the brand) is read in Japanese
// (japanese.ts). Written for this project; organisations only.

/** Japanese business words and legal forms → the English words of company names, longest first when read. */
const WORDS: Readonly<Record<string, string>> = {
  株式会社: "CO LTD",
  有限会社: "LTD",
  合同会社: "LLC",
  合資会社: "CO",
  合名会社: "CO",
  会社: "COMPANY",
  ホールディングス: "HOLDINGS",
  グループ: "GROUP",
  自動車: "MOTOR",
  重工業: "HEAVY INDUSTRIES",
  工業: "INDUSTRIES",
  産業: "INDUSTRIES",
  製作所: "MANUFACTURING",
  電機: "ELECTRIC",
  電気: "ELECTRIC",
  電力: "ELECTRIC POWER",
  電子: "ELECTRONICS",
  化学: "CHEMICAL",
  製薬: "PHARMACEUTICAL",
  銀行: "BANK",
  証券: "SECURITIES",
  保険: "INSURANCE",
  航空: "AIRLINES",
  海運: "SHIPPING",
  建設: "CONSTRUCTION",
  石油: "OIL",
  鉄鋼: "STEEL",
  製鉄: "STEEL",
  通信: "TELECOM",
  技術: "TECHNOLOGY",
  国際: "INTERNATIONAL",
  投資: "INVESTMENT",
  // the trading houses' words, as their English names write them (三菱商事 MITSUBISHI CORPORATION, 三井物産 MITSUI & CO.)
  商事: "CORPORATION",
  物産: "CO",
};

const PATTERN = new RegExp(
  `(${Object.keys(WORDS)
    .sort((a, b) => b.length - a.length)
    .join("|")})`,
  "u",
);

/** An organisation's name cut at its Japanese business words: each piece as written, or the word's English. */
export function japaneseBusinessWords(name: string): { text: string; english: string | null }[] {
  return name
    .split(PATTERN)
    .filter(Boolean)
    .map((text) => ({ text, english: WORDS[text] ?? null }));
}
