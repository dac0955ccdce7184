import { businessKindForm } from "@/lib/engines/names/generic-words";

// Words that names write short, read in full so both spellings are one word: ST. PIERRE is SAINT PIERRE, and company
// registers and lists abbreviate the words of a company's kind of business (HALVEX MFG CO is HALVEX MANUFACTURING
// COMPANY, TAMSIN HLDGS is TAMSIN HOLDINGS). token-similarity.ts already takes a contraction of four letters or more
// with one vowel at most (MGMT, INTL, NATL) as its word at 0.85; the short forms here are the customary ones that rule
// cannot see (three letters, or more than half the word's) and read as the word itself. Written for this project from
// the abbreviations in common use in English company names; only forms that are no word or name of their own.

/** Before another word, persons' and organisations' names alike (SAINT-EXUPERY, ST PETERSBURG BANK). */
const BEFORE_A_WORD: Readonly<Record<string, string>> = { ST: "SAINT", SANKT: "SAINT" };
/** Persons' names: STE is SAINTE (French); in a French company's name it is SOCIETE's, so not there. */
const PERSON_BEFORE_A_WORD: Readonly<Record<string, string>> = { STE: "SAINTE" };
/** Organisations' names: places before a word, and the words of a kind of business anywhere. */
const ORGANISATION_BEFORE_A_WORD: Readonly<Record<string, string>> = { FT: "FORT", MT: "MOUNT" };
const ORGANISATION_WORDS: ReadonlyMap<string, string> = new Map(
  Object.entries({
    MANUFACTURING: "MFG MFRG MANUF",
    HOLDINGS: "HLDGS HLDG",
    GROUP: "GRP",
    INDUSTRIES: "IND INDS",
    DEVELOPMENT: "DEV DEVT",
    UNIVERSITY: "UNIV",
    INTERNATIONAL: "INTL INTNL",
    NATIONAL: "NATL",
    MANAGEMENT: "MGMT MGT",
    SERVICES: "SVCS SVC SERVS",
    ASSOCIATION: "ASSN",
    ASSOCIATES: "ASSOCS",
    DEPARTMENT: "DEPT",
    ENGINEERING: "ENGG",
    SHIPPING: "SHPG",
    TRADING: "TRDG",
    BROTHERS: "BROS",
    INVESTMENT: "INVT",
    INVESTMENTS: "INVTS",
    CONSTRUCTION: "CONSTR",
    EQUIPMENT: "EQUIP EQPT",
    CHEMICAL: "CHEM",
    SYSTEMS: "SYS",
    SOLUTIONS: "SOLNS",
    PRODUCTS: "PRODS",
    TRANSPORT: "TRANSP",
  }).flatMap(([word, short]) => short.split(" ").map((s) => [s, word] as const)),
);

/**
 * The words of a company's kind in the Romance and other languages lists write beside the English (BANCO NACIONAL DE
 * CUBA, NATIONAL BANK OF CUBA; BANQUE SADERAT IRAN): read as the English word. Only words whose English begins with
 * the same letter, so an acronym reads the same letters either way (BNC).
 */
const FOREIGN_WORDS: ReadonlyMap<string, string> = new Map(
  Object.entries({
    BANK: "BANCO BANQUE BANCA BANKA BANKASI",
    NATIONAL: "NACIONAL NATIONALE NAZIONALE NATSIONALNYI NATSIONALNY",
    INTERNATIONAL: "INTERNACIONAL INTERNATIONALE INTERNAZIONALE",
    COMMERCIAL: "COMERCIAL COMMERCIALE",
    INDUSTRIES: "INDUSTRIAS INDUSTRIE",
    PETROLEUM: "PETROLEOS PETROLES PETROLIO PETROLEO",
  }).flatMap(([word, forms]) => forms.split(" ").map((f) => [f, word] as const)),
);

/** A word of a name as written in full (ST → SAINT before another word; MFG → MANUFACTURING in a company's name). */
export function spelledOut(word: string, isOrganisation: boolean, beforeAWord: boolean): string {
  const before = beforeAWord
    ? (BEFORE_A_WORD[word] ?? (isOrganisation ? ORGANISATION_BEFORE_A_WORD[word] : PERSON_BEFORE_A_WORD[word]))
    : undefined;
  if (before) return before;
  return isOrganisation ? businessKindForm(ORGANISATION_WORDS.get(word) ?? FOREIGN_WORDS.get(word) ?? word) : word;
}
