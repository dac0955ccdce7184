// A name in a Latin alphabet against the same name written in another script. Other scripts write a Latin name by
// its sounds, and the sounds depend on the language whose alphabet it is: JAVIER is Хавьер (KHAVYER) and خافيير,
// GIORGIA Джорджа (DZHORDZHA), JOE Джо and Τζο, JOSÉ Хосе, SCHOLZ Шольц, MORAWIECKI Моравецкий, NGUYEN PHU TRONG
// Нгуен Фу Чонг, CEAUȘESCU Чаушеску; Turkish and Azerbaijani write the sound of English J as C (RECEP: Реджеп, رجب,
// Ρετζέπ), the KH of Russian transcriptions as X and a back K as Q. A Latin word is also read by each language's
// conventions — one reading per language, never a product of letters — and the readings are compared only with a
// word written in another script (token-similarity.ts): between two Latin spellings a letter stays itself (CAN is not
// JAN, JOSE not KHOSE). The input is the token as compared (uppercase ASCII: diacritics are gone); a rule writes its
// output in lower case so that later rules leave it alone, and the reading is upper-cased at the end.

type Rule = readonly [RegExp, string];
const CONVENTIONS: readonly (readonly Rule[])[] = [
  // English: J and soft G as DZH (Джо, Джордж), soft C as S and hard C as K, OO as U (COOK Кук), a final silent E
  [
    [/DGE/g, "dzh"],
    [/J/g, "dzh"],
    [/G(?=[EIY])/g, "dzh"],
    [/C(?=[EIY])/g, "s"],
    [/CK/g, "k"],
    [/C(?!H)/g, "k"],
    [/OO/g, "u"],
    [/PH/g, "f"],
    [/(^|[AEIOU])H/g, "$1kh"],
    [/OE$/, "o"],
    [/([^AEIOUY])E$/, "$1"],
  ],
  // Spanish: J and soft G as KH (Хавьер, Хосе), a silent H, LL as Y, soft C and Z as S
  [
    [/^H/, ""],
    [/GU(?=[EI])/g, "g"],
    [/QU(?=[EI])/g, "k"],
    [/J/g, "kh"],
    [/G(?=[EI])/g, "kh"],
    [/LL/g, "y"],
    [/C(?=[EI])/g, "s"],
    [/Z/g, "s"],
  ],
  // Italian: GI, GE as DZH (Джорджа), CI, CE as CH, SC(I) as SH, GLI, GN, CH as K, Z as TS
  [
    [/GLI/g, "ly"],
    [/GN/g, "ny"],
    [/SCI(?=[AOU])/g, "sh"],
    [/SC(?=[EI])/g, "sh"],
    [/GI(?=[AOU])/g, "dzh"],
    [/G(?=[EI])/g, "dzh"],
    [/CI(?=[AOU])/g, "ch"],
    [/C(?=[EI])/g, "ch"],
    [/CH/g, "k"],
    [/GH/g, "g"],
    [/Z+/g, "ts"],
  ],
  // Portuguese: J and soft G as ZH, LH, NH, X as SH, a final O as U (Болсонару)
  [
    [/LH/g, "ly"],
    [/NH/g, "ny"],
    [/CH/g, "sh"],
    [/J/g, "zh"],
    [/G(?=[EI])/g, "zh"],
    [/X/g, "sh"],
    [/QU(?=[EI])/g, "k"],
    [/C(?=[EI])/g, "s"],
    [/RR/g, "r"],
    [/(?<=[AEIOU])S(?=[AEIOU])/g, "z"],
    [/O$/, "u"],
  ],
  // Romanian: CE, CI (and CEA) as CH, GE, GI (and GEA) as DZH, CHE, CHI, GHE, GHI as K, G (Чаушеску)
  [
    [/CH(?=[EI])/g, "k"],
    [/GH(?=[EI])/g, "g"],
    [/CEA/g, "cha"],
    [/GEA/g, "dzha"],
    [/C(?=[EI])/g, "ch"],
    [/G(?=[EI])/g, "dzh"],
  ],
  // French: J and soft G as ZH, CH as SH, OU as U, EAU and AU as O
  [
    [/EAU/g, "o"],
    [/AU/g, "o"],
    [/OU/g, "u"],
    [/CH/g, "sh"],
    [/J/g, "zh"],
    [/G(?=[EIY])/g, "zh"],
    [/QU/g, "k"],
    [/C(?=[EIY])/g, "s"],
    [/GN/g, "ny"],
  ],
  // German: SCH as SH (Шольц), Z as TS, W as V, V as F, J as Y, EI as AY, EU as OY, CH as KH
  [
    [/TSCH/g, "ch"],
    [/SCH/g, "sh"],
    [/EI/g, "ay"],
    [/EU/g, "oy"],
    [/IE/g, "i"],
    [/CK/g, "k"],
    [/CH/g, "kh"],
    [/T?Z/g, "ts"],
    [/V/g, "f"],
    [/W/g, "v"],
    [/J/g, "y"],
  ],
  // Polish: SZ, CZ, RZ, CH, C as TS, W as V, J as Y, IE as E (Моравецкий)
  [
    [/SZ/g, "sh"],
    [/CZ/g, "ch"],
    [/RZ/g, "zh"],
    [/CH/g, "kh"],
    [/C/g, "ts"],
    [/W/g, "v"],
    [/J/g, "y"],
    [/IE/g, "e"],
  ],
  // Hungarian: CS, SZ, ZS, S as SH, GY, LY, C as TS
  [
    [/CS/g, "ch"],
    [/SZ/g, "s"],
    [/ZS/g, "zh"],
    [/S/g, "sh"],
    [/C/g, "ts"],
    [/GY/g, "dy"],
    [/LY/g, "y"],
  ],
  // English as Arabic and Persian letters write it: CH as TSH (تش: SECHIN سيتشين), X as KS (كس: FOX فوكس, ALEXEI
  // أليكسي), as Russian writes X too (Фокс)
  [
    [/CH/g, "tsh"],
    [/X/g, "ks"],
  ],
  // Vietnamese: PH as F, TR as CH, TH as T, a first D or GI as Z, a first X as S (Нгуен Фу Чонг)
  [
    [/UYE/g, "ue"],
    [/PH/g, "f"],
    [/TR/g, "ch"],
    [/TH/g, "t"],
    [/^GI/, "z"],
    [/^D/, "z"],
    [/^X/, "s"],
    [/NH/g, "ny"],
  ],
  // Turkish and Azerbaijani, as Russian, English and Arabic, French, and Greek transliterations write C, X, Q
  [
    [/C/g, "dzh"],
    [/X/g, "kh"],
    [/Q/g, "g"],
  ],
  [
    [/C/g, "j"],
    [/X/g, "kh"],
    [/Q/g, "k"],
  ],
  [
    [/C/g, "dj"],
    [/X/g, "h"],
    [/Q/g, "k"],
  ],
  [
    [/C/g, "tz"],
    [/X/g, "ch"],
    [/Q/g, "k"],
  ],
];

const cache = new Map<string, string[]>();

/** The word as other scripts would write it by the sounds of each Latin alphabet's language; itself excluded. */
export function latinSoundForms(text: string): string[] {
  let forms = cache.get(text);
  if (!forms) {
    if (cache.size > 50_000) cache.clear();
    const all = CONVENTIONS.map((rules) =>
      rules.reduce((word, [pattern, replacement]) => word.replace(pattern, replacement), text).toUpperCase(),
    );
    forms = [...new Set(all)].filter((form) => form !== text && form.length > 0);
    cache.set(text, forms);
  }
  return forms;
}
