import levenshtein from "talisman/metrics/levenshtein";

// Company legal forms, grouped by what they are rather than how a jurisdiction spells them, after the lists
// OpenSanctions (rigour's org-type table) and GLEIF (the ISO 20275 Entity Legal Forms code list) publish: an
// abbreviation, its long form and its transliterations (ООО, OOO, Obshchestvo s ogranichennoy otvetstvennostyu)
// become one canonical token, so "CRYSTALORD LIMITED" and "CRYSTALORD LTD" have the same tokens, while a legal form
// weighs little against the distinctive words of the name. Phrases are matched on the normalised tokens.

const FORMS: Record<string, string[]> = {
  // private company limited by shares / limited liability (GmbH, ООО, Sp. z o.o., SARL, BV, s.r.o., d.o.o., TOO)
  LLC: [
    "LLC",
    "LIMITED LIABILITY COMPANY",
    "LIMITED LIABILITY CO",
    "OOO",
    "OBSHCHESTVO S OGRANICHENNOY OTVETSTVENNOSTYU",
    "OBSHCHESTVO S OGRANICHENNOI OTVETSTVENNOSTIU",
    "TOO",
    "TOV",
    "SP Z O O",
    "SP ZOO",
    "SPOLKA Z OGRANICZONA ODPOWIEDZIALNOSCIA",
    "GMBH",
    "GESELLSCHAFT MIT BESCHRANKTER HAFTUNG",
    "GESELLSCHAFT MBH",
    "SARL",
    "SRL",
    "SRO",
    "DOO",
    "BV",
    "BESLOTEN VENNOOTSCHAP",
    "LTDA",
    "KFT",
    "EOOD",
    "OOD",
    // the long forms of the abbreviations above, in the jurisdictions' languages (GLEIF ELF code list)
    "SOCIETATE CU RASPUNDERE LIMITATA",
    "SOCIETATEA CU RASPUNDERE LIMITATA",
    "SOCIETA A RESPONSABILITA LIMITATA",
    "SOCIEDAD DE RESPONSABILIDAD LIMITADA",
    "SOCIETE A RESPONSABILITE LIMITEE",
    "SPOLECNOST S RUCENIM OMEZENYM",
    "SPOLOCNOST S RUCENIM OBMEDZENYM",
    "DRUSTVO S OGRANICENOM ODGOVORNOSCU",
    "DRUSTVO Z OMEJENO ODGOVORNOSTJO",
    "KORLATOLT FELELOSSEGU TARSASAG",
    "SOCIEDADE LIMITADA",
  ],
  LTD: [
    "LTD",
    "LIMITED",
    "PTY LTD",
    "PTE LTD",
    "PVT LTD",
    "PRIVATE LIMITED",
    "CO LTD",
    "COMPANY LIMITED",
    "CO LIMITED",
  ],
  // joint-stock companies (ОАО, ЗАО, ПАО, АО, JSC, OJSC, CJSC, PJSC)
  JSC: [
    "JSC",
    "OJSC",
    "CJSC",
    "PJSC",
    "OAO",
    "ZAO",
    "PAO",
    "AO",
    "JOINT STOCK COMPANY",
    "OPEN JOINT STOCK COMPANY",
    "CLOSED JOINT STOCK COMPANY",
    "PUBLIC JOINT STOCK COMPANY",
    "AKTSIONERNOE OBSHCHESTVO",
    "AKTSIONERNOYE OBSHCHESTVO",
    "PUBLICHNOE AKTSIONERNOE OBSHCHESTVO",
    "ATQ",
    "AAT",
    "PAT",
    // Ukrainian: АТ, ПАТ, ВАТ, ЗАТ (акціонерне товариство)
    "AT",
    "VAT",
    "ZAT",
    "AKTSIONERNE TOVARYSTVO",
    "PUBLICHNE AKTSIONERNE TOVARYSTVO",
  ],
  AG: ["AG", "AKTIENGESELLSCHAFT"],
  // sociétés anonymes and their kin (S.A., S.p.A., N.V., A.E., A.S.)
  SA: [
    "SA",
    "SOCIETE ANONYME",
    "SOCIEDAD ANONIMA",
    "SPA",
    "SOCIETA PER AZIONI",
    "NV",
    "NAAMLOZE VENNOOTSCHAP",
    "AE",
    "SAS",
    "SAB DE CV",
    "SA DE CV",
    "SOCIETATE PE ACTIUNI",
    "SOCIETATEA PE ACTIUNI",
    "SOCIEDADE ANONIMA",
    "SOCIETE PAR ACTIONS SIMPLIFIEE",
  ],
  PLC: ["PLC", "PUBLIC LIMITED COMPANY"],
  // and the Russian korporatsiya, and goskorporatsiya, a state corporation (Госкорпорация «Росатом»)
  INC: ["INC", "INCORPORATED", "CORP", "CORPORATION", "KORPORATSIYA", "GOSKORPORATSIYA"],
  CO: ["CO", "COMPANY", "KOMPANIYA", "COMPANIA"],
  LP: [
    "LLP",
    "LIMITED LIABILITY PARTNERSHIP",
    "LP",
    "LIMITED PARTNERSHIP",
    "KG",
    "KOMMANDITGESELLSCHAFT",
    "GMBH CO KG",
  ],
  FZE: ["FZE", "FZCO", "FZC", "FZ LLC", "FREE ZONE ESTABLISHMENT"],
  SE: ["SE", "SOCIETAS EUROPAEA"],
  AB: ["AB", "AKTIEBOLAG"],
  // Czech and Slovak a.s., Danish and Norwegian A/S and ASA, Turkish A.Ş. (anonim şirket)
  AS: ["AS", "ASA", "AKCIOVA SPOLECNOST", "AKTIESELSKAB", "ANONIM SIRKETI", "ANONIM SIRKET"],
  OY: ["OY", "OYJ"],
};

/** Words of an organisation's name that say nothing about which one it is. */
export const ORG_STOPWORDS = new Set(["THE", "OF", "AND", "FOR", "UND", "DE", "DU", "DES", "LA", "LE", "EL"]);
/**
 * Words an organisation's acronym may count or skip besides the stop words: the Arabic article and conjunction and
 * a short preposition (AQAP counts Al-Qaeda's AL and skips IN; HTS skips Hayat Tahrir al-Sham's AL; JNIM skips AL
 * and WAL).
 */
export const ACRONYM_SKIPPABLE: ReadonlySet<string> = new Set(["AL", "WAL", "IN", "ON"]);
/** The most words an organisation's acronym stands for, and so its most letters (IRGC, ISIL; align.ts, phonetic.ts). */
export const ACRONYM_MAX = 6;

/**
 * The letters an organisation's acronym may take for its legal form, from the words as written: their initials
 * (COMPANY: C, as in NIOC for National Iranian Oil Company; PUBLIC JOINT STOCK COMPANY: PJSC), and a form written as
 * one abbreviation of up to four letters whole too (CO: C or CO, as in NICO for Naftiran Intertrade Co; S.A.: S or SA,
 * as in PDVSA).
 */
export function acronymLetters(written: readonly string[]): string[] {
  const initials = written.map((word) => word[0] ?? "").join("");
  const whole = written.length === 1 && written[0]!.length <= 4 ? [written[0]!] : [];
  return [...new Set([initials, ...whole])].filter((letters) => letters.length > 0);
}

// More jurisdictions' forms, after the GLEIF Entity Legal Forms code list (issue 30, twelfth round): each was read as
// a word of the name before, so "KORALEX TRADING SDN BHD" was 0.53 against "KORALEX TRADING" and "GARANTEX EUROPE
// OU" (an OFAC entry) carried OU as a name. Dotted ones come joined (B.V. → BV, K.K. → KK: normalize.ts).
const MORE_FORMS: Record<string, string[]> = {
  // private limited liability: Estonia (osaühing), Lithuania, Latvia, Denmark (anpartsselskab), the Gulf's W.L.L.
  // and single-person companies, Japan's godo kaisha, Germany's UG, North Macedonia, Albania, Portugal, Chile and
  // Peru's individual enterprise, Mexico's S. de R.L. (de C.V.), Indonesia's perseroan terbatas (PT, written first)
  LLC: [
    ...["OU", "OSAUHING", "UAB", "SIA", "APS", "ANPARTSSELSKAB", "WLL", "SPC", "GK", "GODO KAISHA"],
    ...["UG", "UG HAFTUNGSBESCHRANKT", "DOOEL", "SHPK", "SH PK", "LDA", "LIMITADA", "EIRL", "S DE RL", "S DE RL DE CV"],
    ...["PT", "PERSEROAN TERBATAS"],
  ],
  // private companies limited by shares written as Malaysia's and Turkey's
  LTD: ["SDN BHD", "SENDIRIAN BERHAD", "LTD STI", "LIMITED SIRKETI"],
  // public companies: Malaysia's Berhad, Indonesia's Terbuka
  PLC: ["BHD", "BERHAD", "TBK", "TERBUKA"],
  // joint-stock companies: Hungary (Zrt., Nyrt.), the former Yugoslavia and Bulgaria (d.d., a.d., EAD), Ukraine's
  // private JSC (PrAT, split at its capitals), the Gulf's public shareholding company, Japan's kabushiki kaisha
  JSC: ["ZRT", "NYRT", "DD", "AD", "EAD", "PRAT", "PR AT", "PSC", "KK", "KABUSHIKI KAISHA"],
  // Peru's closed and open sociedades anónimas, Mexico's S.A.P.I. de C.V.
  SA: ["SAC", "SAA", "SAPI DE CV"],
  AB: ["AB PUBL"],
  // general partnerships (Germany's OHG and GbR)
  GP: ["OHG", "OFFENE HANDELSGESELLSCHAFT", "GBR", "GESELLSCHAFT BURGERLICHEN RECHTS", "GENERAL PARTNERSHIP"],
  // an association (eingetragener Verein), a Russian autonomous non-profit, a state or municipal unitary enterprise
  EV: ["EV", "EINGETRAGENER VEREIN"],
  ANO: ["ANO", "AVTONOMNAYA NEKOMMERCHESKAYA ORGANIZATSIYA", "AUTONOMOUS NON PROFIT ORGANIZATION"],
  UE: ["FGUP", "GUP", "MUP", "FEDERAL STATE UNITARY ENTERPRISE", "STATE UNITARY ENTERPRISE", "UNITARY ENTERPRISE"],
};

type Phrase = { words: string[]; form: string };
const PHRASES: Phrase[] = [...Object.entries(FORMS), ...Object.entries(MORE_FORMS)]
  .flatMap(([form, spellings]) => spellings.map((s) => ({ words: s.split(" "), form })))
  .sort((a, b) => b.words.length - a.words.length);

// a long single-word form spelt with a typo (AKTIENGESELSCHAFT) is still that form; short ones must be exact
const FUZZY_MIN_LENGTH = 9;

function sameWord(token: string, form: string): boolean {
  if (token === form) return true;
  return form.length >= FUZZY_MIN_LENGTH && Math.abs(token.length - form.length) <= 2 && levenshtein(token, form) <= 2;
}

/**
 * Finds the legal forms in a token sequence: returns, per position, the canonical form that starts there and how
 * many tokens it covers (longest phrase first).
 */
const AT_THE_EDGES: ReadonlySet<string> = new Set(["AT", "VAT"]);

export function findLegalForm(tokens: readonly string[], at: number): { form: string; length: number } | null {
  // GK written first is Russian's ГК, a state corporation (Госкорпорация: Rostec, Rosatom) or a group of companies,
  // not Japan's godo kaisha, which follows its name (Amazon Japan G.K.): a corporation's form, as GOSKORPORATSIYA is
  if (at === 0 && tokens.length > 1 && tokens[0] === "GK") return { form: "INC", length: 1 };
  for (const phrase of PHRASES) {
    const { words } = phrase;
    if (at + words.length > tokens.length) continue;
    // a form that is also an English word (AT, VAT) only where forms stand: first or last
    if (AT_THE_EDGES.has(words.join(" ")) && at !== 0 && at + words.length !== tokens.length) continue;
    if (words.every((w, k) => sameWord(tokens[at + k]!, w))) return { form: phrase.form, length: words.length };
  }
  return null;
}
