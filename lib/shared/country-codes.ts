// The 249 ISO 3166-1 alpha-2 codes and XK (Kosovo: a user-assigned code, the one the EU and Google's address data
// use; Kosovo has its own postal codes), without the country data behind them: small enough for the browser bundle
// (the hosted page validates with the same rules as the server). countries.ts holds names and flags; a unit test
// keeps the two lists equal.
const PACKED =
  "ADAEAFAGAIALAMAOAQARASATAUAWAXAZBABBBDBEBFBGBHBIBJBLBMBNBOBQBRBSBTBVBWBYBZCACCCDCFCGCHCICKCLCMCNCOCRCUCVCWCXCYCZDEDJDKDMDODZECEEEGEHERESETFIFJFKFMFOFRGAGBGDGEGFGGGHGIGLGMGNGPGQGRGSGTGUGWGYHKHMHNHRHTHUIDIEILIMINIOIQIRISITJEJMJOJPKEKGKHKIKMKNKPKRKWKYKZLALBLCLILKLRLSLTLULVLYMAMCMDMEMFMGMHMKMLMMMNMOMPMQMRMSMTMUMVMWMXMYMZNANCNENFNGNINLNONPNRNUNZOMPAPEPFPGPHPKPLPMPNPRPSPTPWPYQARERORSRURWSASBSCSDSESGSHSISJSKSLSMSNSOSRSSSTSVSXSYSZTCTDTFTGTHTJTKTLTMTNTOTRTTTVTWTZUAUGUMUSUYUZVAVCVEVGVIVNVUWFWSXKYEYTZAZMZW";

export const ISO_COUNTRY_CODES: readonly string[] = PACKED.match(/../g)!;
const CODES = new Set(ISO_COUNTRY_CODES);

// The countries whose addresses have no postal code (Google's address format has no %Z, and no pattern is known: the
// "NONE" postcode rule of lib/checks/address-verification/postal-rules.ts, whose test keeps the two equal). Here so
// the input list and the hosted page need no postal code there without loading the address data.
const NO_POSTAL_CODES = new Set(
  "AEAGAOAQAWBFBIBJBOBQBSBVBWBZCDCFCGCICMCWDJDMERFJGAGDGHGMGQGYHKJMKIKMKNLCLYMLMOMRMSMWNRNUPSQARWSBSCSLSRSSSTSXSYTDTFTGTKTLTOTTTVUGVUWSYEZW".match(
    /../g,
  )!,
);

/** True for a country whose addresses have no postal code (AE, HK, JM, …). */
export function usesNoPostalCodes(code: string | null | undefined): boolean {
  return Boolean(code) && NO_POSTAL_CODES.has(code!.toUpperCase());
}

export function isCountryCode(code: string): boolean {
  return /^[A-Za-z]{2}$/.test(code) && CODES.has(code.toUpperCase());
}

/** Regional-indicator pair: "DE" → 🇩🇪. */
export function flagEmoji(code: string): string {
  return String.fromCodePoint(...[...code.toUpperCase()].map((ch) => 0x1f1e6 + ch.charCodeAt(0) - 65));
}
