// Words of a company's name that say what kind of business it is, not which one (MANAGEMENT, HOLDINGS, TRADING): two
// names that share only such words are two companies, however many of them they share ("Management Company" is not
// "Westminister Management Company"). English words only, in the form tokens have; a company's place name (CHINA,
// DENMARK) is not among them, it narrows the name down.
export const GENERIC_BUSINESS_WORDS: ReadonlySet<string> = new Set(
  (
    "MANAGEMENT HOLDING HOLDINGS GROUP TRADING TRADE INTERNATIONAL GLOBAL SERVICES SERVICE INVESTMENT INVESTMENTS " +
    "CAPITAL BANK BANKING TRUST SOLUTIONS INDUSTRIES INDUSTRIAL ENTERPRISES ENTERPRISE PARTNERS VENTURES RESOURCES " +
    "ENERGY CONSTRUCTION DEVELOPMENT CONSULTING TECHNOLOGY TECHNOLOGIES SYSTEMS LOGISTICS SHIPPING MARINE " +
    "PETROLEUM OIL GAS MINING PRODUCTION LINES FINANCE FINANCIAL INSURANCE PROPERTIES PROPERTY REAL ESTATE " +
    "ASSETS ASSET FUND FUNDS " +
    "COMMERCIAL GENERAL NATIONAL UNITED IMPORT EXPORT SUPPLY SUPPLIES PRODUCTS MANUFACTURING ENGINEERING " +
    "TRANSPORT AGENCY ASSOCIATES ALLIANCE NETWORK MEDIA SECURITIES AIR ATOMIC NUCLEAR DIGITAL SPACE AEROSPACE " +
    "AVIATION DEFENCE DEFENSE TELECOM TELECOMMUNICATIONS COMMUNICATIONS CHEMICAL CHEMICALS RESEARCH SCIENTIFIC"
  ).split(" "),
);

// The words by which a company's name says it is a group of companies (WAGNER GROUP, KALASHNIKOV CONCERN): beside a
// distinctive word a qualifier, as a place is (normalize.ts), so "Wagner Group" is not another entity than WAGNER.
// With the word in the languages company names are most often written in: German, French, Spanish and Portuguese,
// Italian, Dutch, Polish and Czech, Russian in Latin letters; and a private military company's PMC (ЧВК, CHVK), which
// names the same group as its GROUP (PMC WAGNER, WAGNER GROUP). Two group words conflict with nothing (align.ts).
export const GROUP_WORDS: ReadonlySet<string> = new Set(
  "GROUP CONCERN HOLDING HOLDINGS KONZERN GRUPPE GROUPE GRUPO GRUPPO GROEP GRUPA SKUPINA GRUPPA KONTSERN PMC CHVK".split(
    " ",
  ),
);

// One kind of business written several ways, each read as its first form: an airline's name is written with AIR,
// AIRLINES or AIRWAYS by the lists and by the airline itself (OFAC's SDN list: MAHAN AIR, a.k.a. MAHAN AIRLINES, a.k.a.
// MAHAN AIRWAYS; SYRIAN ARAB AIRLINES, a.k.a. SYRIAN AIR), so "Mahan Airlines" is "MAHAN AIR" and not another company
// that shares MAHAN (0.25 before). Organisations only; a person named AIRWAYS keeps the name.
const KIND_SPELLINGS: readonly (readonly string[])[] = [["AIR", "AIRLINES", "AIRLINE", "AIRWAYS"]];
const KIND_FORM = new Map(KIND_SPELLINGS.flatMap((forms) => forms.map((form) => [form, forms[0]!] as const)));

/** The one spelling of a business-kind word in an organisation's name (AIRLINES, AIRWAYS → AIR); others as they are. */
export function businessKindForm(word: string): string {
  return KIND_FORM.get(word) ?? word;
}

// The word that says what kind of organisation a name is, in the Arabic, Persian, Urdu and Turkish transliterations
// lists write beside the English (JABHAT AL-NUSRA, AL-NUSRA FRONT; TEHRIK-I-TALIBAN, the Taliban Movement): the
// English word is an alternative spelling of the token (normalize.ts), so the written word stays what acronyms read
// (JEM for Jaish-e-Mohammed).
const ORGANISATION_KINDS: ReadonlyMap<string, string> = new Map(
  (
    [
      ["FRONT", "JABHAT JABHA JABHAH JEBHAT"],
      ["MOVEMENT", "HARAKAT HARAKAH HARAKA TEHRIK TAHRIK TEHREEK HAREKET"],
      ["PARTY", "HIZB HEZB"],
      ["ORGANIZATION", "TANZIM TANZEEM"],
      ["ARMY", "JAYSH JAISH JEISH"],
      ["BRIGADES", "KATAIB KATAEB KATAIEB"],
      ["BRIGADE", "LIWA LIWAA"],
      ["COUNCIL", "MAJLIS MAJLES"],
      ["STATE", "DAWLAT DAWLA DAWLAH"],
    ] as const
  ).flatMap(([english, words]) => words.split(" ").map((word) => [word, english] as const)),
);

/** The English words of ORGANISATION_KINDS, and the transliterated ones: what kind of organisation a name is. */
export const ORGANISATION_KIND_WORDS: ReadonlySet<string> = new Set([
  ...ORGANISATION_KINDS.keys(),
  ...ORGANISATION_KINDS.values(),
]);

/** The English word for an organisation-kind word written in a transliteration (JABHAT: FRONT), if it is one. */
export function organisationKindInEnglish(word: string): string | undefined {
  return ORGANISATION_KINDS.get(word);
}
